/**
 * The self-service purchase of a portfolio report through commerce: the file transfer gives the upload a lead,
 * an order prices the report for the unique valid locations, confirming it pays; a paid lead opens the full report.
 */
import { eq } from "drizzle-orm";
import { portfolioUploads, type PortfolioUpload } from "#db/schema/index";
import { createLead } from "../commerce/leads.server";
import { confirmPurchase, createSelfServiceOrder, isLeadPaid } from "../commerce/orders.server";
import { getDb } from "../db.server";

/** The self-service product of a portfolio report (priced per unique valid location). */
export const PORTFOLIO_REPORT_PRODUCT = "portfolio_report";

export async function isReportPaid(upload: PortfolioUpload, userId: string): Promise<boolean> {
  if (upload.userId !== userId || !upload.leadId) return false;
  return isLeadPaid(Number(upload.leadId));
}

/** POST /v1/lead/file_transfer: the upload's lead, created once. */
export async function fileTransfer(upload: PortfolioUpload, userId: string | null): Promise<number> {
  if (upload.leadId) return Number(upload.leadId);
  const { leadId } = await createLead({ userId, kind: "portfolio", reference: upload.id });
  const db = await getDb();
  await db.update(portfolioUploads).set({ leadId: String(leadId) }).where(eq(portfolioUploads.id, upload.id));
  upload.leadId = String(leadId);
  return leadId;
}

/**
 * Priced locations: the preview's billed locations, the valid ones each once (a row repeating an earlier row's
 * coordinates is not billed again). Previews stored before billed_locations counted duplicates among the valid.
 */
export function pricedLocations(upload: PortfolioUpload) {
  const s = upload.summary as { total_locations?: number; valid_locations?: number; duplicate_locations?: number; billed_locations?: number };
  const billed = s.billed_locations ?? Math.max(0, (s.valid_locations ?? 0) - (s.duplicate_locations ?? 0));
  return { totalLocations: s.total_locations ?? 0, validLocations: billed };
}

/** The report order of an upload; the same one on every call (idempotent per upload). */
export async function orderReport(upload: PortfolioUpload, userId: string) {
  const leadId = await fileTransfer(upload, userId);
  return createSelfServiceOrder({
    userId,
    leadId,
    products: [PORTFOLIO_REPORT_PRODUCT],
    ...pricedLocations(upload),
    idempotencyKey: `portfolio-order-${upload.id}`,
  });
}

export async function confirmReportPurchase(upload: PortfolioUpload, userId: string, orderId: number) {
  const leadId = await fileTransfer(upload, userId);
  return confirmPurchase({ userId, leadId, orderId, idempotencyKey: `portfolio-confirm-${upload.id}-${orderId}` });
}
