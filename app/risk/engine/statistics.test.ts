import path from "node:path";
import { loadRiskEngine, type RiskEngine } from "./load-engine.server";

const dataDir = path.resolve(__dirname, "../../../data");

describe("dataset statistics on the committed dataset", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  it("moves with warming and passes dataset-wide sanity checks", () => {
    const s = e.sanity();
    expect(s).toEqual({ hwViolations: 0, csViolations: 0, scenarioViolations: 0, inlandCoastal: 0 });
    const h = e.scores("FR", "hist").hazards.find((x) => x.hazard_id === "HW")!.value!;
    const f = e.scores("FR", "rcp85", "2050").hazards.find((x) => x.hazard_id === "HW")!.value!;
    expect(f).toBeGreaterThan(h);
  });

  it("statistic summarises the dataset", () => {
    const s = e.statistic();
    expect(s.cells).toBeGreaterThan(50000);
    expect(s.slots).toBe(10);
    expect(s.hist_distribution.SS!.na).toBeGreaterThan(0.3);
  });
});
