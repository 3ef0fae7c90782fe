import path from "node:path";
import { loadRiskEngine, type RiskEngine } from "~/risk/engine/load-engine.server";
import { assessLocation } from "./assess.server";

const dataDir = path.resolve(__dirname, "../../../data");

describe("a portfolio point's country and region", () => {
  let engine: RiskEngine;
  beforeAll(() => {
    engine = loadRiskEngine(dataDir, { points: true });
  });

  it.each([
    ["Paris", 48.8566, 2.3522, "FR", "FR-75"],
    ["Berlin", 52.52, 13.405, "DE", "DE-BE"],
    ["Havana", 23.1136, -82.3666, "CU", "CU-03"],
  ])("%s lies in its own region, as the location lookup answers", (_name, lat, lon, country, region) => {
    const a = assessLocation(engine, lat, lon);
    const located = engine.locate(lat, lon);
    expect(located).toMatchObject({ status: "ok", country_code: country, region_code: region });
    expect(a).toMatchObject({ country, region });
    if (located.status === "ok") expect(a?.countryName).toBe(located.country_name);
  });

  it.each([
    ["LOC-00026", -34.1439, 151.5029],
    ["LOC-00028", -32.2639, 115.537],
    ["LOC-00030", -27.8796, 153.6954],
  ])(
    "%s, which location_codes calls at sea, is not scored either, although its hexagon holds some coast",
    (_id, lat, lon) => {
      expect(engine.locate(lat, lon)).toMatchObject({ status: "out_of_range", reason: "at_sea" });
      expect(assessLocation(engine, lat, lon)).toBeNull();
    },
  );
});
