/**
 * Built-up city cores from GeoNames populations, added to the Natural Earth 50m urban areas on the 2′ grid.
 *
 * Natural Earth's 50m urban areas (from MODIS around 2002) leave out many cities: the centre pixel of 13 % of the
 * GeoNames places of a million people or more, and of 30 % of those of 300,000 to a million, lies outside every
 * polygon (Lisbon, for one). A city's people need ground to live on: a place of P people is taken to fill at least
 * a disc of P / CITY_CORE_DENSITY_PER_KM2 km² around its GeoNames point. At 10,000 people per km² that disc is
 * smaller than the municipality of most cities (Valencia and Lisbon hold about 6,000 people per km² of municipal
 * land, Paris about 20,000), so the core marks built-up ground and stops short of the wildland-urban edge. A place
 * whose own pixel the urban areas already cover keeps their outline: the disc stands in for a missing outline only,
 * and would overstate a dense megacity's (Karachi's 11.6 million people would fill 1,160 km² at that density, twice
 * the land its outline covers).
 */
import type { GridShape } from "./naturalearth";

/** Places of at least this many people mark a core (smaller towns are the wildland-urban interface itself). */
export const CITY_CORE_MIN_POP = 100_000;
/** People per km² of the disc a place's population is taken to fill. */
export const CITY_CORE_DENSITY_PER_KM2 = 10_000;

const R_KM = 6371.0088;
const KM_PER_DEG = (Math.PI * R_KM) / 180;

export interface CorePlace {
  population: number;
  lat: number;
  lon: number;
}

/** Radius of the disc a place's people fill at CITY_CORE_DENSITY_PER_KM2, km; 0 below CITY_CORE_MIN_POP. */
export function cityCoreRadiusKm(population: number): number {
  if (!(population >= CITY_CORE_MIN_POP)) return 0;
  return Math.sqrt(population / (Math.PI * CITY_CORE_DENSITY_PER_KM2));
}

/** Index of the pixel holding a point on a global latitude/longitude grid (row 0 at 90° N, column 0 at 180° W). */
function pixelOf(lat: number, lon: number, grid: GridShape): number {
  const step = 180 / grid.height;
  const y = Math.min(grid.height - 1, Math.max(0, Math.floor((90 - lat) / step)));
  const x = (((Math.floor((lon + 180) / step) % grid.width) + grid.width) % grid.width);
  return y * grid.width + x;
}

/**
 * Marks with 1 every pixel of a global latitude/longitude grid (row 0 at 90° N, column 0 at 180° W) whose centre
 * lies within the core radius of a place whose own pixel `into` does not already mark; returns how many pixels
 * were 0 before. Which places mark is decided before any is marked, so the order of the places does not matter.
 */
export function markCityCores(places: readonly CorePlace[], grid: GridShape, into: Uint8Array): number {
  const { width: W, height: H } = grid;
  const step = 180 / H;
  const missing = places.filter((p) => cityCoreRadiusKm(p.population) > 0 && into[pixelOf(p.lat, p.lon, grid)] !== 1);
  let added = 0;
  for (const p of missing) {
    const r = cityCoreRadiusKm(p.population);
    if (r === 0) continue;
    const dLat = r / KM_PER_DEG;
    const cosLat = Math.cos((p.lat * Math.PI) / 180);
    const dLon = dLat / Math.max(cosLat, 1e-6);
    const y0 = Math.max(0, Math.floor((90 - (p.lat + dLat)) / step));
    const y1 = Math.min(H - 1, Math.floor((90 - (p.lat - dLat)) / step));
    for (let y = y0; y <= y1; y++) {
      const lat = 90 - (y + 0.5) * step;
      const x0 = Math.floor((p.lon - dLon + 180) / step);
      const x1 = Math.floor((p.lon + dLon + 180) / step);
      for (let xx = x0; xx <= x1; xx++) {
        const x = ((xx % W) + W) % W;
        const lon = -180 + (xx + 0.5) * step;
        // equirectangular distance: exact enough within a core's few kilometres
        const dy = (lat - p.lat) * KM_PER_DEG;
        const dx = (lon - p.lon) * KM_PER_DEG * Math.cos((((lat + p.lat) / 2) * Math.PI) / 180);
        if (dx * dx + dy * dy > r * r) continue;
        const i = y * W + x;
        if (into[i] !== 1) {
          into[i] = 1;
          added++;
        }
      }
    }
  }
  return added;
}
