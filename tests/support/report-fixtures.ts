/** Builders of report-model values for tests, benches and the seed. */
import { HAZARD_IDS, type HazardId } from "../../app/domain/hazards/hazards";
import { scoreFromValue } from "../../app/domain/hazards/risk-levels";
import { SLOT_COUNT } from "../../app/domain/hazards/scenarios";
import { buildPortfolioReport } from "../../app/domain/reports/build";
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
