/**
 * The portfolio report model: what an assessment produces and what the PDF, XLSX and disclosure views read.
 * Pure types and tiny accessors: safe to import anywhere.
 */
import type { AssetFloodFigures, FloodReportBasis } from "./flood-figures";
import type { HazardId } from "../hazards/hazards";
import type { RiskLevelCode, RiskScore } from "../hazards/risk-levels";
import type { FuturePeriodId, FutureScenarioId } from "../hazards/scenarios";

/** One hazard in one scenario × period slot. value and level are null when not applicable or without data. */
export interface SlotScore {
  /** 0..1 */
  value: number | null;
  level: RiskScore | null;
  /** false: the hazard does not apply here (e.g. storm surge far inland); value is then null. */
  applicable: boolean;
  /** Set where a flood-depth layer scored the cell (river or coastal flood at a point); absent: the screening index. */
  fromDepthMap?: true;
}

/**
 * Scores of one location: for every hazard (AL included), an array indexed by slot (see SLOTS in
 * domain/scenarios: 0 = hist, then rcp26/rcp45/rcp85 × 2030/2040/2050).
 */
export type LocationScores = Record<HazardId, SlotScore[]>;

export type LocationStatus = "valid" | "excluded";

/** One row of the user's file, assessed or left out with the reason. Every input row yields one. */
export interface AssessedLocation {
  /** 1-based row number in the user's file (header rows counted), so the user can find the row. */
  rowNumber: number;
  /** The user's own asset id, verbatim ("" when their file has no id column). */
  assetId: string;
  name: string;
  /** null when the row's coordinates could not be read. */
  lat: number | null;
  lon: number | null;
  /** Every column of the user's file for this row, verbatim, in the file's column order. */
  userColumns: Record<string, string>;
  countryCode: string | null;
  regionCode: string | null;
  /** H3 resolution-4 cell. */
  hexagon: string | null;
  /**
   * Value of the weighting column; 1 when no weighting column is chosen; null when the cell is empty, not a
   * number or not positive (the row then adds nothing to weighted figures and its reason says so).
   */
  weight: number | null;
  status: LocationStatus;
  /** Why the row was left out; for a valid row, what is wrong with it (an unusable weight), else null. */
  reason: string | null;
  /** How the point was found when not as the file gives it ("coordinates swapped, corrected", "city centroid"). */
  precision?: string | null;
  /** Row number of the earlier row at the same coordinates, when this row repeats a location. */
  duplicateOf?: number | null;
  /** null for excluded rows. */
  scores: LocationScores | null;
  /** Flood money at risk from the depth layers, when the report was made with layers (absent otherwise). */
  flood?: AssetFloodFigures | null;
}

export interface ReportMetadata {
  reportId: string;
  user: { id: string; email: string; name?: string | null };
  /** ISO 8601 timestamp. */
  createdAt: string;
  /** Risk dataset version (data/manifest.json / dataset header). */
  datasetVersion: string;
  /** Version of docs/methodology.md the scores follow. */
  methodologyVersion: string;
  inputFile: { name: string; sha256: string; bytes?: number };
  /** Column used to weight locations; null = each location weighs 1. */
  weightingColumn: string | null;
  /** Currency of the weighting column when it holds asset values (absent on older reports): amounts are given in it. */
  valueCurrency?: string | null;
  /** Column names of the user's file, in order (the keys of AssessedLocation.userColumns). */
  columns: string[];
  /** How the flood figures were made, when the report was made with flood-depth layers; absent: none. */
  flood?: FloodReportBasis | null;
  /** The columns holding a loan book's own figures (EBA Template 5), by role; absent or empty: none. */
  loanColumns?: Partial<Record<"sector" | "collateral" | "carrying" | "maturity" | "stage" | "impairment", string>>;
}

/** A weighted mean value with its band. */
export interface ScoreSummary {
  value: number | null;
  score: RiskScore | null;
  level: RiskLevelCode | null;
}

export interface OutputRequestStats {
  asset_number: number;
  hexagon_number: number;
  country_number: number;
  locations: {
    countries: { country_code: string; country_name: string; asset_number: number }[];
    hexagons: string[];
  };
  /** The money charged for the report (gross, price format), with report_currency: see reportCostOf. */
  report_cost: number | string;
  report_currency?: string;
  new_hexagon_request: number;
}

/** Weighted mean of the aggregate hazard (AL): historical, and each scenario × horizon. */
export interface OutputRisksOverallEstimate {
  hist: ScoreSummary;
  future: Record<FutureScenarioId, Record<FuturePeriodId, ScoreSummary>>;
}

/** Per hazard code: valid locations at High (level ≥ 3) or above, historical slot. */
export type OutputRisksDiversity = Partial<Record<HazardId, number>>;

/** (score, count) pairs of the aggregate hazard, historical slot; score 0 counts locations without a score. */
export type OutputRisksIntensity = [number, number][];

/** Social and economic exposure of one country. null figures are not available; the reasons say why. */
export interface SocialByCountry {
  country_code: string;
  country_name: string;
  asset_number: number;
  hexagon_number: number;
  population_at_risk: number | null;
  electricity_consumption_at_risk: number | null;
  agricultural_land_total_surface_at_risk: number | null;
}

export interface PortfolioAggregates {
  output_request_stats: OutputRequestStats;
  output_risks_overall_estimate: OutputRisksOverallEstimate;
  output_risks_diversity: OutputRisksDiversity;
  output_risks_intensity: OutputRisksIntensity;
  social_by_country_sum: SocialByCountry[];
  /** Why a social_by_country_sum figure is null, by field name. */
  not_available_reasons?: Partial<Record<keyof SocialByCountry, string>>;
}

export interface PortfolioReport extends PortfolioAggregates {
  metadata: ReportMetadata;
  locations: AssessedLocation[];
}

export type LocationStream = Iterable<AssessedLocation> | AsyncIterable<AssessedLocation>;

/**
 * The same report with its locations as a stream: generators take this so 100k+ rows are never all in memory.
 * A function is called once per pass (the PDF reads the locations twice: totals, then the appendix), so give
 * a function that re-opens the stream, or an array. A PortfolioReport is one too.
 */
export interface PortfolioReportSource extends PortfolioAggregates {
  metadata: ReportMetadata;
  locations: readonly AssessedLocation[] | (() => LocationStream);
}

/** Opens one pass over the locations of a source. */
export function openLocations(source: Pick<PortfolioReportSource, "locations">): LocationStream {
  return typeof source.locations === "function" ? source.locations() : source.locations;
}

/** Report file kinds, stored and listed per user. */
export const REPORT_FILE_KINDS = [
  "portfolio_pdf",
  "portfolio_xlsx",
  "corporate_pdf",
  "corporate_xlsx",
  "single_pdf",
] as const;
export type ReportFileKind = (typeof REPORT_FILE_KINDS)[number];
