/**
 * Height above nearest drainage (HAND; Rennó et al. 2008, Remote Sensing of Environment 112: 3469-3481) and the
 * geomorphic floodplain rule of GFPLAIN (Nardi, Vivoni & Grimaldi 2006; Nardi et al. 2019, Scientific Data 6:
 * 180309): a pixel lies in the floodplain of the channel it drains to when its height above that channel is at
 * most a·A^b, A the channel's drainage area.
 */
import { DIR_OUTLET, type HydroGrid, downstream, neighbour } from "./hydro-grid";

/**
 * For every land pixel, the first channel pixel on its flow path (itself when it is one), or −1 when its path
 * reaches the sea or a lake first (`isLake`: water standing on land; a lake's rise is not a river's flood).
 * `order` is the flood's order (downstream pixels first).
 */
export function nearestDrainage(g: HydroGrid, dir: Uint8Array, order: Int32Array, count: number, isChannel: (p: number) => boolean, isLake: (p: number) => boolean = () => false): Int32Array {
  const drain = new Int32Array(g.width * g.height).fill(-1);
  for (let i = 0; i < count; i++) {
    const p = order[i]!;
    if (isLake(p)) continue;
    if (isChannel(p)) {
      drain[p] = p;
      continue;
    }
    const d = dir[p]!;
    const q = d < 8 ? neighbour(g, p, d) : -1;
    drain[p] = q >= 0 ? drain[q]! : -1;
  }
  return drain;
}

/**
 * The height of each channel's bed (m; NaN off the channels). A river does not flow uphill, but a valley narrower
 * than a pixel is smoothed to its banks' height in the relief, which would put the hills beside it level with the
 * river: a channel pixel that stands more than `toleranceM` (the relief's step at its height: one step is within the
 * grey levels' rounding) above both the lowest of the `windowPx` channel pixels above it on its main stem (the
 * upstream channel of the largest drainage area) and the lowest of the `windowPx` below it is a bump in the river's
 * profile, and its bed is the higher of those two. A profile that falls downstream is kept as it is.
 * `order` is the flood's order (downstream pixels first).
 */
export function channelBedHeights(g: HydroGrid, dir: Uint8Array, order: Int32Array, count: number, isChannel: (p: number) => boolean, heightM: (p: number) => number, areaKm2: ArrayLike<number>, windowPx: number, toleranceM: (p: number) => number): Float32Array {
  const n = g.width * g.height;
  const mainUp = new Int32Array(n).fill(-1);
  for (let i = count - 1; i >= 0; i--) {
    const p = order[i]!;
    if (!isChannel(p)) continue;
    const q = downstream(g, dir, p);
    if (q >= 0 && (mainUp[q]! < 0 || areaKm2[p]! > areaKm2[mainUp[q]!]!)) mainUp[q] = p;
  }
  const bed = new Float32Array(n).fill(NaN);
  for (let i = 0; i < count; i++) {
    const p = order[i]!;
    if (!isChannel(p)) continue;
    const own = heightM(p);
    let up = Infinity, down = Infinity;
    for (let k = 0, u = mainUp[p]!; k < windowPx && u >= 0; k++, u = mainUp[u]!) up = Math.min(up, heightM(u));
    for (let k = 0, d = downstream(g, dir, p); k < windowPx && d >= 0 && dir[d] !== DIR_OUTLET && isChannel(d); k++, d = downstream(g, dir, d)) down = Math.min(down, heightM(d));
    const sides = Math.max(up, down);
    bed[p] = own - sides > toleranceM(p) ? sides : own;
  }
  return bed;
}

/** Height of a pixel above the bed of the channel it drains to (`channelBedHeights`), m (never below 0), or NaN without a channel. */
export function heightAboveDrainage(p: number, drain: Int32Array, heightM: (p: number) => number, bed: Float32Array): number {
  const c = drain[p]!;
  return c < 0 ? NaN : Math.max(0, heightM(p) - bed[c]!);
}

/** GFPLAIN's floodplain height limit for a channel draining `areaKm2`: a·A^b metres. */
export function floodplainHeightM(areaKm2: number, a: number, b: number): number {
  return a * Math.pow(areaKm2, b);
}
