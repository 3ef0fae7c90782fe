/**
 * The self-service purchase of a portfolio report through commerce: the file transfer gives the upload a lead,
 * an order prices the report for the upload's unique valid locations, confirming it pays; the full report opens only
 * for a paid order of the portfolio report for that lead at that count.
 */
import { eq } from "drizzle-orm";
import { portfolioUploads, type PortfolioUpload } from "#db/schema/index";
import { PENDING_ORDER_TIMEOUT_MS, type ReportCharge, type SelfServiceProductCode } from "~/domain/commerce/orders";
import { createLead } from "../../commerce/orders/leads.server";
import {
  confirmPurchase,
  createSelfServiceOrder,
  isLeadPaidFor,
  latestPaidOrderFor,
  leadChargeFor,
  reportQuantityOf,
} from "../../commerce/orders/orders.server";
import { getDb } from "../../infra/db.server";

/** The self-service product of a portfolio report (priced per unique valid location). */
export const PORTFOLIO_REPORT_PRODUCT = "portfolio_report" satisfies SelfServiceProductCode;

/** What the buyer was charged for the upload's report (null: not paid): the files print this amount. */
export async function reportCharge(upload: PortfolioUpload): Promise<ReportCharge | null> {
  if (!upload.leadId) return null;
  return leadChargeFor(Number(upload.leadId), PORTFOLIO_REPORT_PRODUCT, reportQuantityOf(upload.summary));
}

export async function isReportPaid(upload: PortfolioUpload, userId: string): Promise<boolean> {
  if (upload.userId !== userId || !upload.leadId) return false;
  return isLeadPaidFor(Number(upload.leadId), PORTFOLIO_REPORT_PRODUCT, reportQuantityOf(upload.summary));
}

/** The id of the paid order that bought this upload's report: the id /v1/reports/{id}/file and get_reports_list know it by. */
export async function paidReportOrderId(upload: PortfolioUpload, userId: string): Promise<number | null> {
  if (upload.userId !== userId || !upload.leadId) return null;
  return (await latestPaidOrderFor(Number(upload.leadId), PORTFOLIO_REPORT_PRODUCT))?.id ?? null;
}

/** POST /v1/lead/file_transfer: the upload's lead, created once. */
export async function fileTransfer(upload: PortfolioUpload, userId: string | null): Promise<number> {
  if (upload.leadId) return Number(upload.leadId);
  const { leadId } = await createLead({ userId, kind: "portfolio", reference: upload.id });
  const db = await getDb();
  await db
    .update(portfolioUploads)
    .set({ leadId: String(leadId) })
    .where(eq(portfolioUploads.id, upload.id));
  upload.leadId = String(leadId);
  return leadId;
}

/**
 * The report order of an upload: the same one on every call within a pending-order timeout, a fresh one after (the
 * earlier one may have expired unpaid and been cancelled). `againWithDataset`: the order of a paid portfolio whose
 * free period for new assessments has ended, one per dataset version.
 */
export async function orderReport(upload: PortfolioUpload, userId: string, againWithDataset?: string) {
  const leadId = await fileTransfer(upload, userId);
  const period = Math.floor(Date.now() / PENDING_ORDER_TIMEOUT_MS);
  return createSelfServiceOrder({
    userId,
    leadId,
    products: [PORTFOLIO_REPORT_PRODUCT],
    reassessment: againWithDataset !== undefined,
    idempotencyKey: againWithDataset
      ? `portfolio-order-${upload.id}-dataset-${againWithDataset}-${period}`
      : `portfolio-order-${upload.id}-${period}`,
  });
}

/** Pays the report's order; `acceptedTerms` is the terms version the buyer ticked, recorded with the order. */
export async function confirmReportPurchase(
  upload: PortfolioUpload,
  userId: string,
  orderId: number,
  acceptedTerms?: string,
) {
  const leadId = await fileTransfer(upload, userId);
  return confirmPurchase({
    userId,
    leadId,
    orderId,
    idempotencyKey: `portfolio-confirm-${upload.id}-${orderId}`,
    acceptedTerms,
  });
}
