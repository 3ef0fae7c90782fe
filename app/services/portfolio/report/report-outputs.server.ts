/** What a finished portfolio report holds (report.result): written by the report job, read by the report model. */
import type { NOT_AVAILABLE_REASONS, PortfolioAccumulator } from "~/domain/portfolio/stats";
import type { DisclosureTables } from "~/domain/reports/disclosure";
import type { FloodReportBasis, FloodReportTotals } from "~/domain/reports/flood-figures";
import type { RowIssue } from "../upload/uploads.server";

export interface ReportOutputs {
  output_request_stats: ReturnType<PortfolioAccumulator["requestStats"]>;
  output_risks_overall_estimate: ReturnType<PortfolioAccumulator["overallEstimate"]>;
  output_risks_diversity: ReturnType<PortfolioAccumulator["diversity"]>;
  output_risks_intensity: ReturnType<PortfolioAccumulator["intensity"]>;
  social_by_country_sum: ReturnType<PortfolioAccumulator["socialByCountry"]>;
  not_available: typeof NOT_AVAILABLE_REASONS;
  /** missing: assessed rows whose weighting cell is empty, text or not positive (listed up to PREVIEW_ISSUES_MAX). */
  weighting: { column: string; note: string | null; missing: number; missing_rows: RowIssue[] };
  dataset: { generator: string; version: string };
  piecharts: ReturnType<PortfolioAccumulator["pies"]>;
  summary_table: ReturnType<PortfolioAccumulator["summaryTable"]>;
  /** Kept by the job with "done"; absent on older reports until the corporate view computes it (disclosureFor). */
  disclosure?: DisclosureTables;
  /** Flood money at risk from the depth layers: how it was made and its totals; absent when no layer was stored. */
  flood?: { basis: FloodReportBasis; totals: FloodReportTotals };
}
