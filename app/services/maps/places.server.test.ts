import { describe, expect, it } from "vitest";
import { loadPlaceIndex, searchPlaces } from "./places.server";

describe("place search over data/places.json.gz", () => {
  it("ranks London, United Kingdom first for “lon”", () => {
    const results = searchPlaces("lon");
    expect(results).toHaveLength(8);
    expect(results[0]).toMatchObject({ name: "London", country_code: "GB", country_name: "United Kingdom" });
    expect(results[0]!.lat).toBeCloseTo(51.51, 1);
    expect(results[0]!.lon).toBeCloseTo(-0.13, 1);
    const pops = results.map((r) => r.population);
    expect(pops[0]).toBe(Math.max(...pops));
  });
  it("finds São Paulo by “sao paulo”", () => {
    const [first] = searchPlaces("sao paulo", 3);
    expect(first).toMatchObject({ name: "São Paulo", country_code: "BR", country_name: "Brazil" });
  });
  it("holds only places of 15,000 people or more, largest first, with 4-decimal coordinates", () => {
    const { places } = loadPlaceIndex();
    expect(places.length).toBeGreaterThan(20_000);
    expect(places.every((p) => p.population >= 15_000)).toBe(true);
    expect(places.every((p, i) => i === 0 || places[i - 1]!.population >= p.population)).toBe(true);
    expect(
      places.every((p) => Math.round(p.lat * 1e4) / 1e4 === p.lat && Math.round(p.lon * 1e4) / 1e4 === p.lon),
    ).toBe(true);
  });
  it("answers nothing for a one-letter query", () => {
    expect(searchPlaces("l")).toEqual([]);
  });
});

describe("place search in the spellings Europeans type", () => {
  it.each([
    ["München", "Munich", "DE"],
    ["Munich", "Munich", "DE"],
    ["Muenchen", "Munich", "DE"],
    ["Köln", "Köln", "DE"],
    ["Cologne", "Köln", "DE"],
    ["Koeln", "Köln", "DE"],
    ["Wien", "Vienna", "AT"],
    ["Vienna", "Vienna", "AT"],
    ["Warszawa", "Warsaw", "PL"],
    ["Warsaw", "Warsaw", "PL"],
    ["Lisboa", "Lisbon", "PT"],
    ["Lisbon", "Lisbon", "PT"],
    ["Den Haag", "The Hague", "NL"],
    ["The Hague", "The Hague", "NL"],
    ["Nuernberg", "Nürnberg", "DE"],
  ])("“%s” finds %s first", (q, name, country) => {
    expect(searchPlaces(q, 3)[0]).toMatchObject({ name, country_code: country });
  });
});

describe("place search by the name a reader means", () => {
  it("lists Spain's Valencia first, its larger Venezuelan namesake next", () => {
    const results = searchPlaces("Valencia", 3);
    expect(results.map((r) => r.country_code)).toEqual(["ES", "VE", "US"]);
    expect(results[1]!.population).toBeGreaterThan(results[0]!.population);
  });
  it.each([
    ["Saigon", "Ho Chi Minh City", "VN"],
    ["Sài Gòn", "Ho Chi Minh City", "VN"],
    ["Bombay", "Mumbai", "IN"],
    ["Leningrad", "Saint Petersburg", "RU"],
    ["Königsberg", "Kaliningrad", "RU"],
  ])("finds a place by its former name: “%s” is %s", (q, name, country) => {
    expect(searchPlaces(q, 3)[0]).toMatchObject({ name, country_code: country });
  });
});
