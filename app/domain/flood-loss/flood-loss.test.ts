import { continentOf } from "./continents";
import { coastalFileName, parseAqueductName, riverFileName } from "./aqueduct-names";
import {
  CONTINENTS,
  DAMAGE_DEPTHS_M,
  DEPTH_DAMAGE_TABLE,
  OCCUPANCIES,
  damageCurve,
  damageFactor,
} from "./depth-damage-functions";
import { depthLevel } from "./depth-levels";
import { damageAtReturnPeriod, expectedAnnualDamage } from "./expected-damage";
import { DEFAULT_OCCUPANCY, occupancyColumn, parseOccupancy } from "./occupancy";

describe("JRC depth-damage functions", () => {
  it("hold the published values at the tabulated depths (spot checks against the report's tables)", () => {
    // Residential, Europe: 0, 0.25, 0.40, 0.50, 0.60, 0.75, 0.85, 0.95, 1.00.
    const eu = damageCurve("residential", "europe")!;
    expect(DAMAGE_DEPTHS_M.map((d) => damageFactor(eu, d))).toEqual([0, 0.25, 0.4, 0.5, 0.6, 0.75, 0.85, 0.95, 1]);
    expect(damageCurve("commercial", "europe")!.factors).toEqual([0, 0.15, 0.3, 0.45, 0.55, 0.75, 0.9, 1, 1]);
    expect(damageCurve("industrial", "europe")!.factors).toEqual([0, 0.15, 0.27, 0.4, 0.52, 0.7, 0.85, 1, 1]);
    expect(damageCurve("residential", "north-america")!.factors[0]).toBe(0.202);
    expect(damageCurve("industrial", "asia")!.factors[2]).toBe(0.482);
    expect(damageCurve("commercial", "africa")).toBeNull();
  });
  it("are monotone, within 0..1 and reach 1 at 6 m wherever the report has a function", () => {
    for (const occ of OCCUPANCIES)
      for (const c of CONTINENTS) {
        const row = DEPTH_DAMAGE_TABLE[occ][c];
        if (!row) continue;
        for (let i = 1; i < row.length; i++) expect(row[i]).toBeGreaterThanOrEqual(row[i - 1]!);
        expect(row[0]).toBeGreaterThanOrEqual(0);
        expect(row[row.length - 1]).toBe(1);
      }
  });
  it("interpolates linearly, keeps the 6 m value beyond, and charges nothing for a dry place", () => {
    const eu = damageCurve("residential", "europe")!;
    expect(damageFactor(eu, 0.25)).toBeCloseTo(0.125, 12);
    expect(damageFactor(eu, 2.5)).toBeCloseTo(0.675, 12);
    expect(damageFactor(eu, 9)).toBe(1);
    expect(damageFactor(damageCurve("residential", "north-america")!, 0)).toBe(0);
    expect(damageFactor(damageCurve("residential", "north-america")!, 0.25)).toBeCloseTo((0.202 + 0.443) / 2, 12);
    expect(damageFactor(eu, Number.NaN)).toBe(0);
  });
});

describe("expected annual damage", () => {
  const damages = [
    { returnPeriod: 2, damage: 0 },
    { returnPeriod: 10, damage: 0.2 },
    { returnPeriod: 100, damage: 0.5 },
    { returnPeriod: 1000, damage: 0.7 },
  ];
  it("is the trapezoid sum over exceedance probability plus the flat tail, recomputed by hand", () => {
    // p: 0.5, 0.1, 0.01, 0.001. Trapezoids: (0+0.2)/2*0.4 = 0.04; (0.2+0.5)/2*0.09 = 0.0315;
    // (0.5+0.7)/2*0.009 = 0.0054; tail 0.7*0.001 = 0.0007. Sum 0.0776.
    const r = expectedAnnualDamage(damages, { protectionYears: 1 });
    expect(r.ead).toBeCloseTo(0.0776, 12);
    expect(r.points).toHaveLength(4);
  });
  it("cuts the curve at the protection standard, interpolating the damage there", () => {
    // Protection 20 years: p = 0.05 between p 0.1 (0.2) and 0.01 (0.5): 0.5 + (0.05-0.01)/(0.09)*(0.2-0.5) = 0.36667.
    // Trapezoids: (0.36667+0.5)/2*0.04 = 0.017333; (0.5+0.7)/2*0.009 = 0.0054; tail 0.0007.
    const r = expectedAnnualDamage(damages, { protectionYears: 20 });
    expect(r.points[0]!.probability).toBeCloseTo(0.05, 12);
    expect(r.points[0]!.damage).toBeCloseTo(0.5 - (0.04 / 0.09) * 0.3, 12);
    expect(r.ead).toBeCloseTo(((0.5 - (0.04 / 0.09) * 0.3 + 0.5) / 2) * 0.04 + 0.0054 + 0.0007, 12);
  });
  it("keeps only the tail when the defences hold the rarest mapped flood", () => {
    expect(expectedAnnualDamage(damages, { protectionYears: 1000 }).ead).toBeCloseTo(0.7 * 0.001, 12);
  });
  it("gives the 1-in-100 damage, zero under the protection standard, null outside the mapped range", () => {
    expect(damageAtReturnPeriod(damages, 100, 2)).toBe(0.5);
    expect(damageAtReturnPeriod(damages, 100, 100)).toBe(0);
    expect(damageAtReturnPeriod(damages, 50, 2)).toBeCloseTo(0.5 + ((0.02 - 0.01) / 0.09) * (0.2 - 0.5), 12);
    expect(damageAtReturnPeriod(damages, 5000, 2)).toBeNull();
  });
  it("refuses damage outside 0..1 and an empty curve", () => {
    expect(() => expectedAnnualDamage([], { protectionYears: 2 })).toThrow(/at least one/);
    expect(() => expectedAnnualDamage([{ returnPeriod: 10, damage: 2 }], { protectionYears: 2 })).toThrow(/0..1/);
  });
});

describe("depth levels (ThinkHazard! thresholds)", () => {
  const at = (pairs: [number, number][]) => pairs.map(([returnPeriod, depthM]) => ({ returnPeriod, depthM }));
  it.each([
    [
      [
        [10, 0.6],
        [100, 1.2],
      ],
      "high",
      4,
    ],
    [
      [
        [10, 0.2],
        [50, 0.5],
      ],
      "medium",
      3,
    ],
    [
      [
        [10, 0],
        [100, 0.7],
        [1000, 1],
      ],
      "low",
      2,
    ],
    [
      [
        [10, 0],
        [1000, 0.3],
      ],
      "very-low",
      1,
    ],
    [
      [
        [5, 2.4],
        [1000, 3],
      ],
      "extreme",
      5,
    ],
  ] as [[number, number][], string, number][])("%j → %s", (pairs, level, band) => {
    expect(depthLevel(at(pairs))).toMatchObject({ level, band });
  });
  it("says why", () => {
    expect(depthLevel(at([[25, 0.8]])).reason).toBe(
      "0.80 m of water at the 1-in-25-year flood, the most frequent mapped flood reaching 0.5 m",
    );
  });
});

describe("occupancy from uploads", () => {
  it("finds the column in English, German, French and Dutch", () => {
    expect(occupancyColumn(["id", "lat", "lon", "Occupancy"])).toBe(3);
    expect(occupancyColumn(["Nutzungsart", "x"])).toBe(0);
    expect(occupancyColumn(["a", "Type de bâtiment"])).toBe(1);
    expect(occupancyColumn(["Gebruiksfunctie"])).toBe(0);
    expect(occupancyColumn(["name"])).toBe(-1);
  });
  it.each([
    ["Residential", "residential"],
    ["Wohngebäude", "residential"],
    ["logement social", "residential"],
    ["Kantoor", "commercial"],
    ["Lagerhalle", "industrial"],
    ["entrepôt", "industrial"],
    ["Landbouw", "agriculture"],
    ["???", null],
  ])("%s → %s", (cell, occ) => expect(parseOccupancy(cell)).toBe(occ));
  it("has a stated default", () => expect(DEFAULT_OCCUPANCY).toBe("commercial"));
});

describe("continents and Aqueduct names", () => {
  it("assigns countries to the report's continents", () => {
    expect(continentOf("de")).toBe("europe");
    expect(continentOf("MX")).toBe("south-america");
    expect(continentOf("US")).toBe("north-america");
    expect(continentOf("JP")).toBe("asia");
    expect(continentOf("NG")).toBe("africa");
    expect(continentOf("NZ")).toBe("oceania");
    expect(continentOf("ZZ")).toBeNull();
  });
  it("writes and reads the published file names", () => {
    expect(riverFileName("historical", "historical", 100)).toBe("inunriver_historical_000000000WATCH_1980_rp00100.tif");
    expect(coastalFileName("rcp8p5", 2050, 100)).toBe("inuncoast_rcp8p5_wtsub_2050_rp0100_0.tif");
    expect(parseAqueductName("inunriver_historical_000000000WATCH_1980_rp00100.tif")).toEqual({
      kind: "river",
      scenario: "historical",
      period: "historical",
      returnPeriod: 100,
      variant: "WATCH",
    });
    expect(parseAqueductName("inuncoast_rcp8p5_wtsub_2050_rp0100_0.tif")).toEqual({
      kind: "coastal",
      scenario: "rcp8p5",
      period: "2050",
      returnPeriod: 100,
      variant: "wtsub_0",
    });
    expect(parseAqueductName("inunriver_rcp8p5_00000NorESM1-M_2050_rp00010.tif")).toMatchObject({
      variant: "NorESM1-M",
    });
    expect(parseAqueductName("inunriver_historical_000000000WATCH_2050_rp00100.tif")).toBeNull();
    expect(parseAqueductName("flood.tif")).toBeNull();
  });
});
