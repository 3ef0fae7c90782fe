import { readFileSync, existsSync } from "node:fs";
import {
  SLOTS,
  SLOT_COUNT,
  slotIndex,
  parseScenario,
  parsePeriod,
  periodsForScenario,
  isValidCombination,
  GLOBAL_WARMING_LEVEL,
  warmingAboveBaseline,
  seaLevelRise,
  SCENARIOS,
  DURATIONS,
  parseDuration,
} from "./scenarios";

describe("scenarios", () => {
  it("display names", () => {
    expect(SCENARIOS.hist.name).toBe("Historical (1950-1999)");
    expect([SCENARIOS.rcp26.name, SCENARIOS.rcp45.name, SCENARIOS.rcp85.name]).toEqual(["RCP2.6", "RCP4.5", "RCP8.5"]);
    expect(SCENARIOS.rcp85.ssp).toBe("SSP5-8.5");
  });
  it("parses spec names and ids, rejects others", () => {
    expect(parseScenario("rcp85")).toBe("rcp85");
    expect(parseScenario("RCP8.5")).toBe("rcp85");
    expect(parseScenario("ssp585")).toBe("rcp85");
    expect(parseScenario("SSP2-4.5")).toBe("rcp45");
    expect(parseScenario("RCP2.6")).toBe("rcp26");
    expect(parseScenario("hist")).toBe("hist");
    expect(parseScenario("Historical")).toBe("hist");
    expect(parseScenario("Historical (1950-1999)")).toBe("hist");
    for (const bad of ["rcp60", "", "ssp370", null, 85]) expect(parseScenario(bad)).toBeNull();
    expect(parsePeriod("2050")).toBe("2050");
    expect(parsePeriod(2030)).toBe("2030");
    expect(parsePeriod("historical")).toBe("hist");
    for (const bad of ["2060", "2050s", "", null]) expect(parsePeriod(bad)).toBeNull();
    expect(parseDuration("30y")).toBe("30y");
    expect(parseDuration("10y")).toBeNull();
    expect(DURATIONS).toHaveLength(1);
  });
  it("periods per scenario", () => {
    expect(periodsForScenario("hist")).toEqual(["hist"]);
    expect(periodsForScenario("rcp45")).toEqual(["2030", "2040", "2050"]);
    expect(isValidCombination("hist", "2030")).toBe(false);
    expect(isValidCombination("rcp26", "hist")).toBe(false);
  });
  it("slots are 0..9, unique", () => {
    expect(SLOTS).toHaveLength(SLOT_COUNT);
    expect(SLOTS.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const s of SLOTS) expect(slotIndex(s.scenario, s.period)).toBe(s.index);
    expect(slotIndex("rcp85", "2050")).toBe(9);
    expect(() => slotIndex("hist", "2050")).toThrow(RangeError);
    expect(() => slotIndex("rcp45", "hist")).toThrow(RangeError);
  });
  it("warming levels are AR6 SPM values and rise with scenario and time", () => {
    expect(GLOBAL_WARMING_LEVEL.rcp85["2050"]).toBe(2.31);
    expect(GLOBAL_WARMING_LEVEL.rcp26["2030"]).toBe(1.43);
    expect(warmingAboveBaseline("hist", "hist")).toBe(0);
    expect(warmingAboveBaseline("rcp85", "2050")).toBeGreaterThan(warmingAboveBaseline("rcp26", "2050"));
    expect(warmingAboveBaseline("rcp45", "2050")).toBeGreaterThan(warmingAboveBaseline("rcp45", "2030"));
    expect(seaLevelRise("rcp85", "2050")).toBeGreaterThan(seaLevelRise("rcp26", "2050"));
    expect(seaLevelRise("rcp26", "2030")).toBeGreaterThan(seaLevelRise("hist", "hist"));
  });
  const dir = process.env.VALIDATION_DIR ?? `${process.cwd()}/../shared/validation`;
  it.skipIf(!existsSync(`${dir}/Top_panel_SSP5-85.csv`))("matches the SPM.10 medians in the shared series", () => {
    const files = {
      rcp26: "Top_panel_SSP1-26.csv",
      rcp45: "Top_panel_SSP2-45.csv",
      rcp85: "Top_panel_SSP5-85.csv",
    } as const;
    for (const [sc, f] of Object.entries(files) as [keyof typeof files, string][]) {
      const rows = readFileSync(`${dir}/${f}`, "utf8")
        .trim()
        .split("\n")
        .map((l) => l.split(","));
      const central = rows.find((r) => /central/.test(r[0]!))!;
      // the series runs 2015..2050: index 2 is 2015
      for (const y of ["2030", "2040", "2050"] as const) {
        const v = Number(central[2 + Number(y) - 2015]);
        expect(Math.abs(v - GLOBAL_WARMING_LEVEL[sc][y]), `${sc} ${y}`).toBeLessThan(0.06);
      }
    }
  });
});
