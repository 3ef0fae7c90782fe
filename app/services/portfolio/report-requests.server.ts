/**
 * What the portfolio upload API and the scan page ask of an upload: which upload a call means, the purchase gate,
 * the report and each output block.
 */
import type { PortfolioReport, PortfolioUpload } from "#db/schema/index";
import { BadRequestError, NotFoundError, AppError } from "../http/errors.server";
import { findUpload, latestUpload, type PreviewResult } from "./upload/uploads.server";
import { reportOfUpload, requestReport, type ReportOutputs } from "./report/report.server";
import { isReportPaid, paidReportOrderId } from "./report/purchase.server";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { REPORT_FILE_FORMATS } from "~/domain/api/report-files";

export const REPORT_BLOCKS = {
  request_stats: "output_request_stats",
  risks_overall_estimate: "output_risks_overall_estimate",
  risks_diversity: "output_risks_diversity",
  risks_intensity: "output_risks_intensity",
  risks_social_economics: "social_by_country_sum",
} as const satisfies Record<string, keyof ReportOutputs>;
export type ReportBlock = keyof typeof REPORT_BLOCKS;

export class PaymentRequiredError extends AppError {
  constructor() {
    super("The full report needs a confirmed purchase of this portfolio", 402);
  }
}

/** Upload named by upload_id (+ access_token for a visitor's upload), or the caller's latest one. */
export async function resolveUpload(
  params: URLSearchParams | FormData,
  userId: string | null,
): Promise<PortfolioUpload> {
  const id = params.get("upload_id");
  const token = params.get("access_token");
  if (typeof id === "string" && id)
    return findUpload(id, { userId, accessToken: typeof token === "string" ? token : null });
  if (!userId) throw new BadRequestError("upload_id and access_token are required", "upload_id");
  const latest = await latestUpload(userId);
  if (!latest) throw new NotFoundError("No portfolio has been uploaded yet");
  return latest;
}

export function reportProgress(report: PortfolioReport | null) {
  if (!report) return { status: "not_requested" as const, processed: 0, total: 0, percent: 0 };
  const percent =
    report.status === "done"
      ? 100
      : report.total
        ? Math.min(99, Math.floor((report.processed / report.total) * 100))
        : 0;
  return { status: report.status, processed: report.processed, total: report.total, percent, error: report.error };
}

/** Preview charts until the report is done, then the output blocks (spec: request_preview). */
export async function requestPreview(upload: PortfolioUpload) {
  const report = await reportOfUpload(upload.id);
  const summary = upload.summary as Partial<Pick<PreviewResult, "piecharts" | "summary_table">>;
  if (report?.status === "done" && report.result) {
    const r = report.result as unknown as ReportOutputs;
    return {
      status: "ok" as const,
      report: reportProgress(report),
      output_request_stats: r.output_request_stats,
      output_risks_overall_estimate: r.output_risks_overall_estimate,
      output_risks_diversity: r.output_risks_diversity,
      output_risks_intensity: r.output_risks_intensity,
      social_by_country_sum: r.social_by_country_sum,
      not_available: r.not_available,
      report_files: report.files ?? [],
    };
  }
  return {
    status: "ok" as const,
    report: reportProgress(report),
    piecharts: summary.piecharts,
    summary_table: summary.summary_table,
  };
}

/** Starts (or finds) the paid report's job and answers its state and files. */
export async function generateReport(upload: PortfolioUpload, userId: string) {
  if (!(await isReportPaid(upload, userId))) throw new PaymentRequiredError();
  const report = await requestReport(upload, userId);
  const files = report.files ?? [];
  // The paths an API key can follow: the files by the report's id, once they are written.
  const reportId = await paidReportOrderId(upload, userId);
  const downloads =
    reportId !== null && files.length
      ? REPORT_FILE_FORMATS.map((format) => ({
          format,
          path: `${apiUrl(API_PATHS.reportFile(reportId))}?format=${format}`,
        }))
      : [];
  return { status: "ok" as const, report: reportProgress(report), report_id: reportId, downloads, report_files: files };
}

/** One output block of a finished report; 202 with the progress while the job runs. */
export async function reportBlock(upload: PortfolioUpload, userId: string, block: ReportBlock) {
  if (!(await isReportPaid(upload, userId))) throw new PaymentRequiredError();
  const report = (await reportOfUpload(upload.id)) ?? (await requestReport(upload, userId));
  if (report.status !== "done" || !report.result)
    return { status: 202 as const, body: { status: "running" as const, report: reportProgress(report) } };
  const r = report.result as unknown as ReportOutputs;
  const body: Record<string, unknown> = { status: "ok", [REPORT_BLOCKS[block]]: r[REPORT_BLOCKS[block]] };
  if (block === "risks_social_economics") body.not_available = r.not_available;
  // The block's own schema (ReportBlockResponses[block]) names the one key this body holds.
  return { status: 200 as const, body: body as never };
}
