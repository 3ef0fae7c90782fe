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

/**
 * Rollups of every hazard and slot for a list of entities (countries or regions), each given by its member cells.
 * `values` is laid out [hazard][slot][cell]; the result is [entity][hazard][slot].
 */
export function rollupEntities(
  values: Uint8Array,
  population: ArrayLike<number>,
  members: readonly (readonly number[])[],
  hazardCount: number,
  slotCount: number,
): Uint8Array {
  const nCells = population.length;
  const out = new Uint8Array(members.length * hazardCount * slotCount);
  members.forEach((list, e) => {
    for (let h = 0; h < hazardCount; h++)
      for (let s = 0; s < slotCount; s++) {
        const base = (h * slotCount + s) * nCells;
        out[(e * hazardCount + h) * slotCount + s] = rollup(list.map((k) => ({ code: values[base + k]!, population: population[k]! })));
      }
  });
  return out;
}
