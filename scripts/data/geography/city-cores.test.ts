import { describe, expect, it } from "vitest";
import { CITY_CORE_DENSITY_PER_KM2, CITY_CORE_MIN_POP, cityCoreRadiusKm, markCityCores } from "./city-cores";

/** The 2′ grid the point drivers and the hexagons' masks use. */
const GRID = { width: 10800, height: 5400 };
const PIXEL_KM2_AT = (lat: number) => (((180 / GRID.height) * Math.PI * 6371.0088) / 180) ** 2 * Math.cos((lat * Math.PI) / 180);

describe("city cores", () => {
  it("a core holds the place's people at the stated density; towns below the threshold mark none", () => {
    const r = cityCoreRadiusKm(800_000);
    expect(Math.PI * r * r * CITY_CORE_DENSITY_PER_KM2).toBeCloseTo(800_000, 0);
    expect(cityCoreRadiusKm(CITY_CORE_MIN_POP - 1)).toBe(0);
    expect(cityCoreRadiusKm(Number.NaN)).toBe(0);
  });

  it("marks about the disc's area in pixels, at any latitude", () => {
    for (const lat of [0, 39.47, 60]) {
      const mask = new Uint8Array(GRID.width * GRID.height);
      const added = markCityCores([{ population: 2_000_000, lat, lon: -0.38 }], GRID, mask);
      const discKm2 = 2_000_000 / CITY_CORE_DENSITY_PER_KM2;
      expect(added * PIXEL_KM2_AT(lat)).toBeGreaterThan(discKm2 * 0.75);
      expect(added * PIXEL_KM2_AT(lat)).toBeLessThan(discKm2 * 1.25);
      expect(mask.reduce((s, v) => s + v, 0)).toBe(added);
    }
  });

  it("keeps pixels already built-up, counts only new ones, and wraps across the antimeridian", () => {
    const mask = new Uint8Array(GRID.width * GRID.height);
    const first = markCityCores([{ population: 1_000_000, lat: -17.8, lon: 179.99 }], GRID, mask);
    expect(first).toBeGreaterThan(0);
    expect(mask[Math.floor(((90 + 17.8) / 180) * GRID.height) * GRID.width]).toBe(1);
    expect(markCityCores([{ population: 1_000_000, lat: -17.8, lon: 179.99 }], GRID, mask)).toBe(0);
  });

  it("leaves a city that the urban areas already outline to its outline, whatever the order of the places", () => {
    const outlined = new Uint8Array(GRID.width * GRID.height);
    const karachi = { population: 11_600_000, lat: 24.86, lon: 67.01 };
    const x = Math.floor(((karachi.lon + 180) / 360) * GRID.width), y = Math.floor(((90 - karachi.lat) / 180) * GRID.height);
    outlined[y * GRID.width + x] = 1;
    expect(markCityCores([karachi], GRID, outlined)).toBe(0);
    // a suburb beyond the outline marks its own core, and the city beside it does not grow by being marked after it
    const suburb = { population: 400_000, lat: 25.05, lon: 67.2 };
    const a = outlined.slice(), b = outlined.slice();
    expect(markCityCores([suburb, karachi], GRID, a)).toBeGreaterThan(0);
    expect(markCityCores([karachi, suburb], GRID, b)).toBe(markCityCores([suburb, karachi], GRID, outlined.slice()));
    expect(Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer))).toBe(0);
  });

  it("marks nothing for a town below the threshold", () => {
    const mask = new Uint8Array(GRID.width * GRID.height);
    expect(markCityCores([{ population: 50_000, lat: 10, lon: 10 }], GRID, mask)).toBe(0);
  });
});
