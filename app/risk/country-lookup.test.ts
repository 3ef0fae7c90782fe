import { readFileSync } from "node:fs";
import path from "node:path";
import { SUB_UNITS_NAMED_FOR_HOST } from "../../scripts/data/geography/geography";
import { loadRiskEngine, type RiskEngine } from "./engine/load-engine.server";

const dataDir = path.resolve(__dirname, "../../data");
const checkFile = path.join(dataDir, "country-check-places.json");

interface CheckPlace {
  name: string;
  country: string;
  capital: boolean;
  population: number;
  lat: number;
  lon: number;
}

/**
 * Places whose GeoNames country code the engine cannot answer, and why. Natural Earth's admin-0 outlines (the
 * dataset's countries) draw these territories inside their sovereign's outline, or draw them too coarsely.
 */
const KNOWN_EXCEPTIONS: Readonly<Record<string, { answered: string; why: string }>> = {
  "Saint-Denis, RE": { answered: "FR", why: "Réunion is an overseas department: part of France's outline" },
  "Fort-de-France, MQ": { answered: "FR", why: "Martinique is an overseas department: part of France's outline" },
  "Cayenne, GF": { answered: "FR", why: "French Guiana is an overseas department: part of France's outline" },
  "Mamoudzou, YT": { answered: "FR", why: "Mayotte is an overseas department: part of France's outline" },
  "Basse-Terre, GP": { answered: "FR", why: "Guadeloupe is an overseas department: part of France's outline" },
  "Kralendijk, BQ": { answered: "NL", why: "Bonaire is a special municipality: part of the Netherlands' outline" },
  "Longyearbyen, SJ": { answered: "NO", why: "Svalbard is part of Norway's outline" },
  "Flying Fish Cove, CX": {
    answered: "AU",
    why: "Christmas Island is an external territory: part of Australia's outline",
  },
  "West Island, CC": {
    answered: "AU",
    why: "the Cocos (Keeling) Islands are an external territory: part of Australia's outline",
  },
};

describe("country of every capital and every place of a million people (GeoNames)", () => {
  let engine: RiskEngine;
  let places: CheckPlace[];
  beforeAll(() => {
    engine = loadRiskEngine(dataDir);
    places = (JSON.parse(readFileSync(checkFile, "utf8")) as { places: CheckPlace[] }).places;
  });

  it("covers every capital and every place of at least a million people", () => {
    expect(places.filter((p) => p.capital).length).toBeGreaterThan(200);
    expect(places.filter((p) => p.population >= 1_000_000).length).toBeGreaterThan(300);
  });

  it("answers GeoNames' country code, except for the listed territories", () => {
    const wrong: string[] = [];
    const seenExceptions = new Set<string>();
    for (const p of places) {
      const key = `${p.name}, ${p.country}`;
      const r = engine.locate(p.lat, p.lon);
      const answered = r.status === "ok" ? r.country_code : r.status;
      const exception = KNOWN_EXCEPTIONS[key];
      if (exception) {
        seenExceptions.add(key);
        expect(answered, `${key}: ${exception.why}`).toBe(exception.answered);
      } else if (answered !== p.country) wrong.push(`${key} (${p.lat}, ${p.lon}) → ${answered}`);
    }
    expect(wrong).toEqual([]);
    // an exception that no longer happens must leave the list
    expect([...seenExceptions].sort()).toEqual(Object.keys(KNOWN_EXCEPTIONS).sort());
  });

  it("names a country after itself, never after a base or territory filed under its code", () => {
    const havana = engine.locate(23.1136, -82.3666);
    expect(havana).toMatchObject({ status: "ok", country_code: "CU", country_name: "Cuba" });
    expect(engine.locate(35.1753, 33.3642)).toMatchObject({ status: "ok", country_code: "CY", country_name: "Cyprus" });
    const units = Object.values(SUB_UNITS_NAMED_FOR_HOST).map((u) => u.unit.split(" (")[0]);
    for (const c of engine.countries()) expect(units, c.country_code).not.toContain(c.country_name);
  });
});
