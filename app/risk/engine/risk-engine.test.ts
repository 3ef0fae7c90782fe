import path from "node:path";
import { RiskInputError, RiskNotFoundError, loadRiskEngine, type RiskEngine } from "./load-engine.server";

const dataDir = path.resolve(__dirname, "../../../data");

describe("risk engine on the committed dataset", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  it("lists countries and regions", () => {
    const cs = e.countries();
    expect(cs.length).toBeGreaterThan(200);
    expect(cs.find((c) => c.country_code === "GB")?.country_name).toMatch(/United Kingdom/);
    const rs = e.regions("gb");
    expect(rs.length).toBeGreaterThan(50);
    for (const r of rs) expect(r.region_code).toMatch(/^GB-[A-Z0-9]{1,3}$/);
    expect(() => e.regions("ZZ")).toThrow(RiskNotFoundError);
    expect(() => e.regions("GBR")).toThrow(RiskInputError);
  });
});
