import path from "node:path";
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { cellLevelDistribution, type LevelCounts } from "./cell-distribution";
import { RiskInputError, RiskNotFoundError, loadRiskEngine, type RiskEngine } from "../engine/load-engine.server";

const LONDON = "84194adffffffff";
const total = (c: LevelCounts) => c.L + c.M + c.H + c.S + c.E + c.none;
const scored = (c: LevelCounts) => RISK_LEVELS.filter((l) => c[l.code] > 0).map((l) => l.score);

describe("cell level distribution of a place", () => {
  let e: RiskEngine;
  let rowsOf: (pick: (row: number) => boolean) => number;
  beforeAll(() => {
    e = loadRiskEngine(path.resolve(__dirname, "../../../data"));
    rowsOf = (pick) => {
      let n = 0;
      for (let row = 0; row < e.cellCount; row++) if (pick(row)) n++;
      return n;
    };
  });

  it("counts every cell of a country once per hazard, and the rollup's level lies within the cells' levels", () => {
    const d = cellLevelDistribution(e, "gb", "hist", "hist")!;
    const gbCells = rowsOf((row) => e.countryOfRow(row)?.code === "GB");
    expect(gbCells).toBeGreaterThan(50);
    const rollup = e.scores("GB", "hist", "hist");
    for (const h of HAZARD_IDS) {
      expect(total(d[h]), h).toBe(gbCells);
      const item = h === "AL" ? rollup.aggregate : rollup.hazards.find((x) => x.hazard_id === h)!;
      if (item.score === null) continue;
      const levels = scored(d[h]);
      expect(item.score, h).toBeGreaterThanOrEqual(Math.min(...levels));
      expect(item.score, h).toBeLessThanOrEqual(Math.max(...levels));
    }
    // Storm surge does not apply to inland cells, which must not be counted as Low.
    expect(d.SS.none).toBeGreaterThan(0);
  });

  it("counts a region's cells, London's own level among them", () => {
    const region = e.regionOfRow(e.cellRow(LONDON));
    if (!region) throw new Error("London's cell should belong to a region");
    const d = cellLevelDistribution(e, region, "rcp45", "2040")!;
    expect(total(d.FD)).toBe(rowsOf((row) => e.regionOfRow(row) === region));
    const london = e.scores(LONDON, "rcp45", "2040").aggregate;
    expect(london.level).not.toBeNull();
    expect(d.AL[london.level!]).toBeGreaterThanOrEqual(1);
  });

  it("follows the slot: heat waves in 2050 under RCP8.5 are no milder than in the historical period", () => {
    const mean = (c: LevelCounts) => RISK_LEVELS.reduce((s, l) => s + l.score * c[l.code], 0) / (total(c) - c.none);
    const hist = cellLevelDistribution(e, "FR", "hist", "hist")!;
    const hot = cellLevelDistribution(e, "FR", "rcp85", "2050")!;
    expect(mean(hot.HW)).toBeGreaterThan(mean(hist.HW));
    expect(hot.HW).not.toEqual(hist.HW);
  });

  it("has no distribution for a hexagon or a region without a cell of its own, and refuses unknown places and slots", () => {
    expect(cellLevelDistribution(e, LONDON, "hist", "hist")).toBeNull();
    const cellless = e.regions("GB").find((r) => rowsOf((row) => e.regionOfRow(row) === r.region_code) === 0);
    if (cellless) expect(cellLevelDistribution(e, cellless.region_code, "hist", "hist")).toBeNull();
    expect(() => cellLevelDistribution(e, "ZZ", "hist", "hist")).toThrow(RiskNotFoundError);
    expect(() => cellLevelDistribution(e, "GB", "rcp99", "2030")).toThrow(RiskInputError);
  });
});
