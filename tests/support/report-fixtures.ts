/** Builders of report-model values for tests, benches and the seed. */
import { HAZARD_IDS, type HazardId } from "../../app/domain/hazards/hazards";
import { scoreFromValue } from "../../app/domain/hazards/risk-levels";
import { SLOT_COUNT } from "../../app/domain/hazards/scenarios";
import { levelForScore } from "../../app/domain/hazards/risk-levels";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  SLOTS,
  type FuturePeriodId,
  type FutureScenarioId,
} from "../../app/domain/hazards/scenarios";
import type { ScoreSummary } from "../../app/domain/reports/types";
import type {
  AssessedLocation,
  LocationScores,
  PortfolioReport,
  ReportMetadata,
  SlotScore,
} from "../../app/domain/reports/types";

/** A value per slot, "na" for not applicable, null for no data. */
export type SlotValues = readonly (number | "na" | null)[];

export function slotScores(values: SlotValues): SlotScore[] {
  return Array.from({ length: SLOT_COUNT }, (_, i) => {
    const v = values[i] ?? null;
    if (v === "na") return { value: null, level: null, applicable: false };
    if (v === null) return { value: null, level: null, applicable: true };
    return { value: v, level: scoreFromValue(v), applicable: true };
  });
}

/** Scores with every hazard at `base` in every slot, then the given hazards overridden. */
export function locationScores(
  base: number,
  overrides: Partial<Record<HazardId, SlotValues | number | "na" | null>> = {},
): LocationScores {
  const out = {} as LocationScores;
  for (const h of HAZARD_IDS) {
    const o = overrides[h];
    out[h] = slotScores(
      o === undefined ? Array(SLOT_COUNT).fill(base) : Array.isArray(o) ? o : Array(SLOT_COUNT).fill(o),
    );
  }
  return out;
}

export function assessedLocation(over: Partial<AssessedLocation> & { rowNumber: number }): AssessedLocation {
  return {
    assetId: `A-${over.rowNumber}`,
    name: `Site ${over.rowNumber}`,
    lat: 51.5,
    lon: -0.12,
    userColumns: {},
    countryCode: "GB",
    regionCode: "GB-ENG",
    hexagon: "84194adffffffff",
    weight: 1,
    status: "valid",
    reason: null,
    scores: locationScores(0.1),
    ...over,
  };
}

export function reportMetadata(over: Partial<ReportMetadata> = {}): ReportMetadata {
  return {
    reportId: "00000000-0000-4000-8000-000000000001",
    user: { id: "00000000-0000-4000-8000-000000000002", email: "risk@example.com", name: "Risk Team" },
    createdAt: "2026-11-23T00:00:00.000Z",
    datasetVersion: "1.0.0",
    methodologyVersion: "1.0",
    inputFile: { name: "sites.csv", sha256: "ab".repeat(32), bytes: 1234 },
    weightingColumn: null,
    columns: [],
    ...over,
  };
}

/** A report around the given locations, aggregates computed from them. */
export function portfolioReport(
  locations: AssessedLocation[],
  metadata: Partial<ReportMetadata> = {},
): PortfolioReport {
  return buildPortfolioReport(reportMetadata(metadata), locations);
}

/** A complete report from locations held in memory. */
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

function buildPortfolioReport(
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
