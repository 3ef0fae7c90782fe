/** Whole-dataset figures: the level distribution of every hazard and the monotonicity checks. */
import { HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { RISK_LEVELS, scoreFromValue, type RiskLevelCode } from "~/domain/hazards/risk-levels";
import { SLOT_COUNT, slotIndex } from "~/domain/hazards/scenarios";
import { CODE_NA, VALUE_SCALE } from "../dataset";
import { slotAridityIndex } from "../formulas";
import type { DatasetStatistic } from "../types";
import type { CellTable } from "./cells";
import { SLOT_CONTEXTS } from "./scorer";

export interface SanityCounts {
  hwViolations: number;
  csViolations: number;
  scenarioViolations: number;
  inlandCoastal: number;
}

/** Whole-dataset monotonicity and applicability checks used by the validation script and tests. */
export function sanity(cells: CellTable): SanityCounts {
  const n = cells.header.nCells;
  const v = cells.a.values;
  const at = (h: HazardId, slot: number, k: number) => v[(HAZARD_IDS.indexOf(h) * SLOT_COUNT + slot) * n + k]!;
  const s26 = slotIndex("rcp26", "2050"),
    s85 = slotIndex("rcp85", "2050");
  let hw = 0,
    cs = 0,
    sc = 0,
    inland = 0;
  const coast = cells.a.fields.coastKm!;
  for (let k = 0; k < n; k++) {
    if (at("HW", s85, k) < at("HW", 0, k)) hw++;
    if (at("CS", s85, k) > at("CS", 0, k)) cs++;
    for (const h of ["HW", "ER", "WF", "SL", "SS", "TC", "PC"] as HazardId[]) {
      const a = at(h, s85, k),
        b = at(h, s26, k);
      if (a <= VALUE_SCALE && b <= VALUE_SCALE && a < b) sc++;
    }
    // drought follows the balance of rain and demand: more warming dries it where demand outruns rain and wets
    // it where rain rises faster (the high latitudes)
    const d85 = at("DR", s85, k),
      d26 = at("DR", s26, k);
    if (d85 <= VALUE_SCALE && d26 <= VALUE_SCALE && d85 !== d26) {
      const c = cells.cellInputs(k);
      const wetter = slotAridityIndex(c, SLOT_CONTEXTS[s85]!) > slotAridityIndex(c, SLOT_CONTEXTS[s26]!);
      if (wetter ? d85 > d26 : d85 < d26) sc++;
    }
    if (coast[k]! > 200 && (at("SS", 0, k) !== CODE_NA || at("SL", 0, k) !== CODE_NA)) inland++;
  }
  return { hwViolations: hw, csViolations: cs, scenarioViolations: sc, inlandCoastal: inland };
}

/** The dataset's size and the historical level distribution of every hazard (shares of cells, 4 decimals). */
export function statistic(cells: CellTable, loadMs: number, memoryBytes: number): DatasetStatistic {
  const n = cells.header.nCells;
  const dist: DatasetStatistic["hist_distribution"] = {};
  HAZARD_IDS.forEach((h, hi) => {
    const counts: Record<RiskLevelCode | "na" | "nodata", number> = {
      L: 0,
      M: 0,
      H: 0,
      S: 0,
      E: 0,
      na: 0,
      nodata: 0,
    };
    const base = hi * SLOT_COUNT * n;
    for (let k = 0; k < n; k++) {
      const c = cells.a.values[base + k]!;
      if (c === CODE_NA) counts.na++;
      else if (c > VALUE_SCALE) counts.nodata++;
      else counts[RISK_LEVELS[scoreFromValue(c / VALUE_SCALE) - 1]!.code]++;
    }
    for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] = Math.round((counts[k] / n) * 1e4) / 1e4;
    dist[h] = counts;
  });
  return {
    cells: n,
    countries: cells.header.nCountries,
    regions: cells.header.nRegions,
    hazards: HAZARD_IDS.length,
    slots: SLOT_COUNT,
    generator: cells.header.generator,
    load_ms: loadMs,
    memory_bytes: memoryBytes,
    hist_distribution: dist,
  };
}
