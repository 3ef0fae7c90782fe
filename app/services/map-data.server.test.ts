import { describe, expect, it } from "vitest";
import { RISK_LEVELS } from "~/domain/risk-levels";
import { basemapGeoJson, countryBounds, locationMapData, regionalMapData } from "./map-data.server";

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
});
