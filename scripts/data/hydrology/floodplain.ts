/**
 * Height above nearest drainage (HAND; Rennó et al. 2008, Remote Sensing of Environment 112: 3469-3481) and the
 * geomorphic floodplain rule of GFPLAIN (Nardi, Vivoni & Grimaldi 2006; Nardi et al. 2019, Scientific Data 6:
 * 180309): a pixel lies in the floodplain of the channel it drains to when its height above that channel is at
 * most a·A^b, A the channel's drainage area.
 */
import { type HydroGrid, neighbour } from "./hydro-grid";

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

/** Height of a pixel above the channel it drains to, m (never below 0), or NaN without a channel. */
export function heightAboveDrainage(p: number, drain: Int32Array, heightM: (p: number) => number): number {
  const c = drain[p]!;
  return c < 0 ? NaN : Math.max(0, heightM(p) - heightM(c));
}

/** GFPLAIN's floodplain height limit for a channel draining `areaKm2`: a·A^b metres. */
export function floodplainHeightM(areaKm2: number, a: number, b: number): number {
  return a * Math.pow(areaKm2, b);
}
