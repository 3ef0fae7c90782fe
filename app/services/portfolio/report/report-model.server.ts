/**
 * The stored upload and its finished job as the shared report model (domain/reports/types): every row of the
 * user's file as an AssessedLocation, valid with its scores or excluded with the reason, streamed chunk by chunk.
 */
import type { PortfolioReport as ReportRow, PortfolioUpload } from "#db/schema/index";
import { HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { ROW_REASONS } from "~/domain/portfolio/limits";
import { effectiveWeightColumn } from "~/domain/portfolio/weighting";
import { scoreFromValue } from "~/domain/hazards/risk-levels";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import type {
  AssessedLocation,
  LocationScores,
  PortfolioReportSource,
  ReportMetadata,
  SlotScore,
} from "~/domain/reports/types";
import { LOAN_ROLES } from "~/domain/portfolio/columns/columns";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import { CODE_NA, VALUE_SCALE } from "~/risk/dataset";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { assessLocation } from "../assess.server";
import type { ReportOutputs } from "./report-outputs.server";
import { ROW_STATUS, uploadRows, weightOf, type StoredRow } from "../upload/uploads.server";
import { sameAssetOf } from "../ingest/row-pipeline.server";

function text(v: unknown): string {
  return v === null || v === undefined ? "" : String(v);
}

/**
 * A location's scores from its assessment's value codes (the point's own, or its cell's), so the report's list, its
 * XLSX and PDF rows and its disclosure tables read the one assessment its figures are made of. Rows at the same place
 * share their assessment's codes, and so one scores object (read, never written).
 */
const scoreCache = new WeakMap<Uint8Array, LocationScores>();

function scoresOf(codes: Uint8Array): LocationScores {
  let scores = scoreCache.get(codes);
  if (!scores) scoreCache.set(codes, (scores = scoresOfCodes(codes)));
  return scores;
}

/**
 * One shared, frozen SlotScore per stored code (0-255): a cell's 130 slots point at these instead of holding 130
 * objects of their own, which kept a large report's score cache at hundreds of MB.
 */
const SLOT_SCORES: readonly SlotScore[] = Array.from({ length: 256 }, (_, code) =>
  Object.freeze(
    code > VALUE_SCALE
      ? { value: null, level: null, applicable: code !== CODE_NA }
      : { value: code / VALUE_SCALE, level: scoreFromValue(code / VALUE_SCALE), applicable: true },
  ),
);

function scoresOfCodes(codes: Uint8Array): LocationScores {
  const out = {} as LocationScores;
  HAZARD_IDS.forEach((h: HazardId, hi) => {
    const slots: SlotScore[] = [];
    for (let s = 0; s < SLOT_COUNT; s++) slots.push(SLOT_SCORES[codes[hi * SLOT_COUNT + s]!]!);
    out[h] = slots;
  });
  return out;
}

/** `assessed` is the row's assessment when the caller already has it (assessLocation of its coordinates). */
export function toAssessedLocation(
  engine: RiskEngine,
  upload: PortfolioUpload,
  row: StoredRow,
  assessed?: ReturnType<typeof assessLocation>,
): AssessedLocation {
  const [rowNumber, status, reason, lat, lon, cells, duplicateOf, precision] = row;
  const { columns } = upload;
  const userColumns: Record<string, string> = {};
  for (let i = 0; i < columns.length; i++) userColumns[columns[i]!] = text(cells[i]);
  const assetId = upload.idColumn !== null ? text(cells[upload.idColumn]).trim() : "";
  const name = upload.nameColumn !== null ? text(cells[upload.nameColumn]).trim() : "";
  const weight = weightOf(upload, cells);
  // A row repeating an asset is left out like an invalid one, with its reason: its asset's first row stands for it.
  const located = status === ROW_STATUS.valid && lat !== null && lon !== null && sameAssetOf(row) === null;
  const a = !located ? null : assessed === undefined ? assessLocation(engine, lat, lon) : assessed;
  // One object literal per outcome, all of the same shape: a report makes one per row.
  if (!a) {
    const why = !located ? reason : ROW_REASONS.atSea;
    return {
      rowNumber,
      assetId,
      name,
      lat,
      lon,
      userColumns,
      duplicateOf: duplicateOf ?? null,
      precision: null,
      countryCode: null,
      regionCode: null,
      hexagon: null,
      weight,
      status: "excluded",
      reason: why,
      scores: null,
    };
  }
  return {
    rowNumber,
    assetId,
    name,
    lat,
    lon,
    userColumns,
    duplicateOf: duplicateOf ?? null,
    precision: precision ?? null,
    countryCode: a.country,
    regionCode: a.region,
    hexagon: a.hexagon,
    weight,
    status: "valid",
    reason: weight === null ? ROW_REASONS.badWeight : null,
    scores: scoresOf(a.codes),
  };
}

export async function* assessedLocations(upload: PortfolioUpload): AsyncGenerator<AssessedLocation> {
  const engine = getRiskEngine();
  for await (const row of uploadRows(upload.id)) yield toAssessedLocation(engine, upload, row);
}

/** The file's column name for each loan role the upload maps (EBA Template 5). */
export function loanColumnsOf(upload: PortfolioUpload): NonNullable<ReportMetadata["loanColumns"]> {
  const roles = upload.columnRoles ?? {};
  const out: NonNullable<ReportMetadata["loanColumns"]> = {};
  for (const role of LOAN_ROLES) {
    const i = roles[role];
    if (i !== null && i !== undefined && upload.columns[i] !== undefined) out[role] = upload.columns[i];
  }
  return out;
}

/** The finished report as the generators' source: aggregates from the job, locations streamed from the upload. */
export function reportSource(
  report: ReportRow,
  upload: PortfolioUpload,
  user: { id: string; email: string; name?: string | null },
): PortfolioReportSource {
  const r = report.result as unknown as ReportOutputs;
  return {
    metadata: {
      reportId: report.id,
      user,
      createdAt: (report.finishedAt ?? report.createdAt).toISOString(),
      datasetVersion: r.dataset.version,
      methodologyVersion: METHODOLOGY_VERSION,
      inputFile: { name: upload.fileName, sha256: upload.fileSha256, bytes: upload.fileBytes },
      weightingColumn: effectiveWeightColumn(upload.weightColumn, upload.columns),
      valueCurrency: upload.valueCurrency,
      columns: upload.columns,
      loanColumns: loanColumnsOf(upload),
      flood: r.flood?.basis ?? null,
    },
    output_request_stats: r.output_request_stats,
    output_risks_overall_estimate: r.output_risks_overall_estimate,
    output_risks_diversity: r.output_risks_diversity,
    output_risks_intensity: r.output_risks_intensity,
    social_by_country_sum: r.social_by_country_sum,
    not_available_reasons: r.not_available,
    locations: () => assessedLocations(upload),
  };
}
