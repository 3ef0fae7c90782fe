import { HAZARD_IDS } from "../hazards/hazards";
import { SLOT_COUNT } from "../hazards/scenarios";
import { PortfolioAccumulator, type AssessedPoint } from "./stats";

const H = HAZARD_IDS.length;
const AL = HAZARD_IDS.indexOf("AL");
const HW = HAZARD_IDS.indexOf("HW");

function point(country: string, hexagon: string, al: number, opts: Partial<AssessedPoint> = {}): AssessedPoint {
  const values = new Float32Array(H * SLOT_COUNT).fill(NaN);
  for (let s = 0; s < SLOT_COUNT; s++) values[AL * SLOT_COUNT + s] = Math.min(1, al + s * 0.01);
  values[HW * SLOT_COUNT] = al;
  return { country, countryName: country, hexagon, weight: 1, values, population: 1000, ...opts };
}

describe("PortfolioAccumulator", () => {
  const acc = new PortfolioAccumulator();
  acc.add(point("GB", "h1", 0.1));
  acc.add(point("GB", "h1", 0.1));
  acc.add(point("FR", "h2", 0.5, { weight: 3, population: 5000 }));
  acc.add(point("FR", "h3", 0.9, { population: 700 }));

  it("request stats count assets, distinct hexagons and countries, and new hexagons", () => {
    const s = acc.requestStats(new Set(["h1"]), { totalMinor: 280_000, currency: "EUR" });
    expect(s).toMatchObject({
      asset_number: 4,
      hexagon_number: 3,
      country_number: 2,
      new_hexagon_request: 2,
      report_cost: "2 800.00",
      report_currency: "EUR",
    });
    expect(acc.requestStats(new Set(), null)).toMatchObject({
      report_cost: "0.00",
      report_currency: "EUR",
      new_hexagon_request: 3,
    });
    expect(s.locations.countries).toEqual([
      { country_code: "FR", country_name: "FR", asset_number: 2 },
      { country_code: "GB", country_name: "GB", asset_number: 2 },
    ]);
  });
  it("overall estimate is the weighted mean of the aggregate", () => {
    const o = acc.overallEstimate();
    // (0.1 + 0.1 + 3×0.5 + 0.9) / 6
    expect(o.hist.value).toBeCloseTo(2.6 / 6, 3);
    expect(o.hist.score).toBe(3);
    expect(o.future.rcp85["2050"].value).toBeGreaterThan(o.hist.value!);
  });
  it("diversity counts High or above per hazard; intensity pairs scores with counts", () => {
    expect(acc.diversity().AL).toBe(2);
    expect(acc.diversity().HW).toBe(2);
    expect(acc.diversity().FD).toBe(0);
    expect(acc.intensity()).toEqual([
      [1, 2],
      [2, 0],
      [3, 1],
      [4, 0],
      [5, 1],
      [0, 0],
    ]);
  });
  it("population at risk counts each hexagon once, only at High or above", () => {
    const s = acc.socialByCountry();
    expect(s.find((c) => c.country_code === "FR")!.population_at_risk).toBe(5700);
    expect(s.find((c) => c.country_code === "GB")!.population_at_risk).toBe(0);
    expect(s[0]!.electricity_consumption_at_risk).toBeNull();
  });
  it("pies count every location, those without a score included", () => {
    const fd = acc.pies().find((p) => p.hazard_id === "FD")!;
    expect(fd.counts.none).toBe(4);
  });
});
