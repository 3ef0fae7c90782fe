import { describe, expect, it } from "vitest";
import {
  PLACE_MESSAGES,
  asciiPlaceName,
  buildPlaceIndex,
  clampPlaceLimit,
  foldPlaceName,
  formatPopulation,
  placeDashboardHref,
  placeFromRow,
  distanceKm,
  narrowPlaceResults,
  nearestPlace,
  placeLabel,
  placeMatchTier,
  placeSearchHref,
  readPlaceQuery,
  searchPlaceIndex,
  toPlaceChoice,
  type PlaceRecord,
} from "./places";
import { parseDashboardSelection } from "../dashboard/dashboard-selection";

const place = (name: string, population: number, countryCode = "XX", asciiName = name): PlaceRecord => ({
  name,
  asciiName,
  countryCode,
  admin1Code: "",
  lat: 1,
  lon: 2,
  population,
});

describe("place names", () => {
  it("transliterates marks and special letters", () => {
    expect(asciiPlaceName("São Paulo")).toBe("Sao Paulo");
    expect(asciiPlaceName("Łódź")).toBe("Lodz");
    expect(asciiPlaceName("Düsseldorf")).toBe("Dusseldorf");
    expect(asciiPlaceName("Ra’s Bayrūt")).toBe("Ra's Bayrut");
    expect(asciiPlaceName("Gießen")).toBe("Giessen");
  });
  it("folds case, accents and punctuation alike for names and queries", () => {
    expect(foldPlaceName("  SÃO   Paulo ")).toBe("sao paulo");
    expect(foldPlaceName("Saint-Étienne")).toBe("saint etienne");
    expect(foldPlaceName("Ra’s Bayrūt")).toBe(foldPlaceName("ras bayrut"));
    expect(foldPlaceName("Ålesund")).toBe("alesund");
  });
  it("reads the query, flagging fewer than two letters", () => {
    expect(readPlaceQuery("  Lo ")).toEqual({ q: "Lo", tooShort: false });
    expect(readPlaceQuery("L")).toEqual({ q: "L", tooShort: true });
    expect(readPlaceQuery(" - ")).toEqual({ q: "-", tooShort: true });
    expect(readPlaceQuery(null)).toEqual({ q: "", tooShort: true });
    expect(readPlaceQuery("x".repeat(300)).q).toHaveLength(100);
  });
  it("caps the result count", () => {
    expect(clampPlaceLimit(null)).toBe(8);
    expect(clampPlaceLimit("3")).toBe(3);
    expect(clampPlaceLimit("500")).toBe(20);
    expect(clampPlaceLimit("-1")).toBe(8);
  });
  it("reads a file row, the ASCII name defaulting to the name", () => {
    expect(placeFromRow(["São Paulo", "Sao Paulo", "BR", "27", -23.5475, -46.6361, 10021295]).asciiName).toBe(
      "Sao Paulo",
    );
    expect(placeFromRow(["London", "", "GB", "ENG", 51.5085, -0.1257, 7556900]).asciiName).toBe("London");
  });
});

describe("place ranking", () => {
  const index = buildPlaceIndex([
    place("Long Beach", 474_140),
    place("New London", 27_000),
    place("Londrina", 471_832),
    place("London", 346_765, "CA"),
    place("London", 7_556_900, "GB"),
    place("São Paulo", 10_021_295, "BR", "Sao Paulo"),
    place("Paulo Afonso", 85_350, "BR"),
    place("York", 150_000),
    place("New York City", 8_800_000),
  ]);
  it("ranks whole-name prefix matches by population", () => {
    expect(searchPlaceIndex(index, "lon").map((p) => `${p.name} ${p.countryCode}`)).toEqual([
      "London GB",
      "Long Beach XX",
      "Londrina XX",
      "London CA",
      "New London XX",
    ]);
  });
  it("is case- and accent-insensitive and matches later words after whole names", () => {
    expect(searchPlaceIndex(index, "SAO PAULO")[0]!.name).toBe("São Paulo");
    expect(searchPlaceIndex(index, "são")[0]!.name).toBe("São Paulo");
    expect(searchPlaceIndex(index, "paulo").map((p) => p.name)).toEqual(["Paulo Afonso", "São Paulo"]);
    expect(searchPlaceIndex(index, "york").map((p) => p.name)).toEqual(["York", "New York City"]);
  });
  it("does not match inside a word, and honours the limit", () => {
    expect(searchPlaceIndex(index, "ondon")).toEqual([]);
    expect(searchPlaceIndex(index, "lon", 2).map((p) => p.name)).toEqual(["London", "Long Beach"]);
    expect(searchPlaceIndex(index, "l")).toEqual([]);
  });
});

describe("place links and text", () => {
  it("links a choice to /dashboard with 4-decimal coordinates the dashboard accepts, keeping scenario and period", () => {
    const current = new URLSearchParams("q=lond&scenario=rcp85&period=2050&location_code=GB");
    const href = placeDashboardHref({ lat: 51.508531, lon: -0.12574 }, current);
    expect(href).toBe("/dashboard?scenario=rcp85&period=2050&lat=51.5085&lon=-0.1257");
    const sel = parseDashboardSelection(new URL(href, "http://x").searchParams);
    expect(sel).toMatchObject({ lat: 51.5085, lon: -0.1257, scenario: "rcp85", period: "2050", location: null });
    expect(placeDashboardHref({ lat: -23.5475, lon: -46.6361 }, new URLSearchParams())).toBe(
      "/dashboard?lat=-23.5475&lon=-46.6361",
    );
  });
  it("builds the no-JavaScript search URL and the messages", () => {
    expect(placeSearchHref("São Paulo", new URLSearchParams("period=2040&lat=1"))).toBe(
      "/dashboard/places?q=S%C3%A3o+Paulo&period=2040",
    );
    expect(placeLabel({ name: "London", country_name: "United Kingdom" })).toBe("London, United Kingdom");
    expect(PLACE_MESSAGES.noMatch("Xyz")).toBe("No place matches “Xyz”.");
    expect(PLACE_MESSAGES.found(1)).toBe("1 place found.");
    expect(PLACE_MESSAGES.found(3)).toBe("3 places found.");
  });
});

describe("place choices", () => {
  it("labels a result and shows its population compactly", () => {
    const london = {
      name: "London",
      country_code: "GB",
      country_name: "United Kingdom",
      admin1_code: "ENG",
      lat: 51.5085,
      lon: -0.1257,
      population: 7_556_900,
    };
    expect(toPlaceChoice(london, new URLSearchParams("scenario=rcp26"))).toMatchObject({
      label: "London, United Kingdom",
      href: "/dashboard?scenario=rcp26&lat=51.5085&lon=-0.1257",
    });
    expect(formatPopulation(7_556_900)).toBe("7.6M people");
    expect(formatPopulation(15_400)).toBe("15.4K people");
  });
});

describe("narrowing earlier results while the next load runs", () => {
  const loaded = [{ name: "London" }, { name: "Long Beach" }, { name: "New London" }];
  it("keeps all for the same query, the still-matching ones when the query grew, none otherwise", () => {
    expect(narrowPlaceResults(loaded, "lon", " LON ")).toEqual(loaded);
    expect(narrowPlaceResults(loaded, "lon", "lond").map((r) => r.name)).toEqual(["London", "New London"]);
    expect(narrowPlaceResults(loaded, "lond", "lon")).toEqual([]);
    expect(narrowPlaceResults(loaded, "lon", "paris")).toEqual([]);
    expect(narrowPlaceResults(loaded, "lon", "l")).toEqual([]);
  });
  it("tells whole-name from later-word matches", () => {
    expect(placeMatchTier(["sao paulo"], "sao")).toBe(0);
    expect(placeMatchTier(["sao paulo"], "pau")).toBe(1);
    expect(placeMatchTier(["sao paulo"], "aulo")).toBeNull();
  });
});

describe("nearestPlace", () => {
  const places = [
    { name: "Chittagong", lat: 22.3384, lon: 91.8317 },
    { name: "Patiya", lat: 22.2952, lon: 91.9791 },
    { name: "Copenhagen", lat: 55.6759, lon: 12.5655 },
  ];
  it("names a point by the nearest place within the radius", () => {
    expect(nearestPlace(places, 22.3384, 91.8317)?.name).toBe("Chittagong");
    expect(nearestPlace(places, 22.3, 91.97)?.name).toBe("Patiya");
    expect(nearestPlace(places, 55.7, 12.6)?.name).toBe("Copenhagen");
  });
  it("names nothing beyond the radius", () => {
    expect(nearestPlace(places, 23.5, 91.8)).toBeNull();
    expect(nearestPlace(places, 55.6759, 13.5, 10)).toBeNull();
  });
  it("measures great-circle distance", () => {
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.19, 1);
    expect(distanceKm(55.6759, 12.5655, 55.6759, 12.5655)).toBe(0);
  });
});
