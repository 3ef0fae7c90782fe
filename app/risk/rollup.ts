/**
 * Country/region rollup of cell value codes. Rule: weight = ½·(1/N) + ½·(population share), i.e. the mean of the
 * area mean (H3 res-4 cells are near-equal area) and the population-weighted mean; only applicable cells with data
 * count. All cells not applicable → not applicable; otherwise no usable cell → no data.
 */
import { CODE_NA, CODE_NODATA, VALUE_SCALE } from "./dataset";

export function rollup(cells: readonly { code: number; population: number }[]): number {
  const ok = cells.filter((c) => c.code <= VALUE_SCALE);
  if (!ok.length) return cells.length && cells.every((c) => c.code === CODE_NA) ? CODE_NA : CODE_NODATA;
  const totalPop = ok.reduce((s, c) => s + c.population, 0);
  let v = 0;
  for (const c of ok) {
    const w = totalPop > 0 ? 0.5 / ok.length + (0.5 * c.population) / totalPop : 1 / ok.length;
    v += w * c.code;
  }
  return Math.round(v);
}
