/**
 * Depression filling by Priority-Flood (Barnes, Lehman & Mulla 2014, Computers & Geosciences 62: 117-127), in its
 * integer-elevation form: a bucket queue per level makes it O(n). The flood starts at every sea pixel next to
 * land and climbs inland; a pixel reached from a higher one is a pit or a flat and is raised to that level and
 * taken next (a FIFO within the level), so a depression fills to its spill point.
 *
 * Flats are drained at the same time: within one level pixels are taken breadth-first from where the flood
 * entered, and each pixel's provisional direction points to the pixel that reached it. On a flat (a lake, a
 * filled depression, a delta of one grey level) water therefore runs along the shortest path to the flat's
 * outlet: the "towards lower terrain" half of Barnes, Lehman & Mulla's flat resolution (2014b, Computers &
 * Geosciences 62: 128-135); the "away from higher terrain" half is not applied. Pixels a depression's filling
 * raises that are `preferred` (mapped rivers) are taken before the level's other pixels, so on a filled flat the
 * flood runs up the mapped river first: the river drains along its own course to the flat's outlet, and the land
 * beside it drains to the river, not across the flat by the shortest path.
 *
 * Every land pixel is taken in non-decreasing order of its filled level, so `order` read backwards is a valid
 * upstream-to-downstream order for flow accumulation.
 */
import { D8_DX, D8_DY, DIR_NONE, DIR_OUTLET, type HydroGrid } from "./hydro-grid";

export interface FloodResult {
  /** Land pixels in the order the flood took them (outlets first). */
  order: Int32Array;
  /** Number of valid entries in `order`. */
  count: number;
}

/**
 * Fills `z` in place (levels 0..levels-1) and sets `dir`: DIR_OUTLET for sea pixels (they must be set so before
 * the call, every other pixel DIR_NONE), and for land the D8 direction (0-7) towards the pixel that reached it.
 * Land never reached (no path to the sea) keeps DIR_NONE. The flood never steps between two pixels `apart` (the
 * beds of two river systems that touch without meeting), so neither drains into the other.
 */
export function priorityFlood(
  g: HydroGrid,
  z: Uint16Array,
  dir: Uint8Array,
  levels: number,
  preferred?: (p: number) => boolean,
  apart?: (p: number, q: number) => boolean,
): FloodResult {
  const { width: W, height: H, wrap } = g;
  const n = W * H;
  const next = new Int32Array(n).fill(-1);
  const head = new Int32Array(levels).fill(-1), tail = new Int32Array(levels).fill(-1);
  // raised preferred pixels of the level being taken, first in, first out, ahead of the level's own queue
  let firstHead = -1, firstTail = -1;
  const push = (level: number, p: number) => {
    if (tail[level]! < 0) head[level] = p;
    else next[tail[level]!] = p;
    tail[level] = p;
  };
  const pushFirst = (p: number) => {
    if (firstTail < 0) firstHead = p;
    else next[firstTail] = p;
    firstTail = p;
  };
  const order = new Int32Array(n);
  let count = 0;
  // seeds: sea pixels with a land neighbour, at level 0
  const visit = (p: number, level: number) => {
    const y = Math.floor(p / W), x = p - y * W;
    for (let d = 0; d < 8; d++) {
      const yy = y + D8_DY[d]!;
      if (yy < 0 || yy >= H) continue;
      let xx = x + D8_DX[d]!;
      if (xx < 0 || xx >= W) {
        if (!wrap) continue;
        xx = (xx + W) % W;
      }
      const q = yy * W + xx;
      if (dir[q] !== DIR_NONE || apart?.(p, q)) continue;
      // q drains towards p: the opposite of direction d
      dir[q] = (d + 4) & 7;
      if (z[q]! < level && preferred?.(q)) {
        z[q] = level;
        pushFirst(q);
      } else if (z[q]! <= level) {
        z[q] = level;
        push(level, q);
      } else push(z[q]!, q);
    }
  };
  for (let p = 0; p < n; p++) {
    if (dir[p] !== DIR_OUTLET) continue;
    visit(p, 0);
  }
  for (let level = 0; level < levels; level++) {
    for (;;) {
      let p: number;
      if (firstHead >= 0) {
        p = firstHead;
        firstHead = next[p]!;
        if (firstHead < 0) firstTail = -1;
      } else if (head[level]! >= 0) {
        p = head[level]!;
        head[level] = next[p]!;
        if (head[level]! < 0) tail[level] = -1;
      } else break;
      order[count++] = p;
      visit(p, level);
    }
  }
  return { order, count };
}
