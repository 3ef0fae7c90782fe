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

export interface RiverLine {
  /** 1 permanent, 2 intermittent. */
  kind: number;
  /** Longitude, latitude pairs. */
  points: [number, number][];
}

/**
 * Marks the pixels each line crosses (sampled at a third of a pixel) on a global longitude-latitude grid whose
 * row 0 starts at 90° N and column 0 at 180° W. A permanent river wins over an intermittent one on the same pixel.
 */
export function rasteriseRivers(g: HydroGrid, lines: readonly RiverLine[]): Uint8Array {
  const { width: W, height: H } = g;
  const out = new Uint8Array(W * H);
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
        if (out[p] === RIVER_NONE || l.kind === RIVER_PERMANENT) out[p] = l.kind;
      }
    }
  }
  return out;
}

/**
 * The surface the flood runs on, in integer levels: `stepsPerGrey` levels per grey step of the relief, land
 * raised by `permanentDepth` levels except on permanent rivers, and by `permanentDepth − intermittentDepth` on
 * intermittent ones (a river bed sits below its banks; an intermittent one less deeply, as it carries water
 * less often). Returns the levels and how many there are.
 */
export function burnRivers(grey: Uint8Array, rivers: Uint8Array, stepsPerGrey: number, permanentDepth: number, intermittentDepth: number): { z: Uint16Array; levels: number } {
  const z = new Uint16Array(grey.length);
  let max = 0;
  for (let p = 0; p < grey.length; p++) {
    const r = rivers[p]!;
    const v = grey[p]! * stepsPerGrey + permanentDepth - (r === RIVER_PERMANENT ? permanentDepth : r === RIVER_INTERMITTENT ? intermittentDepth : 0);
    z[p] = v;
    if (v > max) max = v;
  }
  return { z, levels: max + 1 };
}
