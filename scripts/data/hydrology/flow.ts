/**
 * D8 flow directions (O'Callaghan & Mark 1984) on a depression-filled surface, and flow accumulation along them.
 */
import { type HydroGrid, neighbour } from "./hydro-grid";

/**
 * Steepest descent: every land pixel with a strictly lower neighbour on the filled surface drains to the one
 * with the steepest drop per distance (`xScale(y)` is the east-west pixel width over the north-south one at row
 * y: cos(latitude) on a longitude grid). Pixels without one (flats, the floors of filled depressions) keep the
 * direction the flood gave them, which leads to the flat's outlet. Directions never form a cycle: each goes
 * either strictly down or to a pixel the flood took earlier at the same level. A pixel never drains to one `apart`
 * from it.
 */
export function d8Directions(g: HydroGrid, filled: Uint16Array, dir: Uint8Array, xScale: (y: number) => number = () => 1, apart?: (p: number, q: number) => boolean): number {
  const { width: W, height: H } = g;
  let steepest = 0;
  for (let y = 0; y < H; y++) {
    const sx = xScale(y);
    const dist = [sx, Math.hypot(sx, 1), 1, Math.hypot(sx, 1), sx, Math.hypot(sx, 1), 1, Math.hypot(sx, 1)];
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (dir[p]! >= 8) continue;
      const zp = filled[p]!;
      let best = -1, bestDrop = 0;
      for (let d = 0; d < 8; d++) {
        const q = neighbour(g, p, d);
        if (q < 0 || filled[q]! >= zp || dir[q] === 255 || apart?.(p, q)) continue;
        const drop = (zp - filled[q]!) / dist[d]!;
        if (drop > bestDrop) {
          bestDrop = drop;
          best = d;
        }
      }
      if (best >= 0) {
        dir[p] = best;
        steepest++;
      }
    }
  }
  return steepest;
}

/**
 * Flow accumulation: each land pixel's own weight plus everything upstream of it, summed in the flood's order
 * read backwards (every pixel comes after all pixels downstream of it in `order`). `weight(p)` is the pixel's
 * contribution (its area for drainage area, area × runoff for a discharge proxy). Writes into `acc`.
 */
export function accumulate(g: HydroGrid, dir: Uint8Array, order: Int32Array, count: number, weight: (p: number) => number, acc: Float32Array | Float64Array, stores?: (p: number) => boolean): void {
  for (let i = 0; i < count; i++) {
    const p = order[i]!;
    acc[p] = weight(p);
  }
  for (let i = count - 1; i >= 0; i--) {
    const p = order[i]!;
    // a store (lake or reservoir) holds what reaches it: its outflow carries no flood wave from upstream
    if (stores?.(p)) acc[p] = 0;
    const d = dir[p]!;
    if (d >= 8) continue;
    const q = neighbour(g, p, d);
    if (q >= 0) acc[q] = acc[q]! + acc[p]!;
  }
}
