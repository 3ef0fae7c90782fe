// Reference cells for the synthetic grids in the tests. Each 0.01°-spaced block listed here lies inside one
// H3 res-4 cell (asserted in grid.test.ts), so expected means can be worked out by hand.

/** Res-4 cell around (44.78, 9.90), northern Italy. Pixel centres lat 44.765..44.795 × lon 9.885..9.915 fall in it. */
export const CELL_A = "841ea6dffffffff";
/** Res-4 cell around (45.07, -10.05), Atlantic west of France: lat 45.06/45.08 × lon -10.06/-10.04 (= 349.94/349.96). */
export const CELL_W = "8418e81ffffffff";
/** Res-4 cell holding lat 45.06/45.08 × lon 10.04/10.06. */
export const CELL_E = "841ea69ffffffff";

/** Mean of values weighted by cos(latitude), as the aggregation does. */
export function wmean(points: [value: number, lat: number][]): number {
  let s = 0;
  let w = 0;
  for (const [v, lat] of points) {
    const c = Math.cos((lat * Math.PI) / 180);
    s += v * c;
    w += c;
  }
  return s / w;
}
