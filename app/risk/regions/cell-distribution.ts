/**
 * How many of a country's or region's H3 cells fall in each risk level, per hazard, for one scenario × period:
 * the dashboard's level pies. Counts come from the cells themselves, not from the rollup of the place.
 */
import { HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import type { LevelCounts } from "~/domain/portfolio/stats";
import { RISK_LEVELS, scoreFromValue } from "~/domain/hazards/risk-levels";
import { slotIndex } from "~/domain/hazards/scenarios";
import { VALUE_SCALE } from "../dataset";
import type { RiskEngine } from "../engine/risk-engine";

export type { LevelCounts };

/** Dataset rows of each country and region code, built once per engine (one pass over the cells). */
const membersByEngine = new WeakMap<RiskEngine, Map<string, number[]>>();

function membersOf(engine: RiskEngine): Map<string, number[]> {
  let members = membersByEngine.get(engine);
  if (members) return members;
  members = new Map();
  const add = (code: string, row: number) => {
    const list = members!.get(code);
    if (list) list.push(row);
    else members!.set(code, [row]);
  };
  for (let row = 0; row < engine.cellCount; row++) {
    const country = engine.countryOfRow(row);
    if (country) add(country.code, row);
    const region = engine.regionOfRow(row);
    if (region) add(region, row);
  }
  membersByEngine.set(engine, members);
  return members;
}

/** Dataset rows of a country's or region's own cells (empty for an unknown code or a place without cells). */
export function cellRowsOf(engine: RiskEngine, countryOrRegionCode: string): readonly number[] {
  return membersOf(engine).get(countryOrRegionCode) ?? [];
}

/**
 * Per hazard (AL included), the place's cells by level; cells where the hazard does not apply or has no data count
 * as `none`. Null for a hexagon (one cell is not a distribution) and for a place with no cell of its own.
 * Throws the engine's input and not-found errors for a bad code, scenario or period.
 */
export function cellLevelDistribution(
  engine: RiskEngine,
  locationCode: unknown,
  scenario?: unknown,
  period?: unknown,
): Record<HazardId, LevelCounts> | null {
  const place = engine.scores(locationCode, scenario, period);
  if (place.location_type === "hexagon") return null;
  const rows = membersOf(engine).get(place.location_code);
  if (!rows?.length) return null;
  const slot = slotIndex(place.scenario, place.period);
  const out = {} as Record<HazardId, LevelCounts>;
  HAZARD_IDS.forEach((h, hi) => {
    const counts: LevelCounts = { L: 0, M: 0, H: 0, S: 0, E: 0, none: 0 };
    for (const row of rows) {
      const code = engine.valueCode(row, hi, slot);
      if (code > VALUE_SCALE) counts.none++;
      else counts[RISK_LEVELS[scoreFromValue(code / VALUE_SCALE) - 1]!.code]++;
    }
    out[h] = counts;
  });
  return out;
}
