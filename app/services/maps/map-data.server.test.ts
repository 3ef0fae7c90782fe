import { describe, expect, it } from "vitest";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { grantLocation } from "../commerce/entitlements.server";
import { BASEMAP_LEVELS } from "~/domain/geo/map/basemap";
import { brotliDecompressSync } from "node:zlib";
import { parseBasemapQuery } from "~/domain/geo/map/basemap-query";
import {
  basemapBrotli,
  basemapCacheStats,
  basemapGeoJson,
  countryBounds,
  locationMapData,
  regionalMapData,
} from "./map-data.server";

const getDb = setupTestDatabase();
const LONDON = "84194adffffffff";

describe("map data", () => {
  it("leaves off the hexagons an anonymous caller has not ordered, keeping outline and bounds", async () => {
    const data = await locationMapData(null, { locationCode: "gb", scenario: "rcp45", period: "2050" });
    expect(data.place).toEqual({ kind: "country", code: "GB", name: "United Kingdom" });
    expect(data.areas).toEqual([]);
    expect(data.hiddenCount).toBeGreaterThan(50);
    expect(data.outline.length).toBeGreaterThan(0);
    expect(data.bounds.west).toBeGreaterThan(-9);
    expect(data.bounds.north).toBeLessThan(59);
  });
  it("shows a signed-in user exactly the hexagons they ordered, the rest counted as hidden", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const caller = { user, viaApiKey: false };
    const before = await locationMapData(caller, { locationCode: "GB", scenario: "rcp45", period: "2050" });
    expect(before.areas).toEqual([]);
    await grantLocation(user.id, LONDON, "order");
    const after = await locationMapData(caller, { locationCode: "GB", scenario: "rcp45", period: "2050" });
    expect(after.areas.map((a) => a.id)).toEqual([LONDON]);
    expect(after.areas[0]).toMatchObject({ kind: "hexagon", name: LONDON });
    expect(after.hiddenCount).toBe(before.hiddenCount - 1);
    // The cached shape is shared between calls, never changed by one.
    expect(after.outline).toEqual(before.outline);
    expect(after.bounds).toEqual(before.bounds);
  });
  it("labels a point with the shared coordinate format and picks its hexagon", async () => {
    const data = await locationMapData(null, { lat: 51.5074, lon: -0.1278, scenario: "rcp45", period: "2050" });
    expect(data.place).toEqual({ kind: "point", code: LONDON, name: "51.507°N, 0.128°W" });
    expect(data.point).toEqual({ lat: 51.5074, lon: -0.1278 });
  });
  it("colours every region of a country by the chosen hazard", () => {
    const data = regionalMapData("GB", "FD", "rcp85", "2050");
    expect(data.areas.length).toBeGreaterThan(3);
    for (const a of data.areas) {
      expect(a.kind).toBe("region");
      if (a.score) expect(a.colour).toBe(RISK_LEVELS[a.score - 1]!.colour);
    }
    expect(countryBounds("GB")).toEqual(data.bounds);
  });
  it("serves the basemap as GeoJSON countries", () => {
    const basemap = JSON.parse(basemapGeoJson()) as { features: { properties: { code: string } }[] };
    expect(basemap.features.length).toBeGreaterThan(150);
    expect(basemap.features.some((f) => f.properties.code === "GB")).toBe(true);
  });

  it("draws a country's outline from the very points of its land at every level, only inside the box asked for", () => {
    type Feature = {
      properties: { kind: string; code?: string; name: string };
      geometry: { type: string; coordinates: number[][][][] | number[] };
    };
    for (const level of BASEMAP_LEVELS.slice(1)) {
      const bbox = { west: 8, south: 54, east: 14, north: 58 };
      const fc = JSON.parse(basemapGeoJson({ level, bbox, outline: "DK" })) as { features: Feature[] };
      const land = fc.features.find((f) => f.properties.kind === "land" && f.properties.code === "DK")!;
      const outline = fc.features.find((f) => f.properties.kind === "outline")!;
      expect(outline.geometry.coordinates).toEqual(land.geometry.coordinates);
      const points = fc.features
        .filter((f) => f.properties.kind === "land")
        .flatMap((f) => (f.geometry.coordinates as number[][][][]).flat(2));
      for (const [lon, lat] of points as unknown as [number, number][]) {
        expect(lon).toBeGreaterThanOrEqual(bbox.west);
        expect(lon).toBeLessThanOrEqual(bbox.east);
        expect(lat).toBeGreaterThanOrEqual(bbox.south);
        expect(lat).toBeLessThanOrEqual(bbox.north);
      }
      expect(fc.features.some((f) => f.properties.kind === "land" && f.properties.code === "US")).toBe(false);
    }
    const fine = JSON.parse(
      basemapGeoJson({ level: BASEMAP_LEVELS.at(-1)!, bbox: { west: 12, south: 55, east: 13, north: 56 } }),
    ) as { features: Feature[] };
    expect(fine.features.filter((f) => f.properties.kind === "label").map((f) => f.properties.name)).toContain(
      "Copenhagen",
    );
  });

  it("builds each basemap once: made-up query strings and boxes off the grid share the answer already built", () => {
    const served = (query: string) => {
      const parsed = parseBasemapQuery(new URLSearchParams(query));
      if (!parsed.success) throw new Error(parsed.error);
      return basemapBrotli(parsed.data);
    };
    const world = served("");
    const box = served("level=1&bbox=-10,40,10,60");
    const before = basemapCacheStats();
    for (let i = 0; i < 60; i++) expect(served(`i=${i}`)).toBe(world);
    for (let i = 0; i < 20; i++) expect(served(`level=1&bbox=-${9 + i / 100},41,9.5,59.9&junk=${i}`)).toBe(box);
    expect(basemapCacheStats()).toEqual(before);
    expect(JSON.parse(brotliDecompressSync(world).toString("utf8"))).toEqual(JSON.parse(basemapGeoJson()));
  });
});
