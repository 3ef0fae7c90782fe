/**
 * A paid portfolio assessed again with the current hazard dataset: a new report of the same stored upload, made at
 * no cost (no order, no invoice) while the purchase covers the same locations, audited by the report row itself
 * (who, when, from which report, which dataset) and a log line.
 */
import { sql } from "drizzle-orm";
import { portfolioReports, type PortfolioReport, type PortfolioUpload } from "#db/schema/index";
import { formatDocumentDate } from "~/domain/commerce/orders";
import { REASSESS_TEXT, reassessment, type ReassessDecision } from "~/domain/portfolio/reassessment";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { latestPaidOrderFor, reportQuantityOf } from "../../commerce/orders/orders.server";
import { getDb } from "../../infra/db.server";
import { logger } from "../../infra/logger.server";
import { AppError, ConflictError } from "../../http/errors.server";
import { PORTFOLIO_REPORT_PRODUCT } from "./purchase.server";
import { newReportValues, queueReport, reportDatasetVersion, reportOfUpload } from "./report.server";

/** Refused because the purchase no longer covers a new assessment: the portfolio is ordered again. */
export class ReassessPaymentRequiredError extends AppError {
  constructor(message: string) {
    super(message, 402);
  }
}

export interface ReassessOffer {
  decision: ReassessDecision;
  /** The dataset the latest report used, and the one the engine serves now. */
  from: string | null;
  to: string;
  /** The sentence the report page shows for the decision. */
  message: string;
  reportId: string;
  orderId: number | null;
}

/**
 * What the rule says for the upload's latest finished report, or null when there is nothing to assess again (no
 * finished report, or the upload is not the user's).
 */
export async function reassessOffer(
  upload: PortfolioUpload,
  userId: string,
  now = new Date(),
): Promise<ReassessOffer | null> {
  if (upload.userId !== userId) return null;
  const report = await reportOfUpload(upload.id);
  if (!report || report.status !== "done") return null;
  const order = upload.leadId ? await latestPaidOrderFor(Number(upload.leadId), PORTFOLIO_REPORT_PRODUCT) : null;
  const from = reportDatasetVersion(report);
  const to = getRiskEngine().datasetVersion;
  const decision = reassessment({
    paidAt: order?.paidAt ?? null,
    paidLocations: order?.quantity ?? null,
    locations: reportQuantityOf(upload.summary),
    reportDataset: from,
    currentDataset: to,
    now,
  });
  return {
    decision,
    from,
    to,
    message: offerMessage(decision, from, to),
    reportId: report.id,
    orderId: order?.id ?? null,
  };
}

function offerMessage(decision: ReassessDecision, from: string | null, to: string): string {
  switch (decision.kind) {
    case "free":
      return REASSESS_TEXT.offer(from ?? "of an earlier build", to, formatDocumentDate(decision.until));
    case "expired":
      return REASSESS_TEXT.expired(to);
    case "unchanged":
      return REASSESS_TEXT.unchanged(to);
    case "other_locations":
      return REASSESS_TEXT.otherLocations;
    case "not_paid":
      return REASSESS_TEXT.notPaid;
  }
}

/**
 * Makes the new report with the current dataset and queues it, when the rule allows it at no cost; otherwise throws
 * with the rule's message (402 when the portfolio is to be ordered again). Submitting twice makes one report.
 */
export async function reassessReport(
  upload: PortfolioUpload,
  userId: string,
  now = new Date(),
): Promise<PortfolioReport> {
  const latest = upload.userId === userId ? await reportOfUpload(upload.id) : null;
  // Submitted again: the new assessment already made with the current dataset answers.
  if (latest?.reassessedFrom && latest.datasetVersion === getRiskEngine().datasetVersion) return queueReport(latest);
  const offer = await reassessOffer(upload, userId, now);
  if (!offer) throw new ConflictError(REASSESS_TEXT.notPaid);
  const { decision } = offer;
  if (decision.kind === "expired" || decision.kind === "not_paid")
    throw new ReassessPaymentRequiredError(offer.message);
  if (decision.kind !== "free") throw new ConflictError(offer.message);
  const db = await getDb();
  const [created] = await db
    .insert(portfolioReports)
    .values({
      ...newReportValues(upload, userId),
      datasetVersion: offer.to,
      reassessedFrom: offer.reportId,
      heartbeatAt: sql`now()`,
    })
    .onConflictDoNothing({
      target: [portfolioReports.uploadId, portfolioReports.datasetVersion],
      where: sql.raw(`"reassessed_from" IS NOT NULL`),
    })
    .returning();
  if (created)
    logger.info(
      {
        audit: "portfolio_reassessed",
        userId,
        uploadId: upload.id,
        reportId: created.id,
        reassessedFrom: offer.reportId,
        orderId: offer.orderId,
        from: offer.from,
        to: offer.to,
      },
      "portfolio assessed again at no cost with the current dataset",
    );
  return queueReport(created ?? (await reportOfUpload(upload.id))!);
}
