import { DAMAGING_DEPTH_M, EXTREME_DEPTH_M, LEVEL_RETURN_PERIODS, depthLevel } from "./depth-levels";

const AQUEDUCT = [2, 5, 10, 25, 50, 100, 250, 500, 1000];
/** Dry at every published return period but `t`, from which on the water stands `depth` deep. */
const from = (t: number, depth: number) =>
  AQUEDUCT.map((returnPeriod) => ({ returnPeriod, depthM: returnPeriod >= t ? depth : 0 }));

describe("level from depth at the band edges (ThinkHazard!: 0.5 m within 10 / 50 / 1,000 years; 2 m within 10)", () => {
  it.each([
    // damaging depth reached exactly at each return-period threshold, and just after it
    [10, DAMAGING_DEPTH_M, "high", 4],
    [25, DAMAGING_DEPTH_M, "medium", 3],
    [50, DAMAGING_DEPTH_M, "medium", 3],
    [100, DAMAGING_DEPTH_M, "low", 2],
    [1000, DAMAGING_DEPTH_M, "low", 2],
    // just under the damaging depth: never reached
    [2, 0.499, "very-low", 1],
    // the extreme depth within 10 years, exactly and just under; reached only after 10 years it is not extreme
    [10, EXTREME_DEPTH_M, "extreme", 5],
    [2, EXTREME_DEPTH_M, "extreme", 5],
    [10, 1.999, "high", 4],
    [25, EXTREME_DEPTH_M, "medium", 3],
  ] as const)("water from 1-in-%i years at %f m → %s (band %i)", (t, depth, level, band) => {
    expect(depthLevel(from(t, depth))).toMatchObject({ level, band });
  });

  it("a damaging depth only beyond 1,000 years is very low", () => {
    expect(depthLevel([{ returnPeriod: 2000, depthM: 3 }])).toMatchObject({ level: "very-low", band: 1 });
    expect(LEVEL_RETURN_PERIODS.low).toBe(1000);
  });

  it("names the return period and depth that decided, whatever order the depths come in", () => {
    const r = depthLevel(from(50, 0.8).reverse());
    expect(r.damagingReturnPeriod).toBe(50);
    expect(r.reason).toBe("0.80 m of water at the 1-in-50-year flood, the most frequent mapped flood reaching 0.5 m");
    expect(depthLevel(from(5, 2.5)).reason).toBe(
      "2.50 m of water at the 1-in-5-year flood (2 m or more within 10 years)",
    );
    expect(depthLevel(from(2, 0)).reason).toBe("no mapped flood up to 1-in-1000 years reaches 0.5 m");
  });
});
