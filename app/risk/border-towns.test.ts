import path from "node:path";
import { BORDER_TOWNS, BORDER_TOWN_REGIONS } from "../../tests/fixtures/border-towns";
import { loadRiskEngine, type RiskEngine } from "./engine/load-engine.server";

const dataDir = path.resolve(__dirname, "../../data");

describe("border towns take the country they are in", () => {
  let engine: RiskEngine;
  beforeAll(() => {
    engine = loadRiskEngine(dataDir);
  });

  it("lists at least 40 towns on four continents", () => {
    expect(BORDER_TOWNS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(BORDER_TOWNS.map((t) => t.continent)).size).toBeGreaterThanOrEqual(4);
    expect(BORDER_TOWNS.every((t) => t.continent)).toBe(true);
  });

  it.each(BORDER_TOWNS.map((t) => [t.name, t] as const))("%s", (_name, t) => {
    const r = engine.locate(t.lat, t.lon);
    expect(r.status === "ok" ? r.country_code : r.status).toBe(t.country);
    if (t.region) expect(r.status === "ok" ? r.region_code : null).toBe(t.region);
  });

  it.each(BORDER_TOWN_REGIONS.map((t) => [t.name, t] as const))("%s is in its own region", (_name, t) => {
    const r = engine.locate(t.lat, t.lon);
    expect(r.status === "ok" ? [r.country_code, r.region_code] : r.status).toEqual([t.country, t.region]);
  });
});
