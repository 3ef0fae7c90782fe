/**
 * Finer relief for slopes: the Marble `srtm` theme (level 3 = 16 × 8 JPEG tiles of 675 px, a 2′ global
 * grey image that Marble colours as a DEM) calibrated to metres against ETOPO5 by isotonic regression.
 * Slopes, the river network's heights and a point's own height come from the 2′ image through that fit; a
 * hexagon's terrain stays ETOPO5's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import type { Etopo } from "./rasters";
import { floodFill8 } from "./physical";

export const SRTM_LEVEL = 3;
/**
 * Latitude to which the image holds SRTM's heights (60° S-60° N). Beyond it the image's lowest greys hold ice
 * shelves and ice-capped coasts whose ETOPO5 heights are ice surfaces or the sea floor beneath them: south of 80° S, the
 * ETOPO5 points of grey 97 average 47 m, against 17 m for that grey within 60° of the equator.
 */
export const SRTM_MAX_LAT_DEG = 60;
const TILE = 675;
const COLS = 16;
const ROWS = 8;
export const SRTM_WIDTH = TILE * COLS;
export const SRTM_HEIGHT = TILE * ROWS;

export interface GreyRelief {
  width: number;
  height: number;
  /** Grey level per pixel, row 0 at 90° N, column 0 at 180° W (pixel-registered, 2′). */
  grey: Uint8Array;
}

export function readSrtmTheme(marbleData: string): GreyRelief {
  const dir = path.join(marbleData, "maps/earth/srtm", String(SRTM_LEVEL));
  const grey = new Uint8Array(SRTM_WIDTH * SRTM_HEIGHT);
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      const name = `${String(r).padStart(6, "0")}_${String(c).padStart(6, "0")}.jpg`;
      const img = jpeg.decode(readFileSync(path.join(dir, String(r).padStart(6, "0"), name)), { useTArray: true, formatAsRGBA: true });
      if (img.width !== TILE || img.height !== TILE) throw new Error(`srtm tile ${name} is ${img.width}×${img.height}, expected ${TILE}²`);
      for (let y = 0; y < TILE; y++) {
        const row = (r * TILE + y) * SRTM_WIDTH + c * TILE;
        for (let x = 0; x < TILE; x++) grey[row + x] = img.data[(y * TILE + x) * 4]!;
      }
    }
  return { width: SRTM_WIDTH, height: SRTM_HEIGHT, grey };
}

/** Mean grey of the 3 × 3 pixels (6′) around a point. */
export function greyAt(g: GreyRelief, lat: number, lon: number): number {
  const cx = Math.floor(((lon + 180) / 360) * g.width), cy = Math.floor(((90 - lat) / 180) * g.height);
  let s = 0;
  for (let dy = -1; dy <= 1; dy++) {
    const y = Math.min(g.height - 1, Math.max(0, cy + dy));
    for (let dx = -1; dx <= 1; dx++) s += g.grey[y * g.width + (((cx + dx) % g.width) + g.width) % g.width]!;
  }
  return s / 9;
}

/**
 * Mean of the middle half of a list of heights (0 when empty). The heights ETOPO5 pairs with one grey are skewed (a
 * coastal plain's grey also holds the hills its 6′ mean smooths away: grey 98 has a median of 6 m and a mean of 18 m)
 * and, in lowlands, stepped at ETOPO5's 100-foot contours (30, 61, 91 m …): their mean follows the tail, their median
 * the steps, the mean of their middle half neither.
 */
export function interquartileMean(values: readonly number[]): number {
  if (!values.length) return 0;
  const s = Float64Array.from(values).sort();
  const lo = Math.floor(s.length / 4),
    hi = Math.max(lo + 1, Math.ceil((3 * s.length) / 4));
  let sum = 0;
  for (let i = lo; i < hi; i++) sum += s[i]!;
  return sum / (hi - lo);
}

/** Pool-adjacent-violators: the non-decreasing sequence closest (weighted least squares) to `y`. */
export function isotonic(y: number[], w: number[]): number[] {
  const val: number[] = [], wt: number[] = [], len: number[] = [];
  for (let i = 0; i < y.length; i++) {
    if (!(w[i]! > 0)) {
      val.push(NaN);
      wt.push(0);
      len.push(1);
      continue;
    }
    val.push(y[i]!);
    wt.push(w[i]!);
    len.push(1);
    // merge back over empty blocks and violators
    for (;;) {
      let p = val.length - 2;
      while (p >= 0 && wt[p] === 0) p--;
      const last = val.length - 1;
      if (p < 0 || val[p]! <= val[last]!) break;
      const ww = wt[p]! + wt[last]!;
      val[p] = (val[p]! * wt[p]! + val[last]! * wt[last]!) / ww;
      wt[p] = ww;
      let l = len[last]!;
      for (let q = p + 1; q < last; q++) l += len[q]!;
      len[p]! += l;
      val.length = wt.length = len.length = p + 1;
    }
  }
  const out: number[] = [];
  for (let b = 0; b < val.length; b++) for (let q = 0; q < len[b]!; q++) out.push(val[b]!);
  // grey levels with no samples take the nearest fitted level below (or above at the start)
  for (let i = 1; i < out.length; i++) if (Number.isNaN(out[i]!)) out[i] = out[i - 1]!;
  for (let i = out.length - 2; i >= 0; i--) if (Number.isNaN(out[i]!)) out[i] = out[i + 1]!;
  return out;
}

export interface ReliefCalibration {
  /** Metres for each grey level 0..255 (non-decreasing). */
  lut: Float64Array;
  samples: number;
  /** Spearman-free summary: Pearson r of fitted vs ETOPO5 metres, RMSE and median absolute error (m). */
  r: number;
  rmseM: number;
  medianAbsErrM: number;
}

/**
 * Fits metres = f(grey), f non-decreasing, to the interquartile mean of the heights of every ETOPO5 5′ point within
 * SRTM_MAX_LAT_DEG of the equator that is all land by the shoreline mask (no coast mixing; depressions and polders
 * included), each paired with the mean grey of the 6′ around it. The fit holds for the whole image, whose grey
 * encodes height alike at all latitudes.
 */
export function calibrateRelief(g: GreyRelief, e: Etopo, isAllLand: (lat: number, lon: number) => boolean): ReliefCalibration {
  const heights: number[][] = Array.from({ length: 256 }, () => []);
  const pts: { grey: number; z: number }[] = [];
  for (let j = 0; j < e.ny; j++) {
    const lat = e.lat0 + j * e.dLat;
    if (Math.abs(lat) > SRTM_MAX_LAT_DEG) continue;
    for (let i = 0; i < e.nx; i++) {
      let lon = e.lon0 + i * e.dLon;
      if (lon >= 180) lon -= 360;
      const z = e.z[j * e.nx + i]!;
      if (!isAllLand(lat, lon)) continue;
      const gv = greyAt(g, lat, lon);
      heights[Math.round(gv)]!.push(z);
      if ((i + j) % 7 === 0) pts.push({ grey: gv, z });
    }
  }
  const cnt = heights.map((h) => h.length);
  const fit = isotonic(heights.map(interquartileMean), cnt);
  const lut = Float64Array.from(fit);
  const at = (gv: number) => {
    const a = Math.floor(gv), u = gv - a;
    return a >= 255 ? lut[255]! : lut[a]! * (1 - u) + lut[a + 1]! * u;
  };
  let se = 0, mx = 0, my = 0;
  const abs: number[] = [];
  for (const p of pts) {
    const f = at(p.grey);
    se += (f - p.z) ** 2;
    abs.push(Math.abs(f - p.z));
    mx += f;
    my += p.z;
  }
  const n = pts.length;
  mx /= n;
  my /= n;
  let sxy = 0, sxx = 0, syy = 0;
  for (const p of pts) {
    const f = at(p.grey) - mx, z = p.z - my;
    sxy += f * z;
    sxx += f * f;
    syy += z * z;
  }
  abs.sort((a, b) => a - b);
  return { lut, samples: cnt.reduce((s, c) => s + c, 0), r: sxy / Math.sqrt(sxx * syy), rmseM: Math.sqrt(se / n), medianAbsErrM: abs[n >> 1]! };
}

/** Slope (°) on the 2′ grid from central differences of the calibrated heights, sea clamped to 0 m. */
export function slopeGrid(g: GreyRelief, lut: Float64Array): Float32Array {
  const { width: W, height: H, grey } = g;
  const out = new Float32Array(W * H);
  const R = 6371008.8, rad = Math.PI / 180;
  const step = (180 / H) * rad * R;
  const z = (x: number, y: number) => Math.max(0, lut[grey[y * W + ((x + W) % W)]!]!);
  for (let y = 1; y < H - 1; y++) {
    const lat = 90 - ((y + 0.5) * 180) / H;
    const dx = step * Math.cos(lat * rad), dy = step;
    for (let x = 0; x < W; x++) {
      const gx = (z(x + 1, y) - z(x - 1, y)) / (2 * dx), gy = (z(x, y - 1) - z(x, y + 1)) / (2 * dy);
      out[y * W + x] = (Math.atan(Math.hypot(gx, gy)) * 180) / Math.PI;
    }
  }
  return out;
}

/** Mean 2′ slope over the 3 × 3 pixels (6′) around a point: the footprint of one 5′ ETOPO5 point. */
export function slopeAt(slope: Float32Array, lat: number, lon: number, W = SRTM_WIDTH, H = SRTM_HEIGHT): number {
  const cx = Math.floor(((lon + 180) / 360) * W), cy = Math.floor(((90 - lat) / 180) * H);
  let s = 0;
  for (let dy = -1; dy <= 1; dy++) {
    const y = Math.min(H - 2, Math.max(1, cy + dy));
    for (let dx = -1; dx <= 1; dx++) s += slope[y * W + (((cx + dx) % W) + W) % W]!;
  }
  return s / 9;
}

/**
 * How much steeper the 2′ slopes are than ETOPO5's own 5′ slopes over land: the ratio of matching quantiles
 * (50-99 %) of the two slope distributions on a 0.5° lattice of land points above 50 m. Slope thresholds set
 * for the 5′ grid scale by this ratio (slopes depend on the baseline they are measured over).
 */
export function slopeScaleRatio(e: Etopo, slope: Float32Array): { quantiles: number[]; ratios: number[]; median: number } {
  const R = 6371008.8, rad = Math.PI / 180;
  const dy = Math.abs(e.dLat) * rad * R;
  const s5: number[] = [], s2: number[] = [];
  for (let lat = -56; lat < 70; lat += 0.5)
    for (let lon = -180; lon < 180; lon += 0.5) {
      const i = Math.round(((((lon - e.lon0) % 360) + 360) % 360) / e.dLon) % e.nx, j = Math.round((lat - e.lat0) / e.dLat);
      const k = j * e.nx + i;
      if (!(e.z[k]! > 50) || j <= 0 || j >= e.ny - 1) continue;
      const at = (q: number) => Math.max(e.z[q]!, 0);
      const dx = dy * Math.cos(lat * rad);
      const gx = (at(j * e.nx + ((i + 1) % e.nx)) - at(j * e.nx + ((i + e.nx - 1) % e.nx))) / (2 * dx), gy = (at(k + e.nx) - at(k - e.nx)) / (2 * dy);
      s5.push(Math.atan(Math.hypot(gx, gy)) / rad);
      s2.push(slopeAt(slope, lat, lon));
    }
  s5.sort((a, b) => a - b);
  s2.sort((a, b) => a - b);
  const quantiles = [0.5, 0.75, 0.9, 0.95, 0.99];
  const ratios = quantiles.map((q) => s2[Math.floor(q * s2.length)]! / s5[Math.floor(q * s5.length)]!);
  const sorted = [...ratios].sort((a, b) => a - b);
  return { quantiles, ratios: ratios.map((r) => Math.round(r * 100) / 100), median: Math.round(sorted[sorted.length >> 1]! * 100) / 100 };
}

export interface LowLying2 {
  /** Grey of the shore: the most common grey of 2′ land pixels next to open sea (60° S-60° N). */
  shoreGrey: number;
  /** Highest grey counted as low-lying: the shore's level and one grey step above it. */
  maxGrey: number;
  /** Per cell: share of its 2′ land pixels that are low-lying and joined to the open sea; NaN without land pixels. */
  share: Float64Array;
  /** Per cell: number of 2′ land pixels. */
  landPixels: Uint16Array;
  /** Per 2′ pixel: 1 where it is land, low-lying and joined to the open sea (a point's own low-lying state). */
  lowPixels: Uint8Array;
}

/**
 * Low-lying land on the 2′ relief image: pixels at most one grey step (≈ 9 m near sea level) above the shore's
 * own grey, reached from the open sea through such pixels or water (8 neighbours, longitudes wrapping; lakes are
 * not a path). ETOPO5's 5′ points and ~30 m steps cannot see a delta; the 2′ image, whose lowest grey levels
 * separate polders and deltas from the land behind them, can. Counted per H3 cell over its land pixels.
 */
export function lowLyingShare2(
  g: GreyRelief,
  fractions: (lat: number, lon: number) => { land: number; ocean: number },
  cellOf: (lat: number, lon: number) => number | undefined,
  cellCount: number,
): LowLying2 {
  const { width: W, height: H, grey } = g;
  const n = W * H;
  // 0 other (lakes, mixed land and lake), 1 land, 2 open sea, 3 shore pixel with some open sea
  const kind = new Uint8Array(n);
  const latOf = (y: number) => 90 - ((y + 0.5) * 180) / H;
  const lonOf = (x: number) => -180 + ((x + 0.5) * 360) / W;
  for (let y = 0; y < H; y++) {
    const lat = latOf(y);
    for (let x = 0; x < W; x++) {
      const fr = fractions(lat, lonOf(x));
      kind[y * W + x] = fr.land >= 0.5 ? 1 : fr.ocean >= 0.5 ? 2 : fr.ocean > 0 ? 3 : 0;
    }
  }
  // the shore's level is the most common grey of land pixels next to open sea, within SRTM_MAX_LAT_DEG (ice fronts
  // and ice-capped coasts stand high); cliffs and pixels that reach up a slope make the long upper tail
  const hist = new Float64Array(256);
  const rowsBeyond = Math.ceil(((90 - SRTM_MAX_LAT_DEG) / 180) * H);
  for (let y = rowsBeyond; y < H - rowsBeyond; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (kind[p] !== 1) continue;
      let shore = false;
      for (let dy = -1; dy <= 1 && !shore; dy++)
        for (let dx = -1; dx <= 1; dx++)
          if (kind[(y + dy) * W + ((x + dx + W) % W)] === 2) {
            shore = true;
            break;
          }
      if (shore) hist[grey[p]!]!++;
    }
  let shoreGrey = 0;
  for (let v = 1; v < 256; v++) if (hist[v]! > hist[shoreGrey]!) shoreGrey = v;
  const maxGrey = shoreGrey + 1;
  // 0 blocked, 1 passable, 2 reached
  const state = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let p = 0; p < n; p++) {
    const k = kind[p]!;
    if (k === 2) {
      state[p] = 2;
      queue[tail++] = p;
    } else if (k === 3 || (k === 1 && grey[p]! <= maxGrey)) state[p] = 1;
  }
  floodFill8(state, queue, tail, W, H);
  const land = new Uint32Array(cellCount), low = new Uint32Array(cellCount);
  const lowPixels = new Uint8Array(n);
  for (let y = 0; y < H; y++) {
    const lat = latOf(y);
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (kind[p] !== 1) continue;
      if (state[p] === 2) lowPixels[p] = 1;
      const k = cellOf(lat, lonOf(x));
      if (k === undefined) continue;
      land[k]!++;
      if (state[p] === 2) low[k]!++;
    }
  }
  const share = new Float64Array(cellCount);
  const landPixels = new Uint16Array(cellCount);
  for (let k = 0; k < cellCount; k++) {
    share[k] = land[k]! ? low[k]! / land[k]! : NaN;
    landPixels[k] = Math.min(65535, land[k]!);
  }
  return { shoreGrey, maxGrey, share, landPixels, lowPixels };
}
