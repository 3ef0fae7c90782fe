/**
 * A raster for terrain hydrology: row-major pixels, row 0 at the top (north), columns optionally wrapping (a
 * global grid wraps at the date line; a test grid does not). D8 neighbours are numbered 0-7 clockwise from east.
 */
export interface HydroGrid {
  width: number;
  height: number;
  /** true when column width-1 neighbours column 0 (a global longitude grid). */
  wrap: boolean;
}

/** Column and row steps of the eight neighbours: E, SE, S, SW, W, NW, N, NE. */
export const D8_DX = [1, 1, 0, -1, -1, -1, 0, 1] as const;
export const D8_DY = [0, 1, 1, 1, 0, -1, -1, -1] as const;
/** Direction code of a pixel that drains to the sea (an outlet) and of one not yet reached. */
export const DIR_OUTLET = 8;
export const DIR_NONE = 255;
/** Direction code of a land pixel where a closed basin keeps its water (it drains nowhere; see closed-basins.ts). */
export const DIR_SINK = 9;

/** Index of the neighbour of pixel p in direction d, or −1 off the grid. */
export function neighbour(g: HydroGrid, p: number, d: number): number {
  const y = Math.floor(p / g.width), x = p - y * g.width;
  const yy = y + D8_DY[d]!;
  if (yy < 0 || yy >= g.height) return -1;
  let xx = x + D8_DX[d]!;
  if (xx < 0 || xx >= g.width) {
    if (!g.wrap) return -1;
    xx = (xx + g.width) % g.width;
  }
  return yy * g.width + xx;
}

/** The pixel a D8 direction code points to, or −1 for an outlet, a sink or an unset direction. */
export function downstream(g: HydroGrid, dir: Uint8Array, p: number): number {
  const d = dir[p]!;
  return d < 8 ? neighbour(g, p, d) : -1;
}
