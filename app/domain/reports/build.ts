/** A complete report from locations held in memory (single-location reports, small portfolios). */
import { HAZARD_IDS, type HazardId } from "../hazards/hazards";
import { levelForScore, scoreFromValue } from "../hazards/risk-levels";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  SLOTS,
  type FuturePeriodId,
  type FutureScenarioId,
} from "../hazards/scenarios";
import type { AssessedLocation, PortfolioReport, ReportMetadata, ScoreSummary } from "./types";

/** Revision of docs/methodology.md that the scores follow. */
export const METHODOLOGY_VERSION = "1.0";

function weightedMean(locations: AssessedLocation[], slot: number): ScoreSummary {
  let sum = 0,
    weight = 0;
  for (const l of locations) {
    const v = l.scores?.AL[slot]?.value;
    const w = l.weight ?? 0;
    if (v === null || v === undefined || w <= 0) continue;
    sum += v * w;
    weight += w;
  }
  if (weight <= 0) return { value: null, score: null, level: null };
  const value = Math.round((sum / weight) * 1000) / 1000;
  const score = scoreFromValue(value);
  return { value, score, level: levelForScore(score).code };
}

export function buildPortfolioReport(
  metadata: ReportMetadata,
  locations: AssessedLocation[],
  countryNames: Record<string, string> = {},
): PortfolioReport {
  const valid = locations.filter((l) => l.status === "valid" && l.scores);
  const countries = new Map<string, number>();
  for (const l of valid) if (l.countryCode) countries.set(l.countryCode, (countries.get(l.countryCode) ?? 0) + 1);
  const hexagons = [...new Set(valid.map((l) => l.hexagon).filter((h): h is string => !!h))].sort();
  const future = {} as Record<FutureScenarioId, Record<FuturePeriodId, ScoreSummary>>;
  for (const s of FUTURE_SCENARIO_IDS) {
    future[s] = {} as Record<FuturePeriodId, ScoreSummary>;
    for (const p of FUTURE_PERIOD_IDS)
      future[s][p] = weightedMean(valid, SLOTS.find((x) => x.scenario === s && x.period === p)!.index);
  }
  const diversity: Partial<Record<HazardId, number>> = {};
  for (const h of HAZARD_IDS) diversity[h] = valid.filter((l) => (l.scores![h][0]?.level ?? 0) >= 3).length;
  const intensity: [number, number][] = [1, 2, 3, 4, 5].map((score) => [
    score,
    valid.filter((l) => l.scores!.AL[0]?.level === score).length,
  ]);
  intensity.push([0, valid.filter((l) => l.scores!.AL[0]?.level == null).length]);
  return {
    metadata,
    locations,
    output_request_stats: {
      asset_number: valid.length,
      hexagon_number: hexagons.length,
      country_number: countries.size,
      locations: {
        countries: [...countries].map(([code, n]) => ({
          country_code: code,
          country_name: countryNames[code] ?? code,
          asset_number: n,
        })),
        hexagons,
      },
      report_cost: "0.00",
      new_hexagon_request: 0,
    },
    output_risks_overall_estimate: { hist: weightedMean(valid, 0), future },
    output_risks_diversity: diversity,
    output_risks_intensity: intensity,
    social_by_country_sum: [],
  };
}
