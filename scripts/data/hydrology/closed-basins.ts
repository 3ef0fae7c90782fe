/**
 * Closed (endorheic) basins from their water balance. Priority-Flood fills every depression to its spill, so a
 * basin without an outlet (Lake Chad's, the Caspian's, the Great Basin, the Tarim) was drained over its rim into
 * a neighbour's river, with all its area. A depression filled to its spill is a lake at that level, and such a
 * lake overflows only where the water flowing into it each year exceeds what its surface loses: potential
 * evaporation less the rain on it, over the lake's area. Where it does not, the lake keeps its water: it drains to
 * a sink, its lowest pixel, instead of over its spill, and the land upstream of it drains there too. A large lake
 * in a dry climate cannot be filled by the little its desert catchment yields; a hollow of the smoothed relief on
 * a great river's course is filled many times over by the river, so it stays open.
 */
import { DIR_NONE, DIR_OUTLET, DIR_SINK, type HydroGrid, downstream, neighbour } from "./hydro-grid";

/** Steps followed from a pixel that drains out of a depression to see whether its water comes back into it. */
const REENTRY_STEPS = 64;

export interface Depression {
  /** Its pixels' area, km²: the lake at its spill level. */
  areaKm2: number;
  /** What its surface loses in a year, km²·mm: area × (potential evaporation − precipitation), never below 0. */
  lossKm2Mm: number;
  /** What flows out over its spill in a year on the filled surface, km²·mm: everything that reaches it. */
  inflowKm2Mm: number;
  /** Its lowest pixel before the filling, of its lake's pixels where it holds a lake: the sink it gets when closed. */
  lowest: number;
  /** Its pixels that drain out of it over its spill, not to come back (within REENTRY_STEPS pixels). */
  exits: number[];
  /** Its pixels. */
  pixels: number[];
  /** A river that feeds it runs on from it: the lake overflows along that river (see `depressions`). */
  riverRunsOn: boolean;
}

export interface DepressionOptions {
  /** Two neighbouring pixels a depression is never joined across (river systems kept apart). */
  apart?: (p: number, q: number) => boolean;
  /** Standing water on a pixel (lakes and reservoirs): a closed basin's sink is taken among them. */
  lake?: (p: number) => boolean;
  /** The river system of a pixel on a mapped permanent river, −1 elsewhere. */
  riverSystem?: (p: number) => number;
}

/**
 * The depressions a filling made: the 8-connected groups of pixels raised above their own height (`z0` before,
 * `z` after the filling; never joined across pixels `apart`), each with
 * - its area and the loss from its surface (`lossMm(p)`, mm/yr, per pixel);
 * - the flow that leaves it (`flow`, the accumulated runoff on the filled surface, km²·mm/yr), summed over its
 *   pixels that drain out of it, each counted once: water that runs over an island at the lake's level and back
 *   into the lake has not left;
 * - its lowest pixel (the first in grid order among the lowest), taken among its pixels of standing water (`lake`)
 *   where it has any: a closed basin's water ends in its lake, not in the bed of the river that feeds it;
 * - whether a river that feeds it runs on from it: the water leaving it reaches, within REENTRY_STEPS pixels, a
 *   mapped river of a system that runs in it or into it. A hollow of the smoothed relief on a river's course
 *   spills back to that river, wherever the relief puts its spill; a closed basin's spill leads over a divide to
 *   another river, or to none.
 * `id` gives each pixel's depression (an index into `list`), −1 outside them.
 */
export function depressions(
  g: HydroGrid,
  z0: Uint16Array,
  z: Uint16Array,
  dir: Uint8Array,
  areaKm2: (p: number) => number,
  lossMm: (p: number) => number,
  flow: ArrayLike<number>,
  { apart, lake = () => false, riverSystem = () => -1 }: DepressionOptions = {},
): { list: Depression[]; id: Int32Array } {
  const n = g.width * g.height;
  const id = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const out: Depression[] = [];
  const raised = (q: number) => z[q]! > z0[q]! && dir[q] !== DIR_NONE;
  const neighbours = (p: number, visit: (q: number) => void) => {
    for (let dd = 0; dd < 8; dd++) {
      const q = neighbour(g, p, dd);
      if (q >= 0) visit(q);
    }
  };
  /** Whether water from q, outside depression k, stays out of it. */
  const staysOut = (q: number, k: number) => {
    for (let step = 0; step < REENTRY_STEPS && q >= 0 && id[q] !== k; step++) q = downstream(g, dir, q);
    return q < 0 || id[q] !== k;
  };
  for (let s = 0; s < n; s++) {
    if (id[s] !== -1 || !raised(s)) continue;
    const k = out.length;
    const members: number[] = [];
    const d: Depression = { areaKm2: 0, lossKm2Mm: 0, inflowKm2Mm: 0, lowest: s, exits: [], pixels: members, riverRunsOn: false };
    out.push(d);
    let top = 0;
    stack[top++] = s;
    id[s] = k;
    while (top > 0) {
      const p = stack[--top]!;
      members.push(p);
      const a = areaKm2(p);
      d.areaKm2 += a;
      d.lossKm2Mm += a * Math.max(0, lossMm(p));
      const [wet, wetLowest] = [lake(p), lake(d.lowest)];
      if (wet !== wetLowest ? wet : z0[p]! < z0[d.lowest]! || (z0[p] === z0[d.lowest] && p < d.lowest)) d.lowest = p;
      neighbours(p, (q) => {
        if (id[q] !== -1 || !raised(q) || apart?.(p, q)) return;
        id[q] = k;
        stack[top++] = q;
      });
    }
    const feeding = new Set<number>();
    for (const p of members) {
      if (riverSystem(p) >= 0) feeding.add(riverSystem(p));
      neighbours(p, (r) => {
        if (id[r] !== k && riverSystem(r) >= 0 && downstream(g, dir, r) === p) feeding.add(riverSystem(r));
      });
    }
    for (const p of members) {
      const q = downstream(g, dir, p);
      if ((q >= 0 && id[q] === k) || !staysOut(q, k)) continue;
      d.inflowKm2Mm += flow[p]!;
      d.exits.push(p);
      for (let r = q, step = 0; !d.riverRunsOn && r >= 0 && step < REENTRY_STEPS; r = downstream(g, dir, r), step++) d.riverRunsOn = feeding.has(riverSystem(r));
    }
  }
  return { list: out, id };
}

/**
 * A depression keeps its water when its surface loses more than `lossMargin` times what flows into it, no mapped
 * river runs on from it, and its lake at the spill covers at least `minLakeKm2`: a hollow of a few pixels is within
 * the smoothed relief's noise, and so is the lake it would hold.
 */
export function isClosed(d: Depression, minLakeKm2: number, lossMargin = 1): boolean {
  return d.areaKm2 >= minLakeKm2 && d.inflowKm2Mm * lossMargin < d.lossKm2Mm && !d.riverRunsOn;
}

/**
 * Drains a closed depression to its sink instead of over its spill: from the sink outwards across the filled lake,
 * breadth-first and `preferred` pixels (its mapped rivers and standing water) first, each pixel towards the one that
 * reached it, never between pixels `apart`. On the lake's flat surface its rivers so run down their own courses to
 * the sink, and the land beside them drains to them, as on any filled flat (priority-flood.ts). Pixels outside it
 * keep their directions: what drained into the lake now ends at its sink.
 */
export function drainToSink(g: HydroGrid, dir: Uint8Array, d: Depression, preferred: (p: number) => boolean, apart?: (p: number, q: number) => boolean): void {
  const inLake = new Set(d.pixels);
  for (const p of d.pixels) dir[p] = DIR_NONE;
  dir[d.lowest] = DIR_SINK;
  const first: number[] = [d.lowest], rest: number[] = [];
  let i = 0, j = 0;
  while (i < first.length || j < rest.length) {
    const p = i < first.length ? first[i++]! : rest[j++]!;
    for (let dd = 0; dd < 8; dd++) {
      const q = neighbour(g, p, dd);
      if (q < 0 || !inLake.has(q) || dir[q] !== DIR_NONE || apart?.(p, q)) continue;
      dir[q] = (dd + 4) & 7;
      (preferred(q) ? first : rest).push(q);
    }
  }
}

/**
 * Every reached land pixel in an order with each pixel after the one it drains to (outlets and sinks first), as
 * flow accumulation and the drainage walks need once directions have changed after the flood.
 */
export function drainageOrder(g: HydroGrid, dir: Uint8Array): { order: Int32Array; count: number } {
  const n = g.width * g.height;
  const order = new Int32Array(n);
  let count = 0;
  const land = (p: number) => dir[p] !== DIR_OUTLET && dir[p] !== DIR_NONE;
  for (let p = 0; p < n; p++) {
    if (!land(p)) continue;
    const q = downstream(g, dir, p);
    if (q < 0 || !land(q)) order[count++] = p;
  }
  for (let i = 0; i < count; i++) {
    const p = order[i]!;
    for (let dd = 0; dd < 8; dd++) {
      const q = neighbour(g, p, dd);
      if (q >= 0 && land(q) && dir[q] === ((dd + 4) & 7)) order[count++] = q;
    }
  }
  return { order, count };
}
