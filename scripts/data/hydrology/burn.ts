/**
 * Stream burning (Hutchinson 1989; Lindsay 2016, Hydrological Processes 30: 846-857): mapped river lines are
 * drawn onto the grid and lowered below the land beside them, so that where the relief is too coarse to tell
 * (a delta, a wide valley one grey level deep) the conditioned surface routes water along the mapped river.
 */
import type { HydroGrid } from "./hydro-grid";

/** River classes drawn on the grid (WDBII: permanent rivers, intermittent rivers). */
export const RIVER_NONE = 0;
export const RIVER_PERMANENT = 1;
export const RIVER_INTERMITTENT = 2;

/** No river on the pixel, in the raster of WDBII levels. */
export const RIVER_LEVEL_NONE = 255;
/** WDBII levels 0-4 are permanent rivers (double-lined, major, additional major, additional, minor); 5-7 intermittent. */
export const RIVER_LEVEL_LAST_PERMANENT = 4;

export interface RiverLine {
  /** 1 permanent, 2 intermittent. */
  kind: number;
  /** WDBII level: 0 double-lined, 1 permanent major, 2 additional major, 3 additional, 4 minor, 5-7 intermittent. */
  level: number;
  /** Longitude, latitude pairs. */
  points: [number, number][];
}

/** The river class of a pixel from its WDBII level. */
export const riverKind = (level: number): number => (level === RIVER_LEVEL_NONE ? RIVER_NONE : level <= RIVER_LEVEL_LAST_PERMANENT ? RIVER_PERMANENT : RIVER_INTERMITTENT);

/**
 * Marks the pixels each line crosses (sampled at a third of a pixel) on a global longitude-latitude grid whose
 * row 0 starts at 90° N and column 0 at 180° W, with the WDBII level of the most major river on the pixel
 * (RIVER_LEVEL_NONE where there is none): a permanent river wins over an intermittent one.
 */
export function rasteriseRivers(g: HydroGrid, lines: readonly RiverLine[]): Uint8Array {
  const { width: W, height: H } = g;
  const out = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
  const px = (lon: number) => ((lon + 180) / 360) * W, py = (lat: number) => ((90 - lat) / 180) * H;
  for (const l of lines) {
    for (let i = 1; i < l.points.length; i++) {
      const [lon1, lat1] = l.points[i - 1]!, [lon2, lat2] = l.points[i]!;
      const x1 = px(lon1), y1 = py(lat1), x2 = px(lon2), y2 = py(lat2);
      const steps = Math.max(1, Math.ceil(3 * Math.hypot(x2 - x1, y2 - y1)));
      for (let s = 0; s <= steps; s++) {
        const x = Math.floor(x1 + ((x2 - x1) * s) / steps), y = Math.floor(y1 + ((y2 - y1) * s) / steps);
        if (y < 0 || y >= H) continue;
        const p = y * W + ((x % W) + W) % W;
        if (l.level < out[p]!) out[p] = l.level;
      }
    }
  }
  return out;
}

/**
 * The surface the flood runs on, in integer levels: `stepsPerGrey` levels per grey step of the relief, and each
 * river pixel lowered below the land beside it by the depth its WDBII level is given (`depthOfLevel[level]`, in
 * levels): a river bed sits below its banks, a larger river's more deeply. Returns the levels and how many there are.
 */
export function burnRivers(grey: Uint8Array, riverLevel: Uint8Array, stepsPerGrey: number, depthOfLevel: readonly number[]): { z: Uint16Array; levels: number } {
  const z = new Uint16Array(grey.length);
  const deepest = Math.max(...depthOfLevel);
  let max = 0;
  for (let p = 0; p < grey.length; p++) {
    const r = riverLevel[p]!;
    const v = grey[p]! * stepsPerGrey + deepest - (r === RIVER_LEVEL_NONE ? 0 : depthOfLevel[r]!);
    z[p] = v;
    if (v > max) max = v;
  }
  return { z, levels: max + 1 };
}
