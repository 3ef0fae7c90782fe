/**
 * Country/region rollup of cell value codes. Each cell where the hazard applies and has data weighs
 * ½·(1/N) + ½·(population share): half for its area (H3 res-4 cells are near-equal area), half for its people.
 * The value is the weighted mean over the most exposed fifth of that weight, cells taken from the highest value
 * down (the last one by the fraction it contributes). A country's hazard is that of its exposed part, not diluted
 * by its unaffected land: a delta among cliffs, a flood plain among hills. The level counts of the cells show the
 * whole distribution. All cells not applicable → not applicable; otherwise no usable cell → no data.
 *
 * River flood weighs people only (exposure-weighted): a river floods a country where people live on its floodplains,
 * and the empty floodplains of a wet, thinly settled country are not its exposed part.
 */
import { CODE_NA, CODE_NODATA, VALUE_SCALE } from "../dataset";

/** Share of an entity's weight (half area, half people) whose mean is the entity's value. */
export const ROLLUP_TOP_SHARE = 0.2;
/** Share of a cell's rollup weight given by its area (the rest by its people). */
export const ROLLUP_AREA_SHARE = 0.5;
/** Hazards rolled up with another area share: river flood by people only. */
export const ROLLUP_AREA_SHARE_BY_HAZARD: Readonly<Record<string, number>> = { FD: 0 };

export function rollupAreaShare(hazardId: string): number {
  return ROLLUP_AREA_SHARE_BY_HAZARD[hazardId] ?? ROLLUP_AREA_SHARE;
}

export function rollup(cells: readonly { code: number; population: number }[], areaShare = ROLLUP_AREA_SHARE): number {
  const ok = cells.filter((c) => c.code <= VALUE_SCALE).sort((a, b) => b.code - a.code);
  if (!ok.length) return cells.length && cells.every((c) => c.code === CODE_NA) ? CODE_NA : CODE_NODATA;
  const totalPop = ok.reduce((s, c) => s + c.population, 0);
  let need = ROLLUP_TOP_SHARE;
  let sum = 0;
  for (const c of ok) {
    const w = totalPop > 0 ? areaShare / ok.length + ((1 - areaShare) * c.population) / totalPop : 1 / ok.length;
    const take = Math.min(w, need);
    sum += take * c.code;
    need -= take;
    if (need <= 1e-12) break;
  }
  return Math.round(sum / (ROLLUP_TOP_SHARE - Math.max(0, need)));
}

/**
 * Rollups of every hazard and slot for a list of entities (countries or regions), each given by its member cells.
 * `values` is laid out [hazard][slot][cell]; the result is [entity][hazard][slot]. `hazards` names the hazards in
 * that order (their area share, `rollupAreaShare`); without it every hazard weighs half area, half people.
 */
export function rollupEntities(
  values: Uint8Array,
  population: ArrayLike<number>,
  members: readonly (readonly number[])[],
  hazardCount: number,
  slotCount: number,
  hazards?: readonly string[],
): Uint8Array {
  const nCells = population.length;
  const out = new Uint8Array(members.length * hazardCount * slotCount);
  members.forEach((list, e) => {
    for (let h = 0; h < hazardCount; h++) {
      const areaShare = hazards ? rollupAreaShare(hazards[h]!) : ROLLUP_AREA_SHARE;
      for (let s = 0; s < slotCount; s++) {
        const base = (h * slotCount + s) * nCells;
        out[(e * hazardCount + h) * slotCount + s] = rollup(
          list.map((k) => ({ code: values[base + k]!, population: population[k]! })),
          areaShare,
        );
      }
    }
  });
  return out;
}
