/**
 * Stream burning (Hutchinson 1989; Lindsay 2016, Hydrological Processes 30: 846-857): mapped river lines are
 * drawn onto the grid and lowered below the land beside them, so that where the relief is too coarse to tell
 * (a delta, a wide valley one grey level deep) the conditioned surface routes water along the mapped river.
 */
import { type HydroGrid, neighbour } from "./hydro-grid";

/** River classes drawn on the grid (WDBII: permanent rivers, intermittent rivers). */
export const RIVER_NONE = 0;
export const RIVER_PERMANENT = 1;
export const RIVER_INTERMITTENT = 2;

/** No river on the pixel, in the raster of WDBII levels. */
export const RIVER_LEVEL_NONE = 255;
/** WDBII levels 0-4 are permanent rivers (double-lined, major, additional major, additional, minor); 5-7 intermittent. */
export const RIVER_LEVEL_LAST_PERMANENT = 4;
/** WDBII levels 0-2: double-lined and major rivers. */
export const RIVER_LEVEL_LAST_MAJOR = 2;

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
  const out = new Uint8Array(g.width * g.height).fill(RIVER_LEVEL_NONE);
  for (const l of lines)
    forEachLinePixel(g, l, (p) => {
      if (l.level < out[p]!) out[p] = l.level;
    });
  return out;
}

/** The longitude step from lon1 to lon2 the short way round (across the date line where that is shorter). */
export function shortLonStep(lon1: number, lon2: number): number {
  const d = lon2 - lon1;
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

/** Calls `visit` for each pixel a line crosses, sampled at a third of a pixel (a pixel may come more than once). */
export function forEachLinePixel(g: HydroGrid, l: RiverLine, visit: (p: number) => void): void {
  const { width: W, height: H } = g;
  const px = (lon: number) => ((lon + 180) / 360) * W, py = (lat: number) => ((90 - lat) / 180) * H;
  for (let i = 1; i < l.points.length; i++) {
    const [lon1, lat1] = l.points[i - 1]!, [lon2, lat2] = l.points[i]!;
    // a segment across the date line (180 → −179.96) is the short way round, not around the globe
    const x1 = px(lon1), y1 = py(lat1), x2 = px(lon1 + shortLonStep(lon1, lon2)), y2 = py(lat2);
    const steps = Math.max(1, Math.ceil(3 * Math.hypot(x2 - x1, y2 - y1)));
    for (let s = 0; s <= steps; s++) {
      const x = Math.floor(x1 + ((x2 - x1) * s) / steps), y = Math.floor(y1 + ((y2 - y1) * s) / steps);
      if (y < 0 || y >= H) continue;
      visit(y * W + (((x % W) + W) % W));
    }
  }
}

/**
 * The surface the flood runs on, in integer levels: `stepsPerGrey` levels per grey step of the relief, and each
 * river pixel lowered below the land beside it by the depth its WDBII level is given (`depthOfLevel[level]`, in
 * levels): a river bed sits below its banks, a larger river's more deeply. `deepened` pixels take its depth instead
 * of their level's. Returns the levels and how many there are.
 */
export function burnRivers(grey: Uint8Array, riverLevel: Uint8Array, stepsPerGrey: number, depthOfLevel: readonly number[], deepened?: { pixels: Uint8Array; depth: number }): { z: Uint16Array; levels: number } {
  const z = new Uint16Array(grey.length);
  const deepest = Math.max(...depthOfLevel, deepened?.depth ?? 0);
  let max = 0;
  for (let p = 0; p < grey.length; p++) {
    const r = riverLevel[p]!;
    const depth = r === RIVER_LEVEL_NONE ? 0 : deepened?.pixels[p] === 1 ? deepened.depth : depthOfLevel[r]!;
    const v = grey[p]! * stepsPerGrey + deepest - depth;
    z[p] = v;
    if (v > max) max = v;
  }
  return { z, levels: max + 1 };
}

/** WDBII levels of minor permanent rivers: 3 additional, 4 minor. */
const MINOR_LEVELS_FROM = 3;

/**
 * Minor permanent rivers joined to the sea along minor rivers within `reachPx` pixels (8 neighbours, breadth-first
 * from river pixels beside the sea): the distributaries of a delta and the mouths of rivers whose lowest course is
 * mapped as minor. Burned as shallow as other minor rivers they would stand as a dam at a great river's mouth.
 * Returns the pixels (1) and how many there are.
 */
export function seawardMinorRivers(g: HydroGrid, riverLevel: Uint8Array, isSea: (p: number) => boolean, reachPx: number): { pixels: Uint8Array; count: number } {
  const n = g.width * g.height;
  const permanent = (p: number) => riverLevel[p]! <= RIVER_LEVEL_LAST_PERMANENT;
  const minor = (p: number) => permanent(p) && riverLevel[p]! >= MINOR_LEVELS_FROM;
  const pixels = new Uint8Array(n);
  const seen = new Uint8Array(n);
  let front: number[] = [];
  for (let p = 0; p < n; p++) {
    if (!permanent(p) || isSea(p)) continue;
    for (let d = 0; d < 8; d++) {
      const q = neighbour(g, p, d);
      if (q >= 0 && isSea(q)) {
        seen[p] = 1;
        front.push(p);
        break;
      }
    }
  }
  let count = 0;
  for (let step = 0; front.length > 0; step++) {
    for (const p of front)
      if (minor(p)) {
        pixels[p] = 1;
        count++;
      }
    if (step === reachPx) break;
    const next: number[] = [];
    for (const p of front)
      for (let d = 0; d < 8; d++) {
        const q = neighbour(g, p, d);
        if (q < 0 || seen[q] || !minor(q) || isSea(q)) continue;
        seen[q] = 1;
        next.push(q);
      }
    front = next;
  }
  return { pixels, count };
}
