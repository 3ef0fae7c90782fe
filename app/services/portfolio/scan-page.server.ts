/** View model of /dashboard/scan: the user's upload, its preview, the purchase state and the report's progress. */
import { DEFAULT_WEIGHTING_COLUMN } from "~/domain/portfolio/limits";
import { moneyBasis } from "~/domain/portfolio/columns/value-column";
import { WEIGHTING_TEXT, effectiveWeightColumn, weightingSummary } from "~/domain/portfolio/weighting";
import { HAZARDS, type HazardId } from "~/domain/hazards/hazards";
import type { PortfolioUpload } from "#db/schema/index";
import { reportProgress } from "./api.server";
import { isReportPaid, orderReport } from "./report/purchase.server";
import { reassessOffer } from "./report/reassess.server";
import { reportOfUpload, type ReportOutputs } from "./report/report.server";
import { findUpload, latestUpload, uploadColumnMap, type PreviewResult } from "./upload/uploads.server";

export type StoredPreview = Omit<PreviewResult, "access_token">;

/** `step`: "order" shows the first order of the report; "reorder" the order of a new assessment once the free period ended. */
export async function loadScanPage(userId: string, uploadId: string | null, step: string | null = null) {
  const upload: PortfolioUpload | null = uploadId ? await findUpload(uploadId, { userId }) : await latestUpload(userId);
  if (!upload) return { upload: null };
  const preview = upload.summary as unknown as StoredPreview;
  const report = await reportOfUpload(upload.id);
  const paid = await isReportPaid(upload, userId);
  const offer = paid ? await reassessOffer(upload, userId) : null;
  const reorder = step === "reorder" && offer?.decision.kind === "expired";
  const order = !paid && step === "order" ? await orderReport(upload, userId) : reorder ? await orderReport(upload, userId, offer.to) : null;
  return {
    upload: {
      id: upload.id,
      fileName: upload.fileName,
      leadId: upload.leadId,
      weightColumn: upload.weightColumn ?? DEFAULT_WEIGHTING_COLUMN,
      /** The column that really weighs the locations (null: none, each weighs 1) and how the page says it. */
      weighting: weightingSummary(upload.weightColumn, upload.columns),
      /** The value column's currency: amounts in money need it (stated in the column's name or chosen). */
      valueCurrency: upload.valueCurrency,
      money: moneyBasis(effectiveWeightColumn(upload.weightColumn, upload.columns), upload.valueCurrency),
      weightedBy: preview.weighted_by.map((column) => ({
        column,
        label: upload.columns.includes(column) ? column : WEIGHTING_TEXT.absentOption(column),
      })),
      createdAt: upload.createdAt.toISOString(),
      /** The file's columns and the one chosen for each role (index, or null), for the column-mapping step. */
      columns: upload.columns,
      columnMap: uploadColumnMap(upload),
    },
    preview,
    hazardNames: Object.fromEntries(Object.entries(HAZARDS).map(([id, h]) => [id, h.name])) as Record<HazardId, string>,
    paid,
    order,
    /** A new assessment with the current dataset: what the rule says of the latest finished report (null: none). */
    reassess: offer ? { kind: offer.decision.kind, from: offer.from, to: offer.to, message: offer.message, reorder } : null,
    report: reportProgress(report),
    outputs: report?.status === "done" ? (report.result as unknown as ReportOutputs) : null,
    files: report?.files ?? [],
  };
}
