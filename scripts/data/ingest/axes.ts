// Hazard ids, scenarios and periods come from app/domain; this file adds the slot key the ingest output uses.
import { HAZARD_IDS, parseHazardId, type HazardId } from '~/domain/hazards/hazards';
import {
  SCENARIO_IDS,
  isValidCombination,
  parsePeriod,
  parseScenario,
  type PeriodId,
  type ScenarioId,
} from '~/domain/hazards/scenarios';
import { IngestError } from './types';

export { HAZARD_IDS, SCENARIO_IDS };
export type { HazardId, PeriodId, ScenarioId };
export const H3_RESOLUTION = 4;

/** Period spellings named in messages; parsePeriod also takes 'hist'. */
export const PERIOD_NAMES = ['historical', '2030', '2040', '2050'] as const;

export const normaliseHazard = (raw: string): HazardId | null => parseHazardId(raw);
export const normaliseScenario = (raw: string): ScenarioId | null => parseScenario(raw);
export const normalisePeriod = (raw: string): PeriodId | null => parsePeriod(raw);

const periodLabel = (p: PeriodId) => (p === 'hist' ? 'historical' : p);

/** `hist` pairs only with the historical period, and the RCPs only with future periods. */
export function slotProblem(scenario: ScenarioId, period: PeriodId): string | null {
  if (isValidCombination(scenario, period)) return null;
  return scenario === 'hist'
    ? `scenario 'hist' needs period 'historical', got '${periodLabel(period)}'`
    : `period 'historical' needs scenario 'hist', got '${scenario}'`;
}

/** The slot key of IngestedLayer.slots, e.g. 'hist:historical' or 'rcp85:2050'. */
export function slotKey(scenario: ScenarioId, period: PeriodId): string {
  return `${scenario}:${periodLabel(period)}`;
}

/**
 * Resolves the slot of a gridded file from options. Omitting both means the historical baseline;
 * giving one side of `hist:historical` implies the other.
 */
export function resolveSlot(scenario: string | undefined, period: string | undefined, warnings: string[]): string {
  if (scenario === undefined && period === undefined) {
    warnings.push("no scenario/period given: assumed 'hist:historical'");
    return slotKey('hist', 'hist');
  }
  const s = scenario !== undefined ? normaliseScenario(scenario) : null;
  const p = period !== undefined ? normalisePeriod(period) : null;
  if (scenario !== undefined && !s) {
    throw new IngestError(`unknown scenario '${scenario}' (expected one of ${SCENARIO_IDS.join(', ')})`);
  }
  if (period !== undefined && !p) {
    throw new IngestError(`unknown period '${period}' (expected one of ${PERIOD_NAMES.join(', ')})`);
  }
  const sc = s ?? (p === 'hist' ? 'hist' : null);
  const pe = p ?? (s === 'hist' ? 'hist' : null);
  if (!sc) throw new IngestError(`period '${period}' needs a scenario (one of rcp26, rcp45, rcp85)`);
  if (!pe) throw new IngestError(`scenario '${scenario}' needs a period (one of 2030, 2040, 2050)`);
  const problem = slotProblem(sc, pe);
  if (problem) throw new IngestError(problem);
  return slotKey(sc, pe);
}

export function requireHazard(raw: string): HazardId {
  const h = normaliseHazard(raw);
  if (!h) throw new IngestError(`unknown hazard '${raw}' (expected one of ${HAZARD_IDS.join(' ')})`);
  return h;
}
