import path from "node:path";
import { RiskInputError, RiskNotFoundError, loadRiskEngine, type RiskEngine } from "./load-engine.server";
import { KNOWN_PLACES, meetsCheck, parseCheck } from "../known-places";

const dataDir = path.resolve(__dirname, "../../../data");

describe("scores on the committed dataset", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  it("meets the hand-checked expectations of well-known places", () => {
    expect(KNOWN_PLACES.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const p of KNOWN_PLACES) {
      const r = e.pointHazards(p.lat, p.lon, "hist");
      if (r.status !== "ok" || r.country_code !== p.country) {
        failures.push(`${p.name}: not resolved to ${p.country}`);
        continue;
      }
      const known = new Set((p.miss ?? []).map((m) => m.check));
      // a recorded miss of a check the place does not make explains nothing
      for (const c of known)
        if (!p.checks.includes(c)) failures.push(`${p.name}: miss recorded for ${c}, not one of its checks`);
      for (const c of p.checks) {
        const pc = parseCheck(c);
        const item = r.hazards.find((h) => h.hazard_id === pc.hazard)!;
        const met = meetsCheck(pc, item);
        // a recorded miss that the model now meets is a stale record
        if (known.has(c) === met)
          failures.push(
            `${p.name}: ${c} ${met ? "is met but recorded as a known miss" : `(score ${item.score ?? "n/a"})`}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("small islands and micro-states get values", () => {
    for (const [la, lo, cc] of [
      [-18.14, 178.44, "FJ"],
      [35.9, 14.5, "MT"],
      // Monte Carlo (43.745, 7.41, the point here before, lies in France, on the slope above Fontvieille)
      [43.7396, 7.4275, "MC"],
      [1.35, 103.82, "SG"],
    ] as const) {
      const r = e.pointHazards(la, lo, "hist");
      expect(r.status, `${cc}`).toBe("ok");
      if (r.status === "ok") expect(r.country_code).toBe(cc);
      const s = e.scores(cc, "rcp45", "2050");
      expect(s.hazards.some((h) => h.value !== null)).toBe(true);
    }
  });

  it("hexagon 84194adffffffff exists and scores all hazards", () => {
    expect(e.cellRow("84194adffffffff")).toBeGreaterThanOrEqual(0);
    const s = e.scores("84194adffffffff", "rcp85", "2050");
    expect(s.location_type).toBe("hexagon");
    expect(s.hazards).toHaveLength(11);
    expect(s.hazards.map((h) => h.hazard_id)).not.toContain("AL");
    expect(s.aggregate.hazard_id).toBe("AL");
    for (const h of s.hazards) {
      if (h.value === null) expect(h.score).toBeNull();
      else {
        expect(h.value).toBeGreaterThanOrEqual(0);
        expect(h.value).toBeLessThanOrEqual(1);
        expect(h.score).toBeGreaterThanOrEqual(1);
        expect(h.level).toMatch(/^[LMHSE]$/);
      }
    }
  });

  it("scores by country and region, with spec scenario names", () => {
    const a = e.scores("GB", "RCP8.5", "2050");
    expect(a).toMatchObject({ location_type: "country", scenario: "rcp85", period: "2050", warming_c: 2.31 });
    const region = e.locate(51.5074, -0.1278);
    if (region.status === "ok" && region.region_code)
      expect(e.scores(region.region_code, "ssp245", "2030").location_type).toBe("region");
    expect(e.scores("gb", "hist").period).toBe("hist");
  });

  it("rejects bad parameters with typed errors", () => {
    expect(() => e.scores("GB", "rcp60", "2050")).toThrow(RiskInputError);
    try {
      e.scores("GB", "rcp85", "2060");
    } catch (err) {
      expect(err).toBeInstanceOf(RiskInputError);
      expect((err as RiskInputError).param).toBe("period");
    }
    expect(() => e.scores("GB", "hist", "2050")).toThrow(RiskInputError);
    expect(() => e.scores("GB", "rcp45", "hist")).toThrow(RiskInputError);
    expect(() => e.scores("!!", "hist")).toThrow(RiskInputError);
    expect(() => e.scores("ZZ", "hist")).toThrow(RiskNotFoundError);
    expect(() => e.scores("GB-ZZZ", "hist")).toThrow(RiskNotFoundError);
    expect(() => e.scores("123456789abcdef", "hist")).toThrow(RiskInputError);
    expect(() => e.scores("8400001ffffffff", "hist")).toThrow(RiskNotFoundError);
    expect(() => e.scores("85194ad3fffffff", "hist")).toThrow(RiskInputError);
  });

  it("sea-only hazards are not applicable far inland", () => {
    const s = e.pointHazards(47.37, 8.54, "rcp85", "2050");
    expect(s.status).toBe("ok");
    if (s.status !== "ok") return;
    for (const id of ["SS", "SL"]) {
      const h = s.hazards.find((x) => x.hazard_id === id)!;
      expect(h.applicable).toBe(false);
      expect(h.value).toBeNull();
      expect(h.state).toBe("not_applicable");
    }
  });

  it("known places", () => {
    const v = (lat: number, lon: number, id: string, sc = "hist", p?: string) => {
      const r = e.pointHazards(lat, lon, sc, p);
      if (r.status !== "ok") throw new Error(r.message);
      return r.hazards.find((h) => h.hazard_id === id)!.value ?? -1;
    };
    expect(v(62.03, 129.73, "CS")).toBeGreaterThanOrEqual(0.8); // Yakutsk
    expect(v(24.71, 46.68, "HW")).toBeGreaterThanOrEqual(0.8); // Riyadh
    expect(v(14.6, 120.98, "TC")).toBeGreaterThanOrEqual(0.6); // Manila
    expect(v(24, 5, "FD")).toBeLessThan(0.2); // Sahara
    expect(v(-22.9, -43.2, "TC")).toBe(0); // Rio: no South Atlantic cyclones
    // Amsterdam: Severe, never Extreme, since no vertical land motion is published for it (COASTAL_VALUE_CAP)
    expect(v(52.37, 4.9, "SL", "rcp85", "2050")).toBeGreaterThanOrEqual(0.6);
    expect(v(52.37, 4.9, "SL", "rcp85", "2050")).toBeLessThan(0.8);
  });
});
