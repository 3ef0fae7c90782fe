/**
 * The stored file of a bought report, by the order the reports list names (GET /api/v1/reports/{id}/file): a paid
 * self-service order of the caller's own account, the report its lead produced (a portfolio report of the upload
 * the lead belongs to, or the single-location PDF), in the format asked for. Anything else, another account's order
 * included, is the same 404: the answer never tells whether someone else's order exists.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { orders, portfolioReports, portfolioUploads, reportFiles, type ReportFile } from "#db/schema/index";
import { getDb } from "../infra/db.server";
import { NotFoundError } from "../http/errors.server";
import { REPORT_CONTENT_TYPES, type ReportFormat } from "./files.server";

export const ORDER_FILE_MESSAGES = {
  notFound: (id: number, format: ReportFormat) =>
    `No ${format.toUpperCase()} file for report ${id} of this account: the id is not one of its paid reports, or the file is not built yet (a portfolio report is written after payment; the single-location report has a PDF only).`,
} as const;

export async function orderReportFile(userId: string, orderId: number, format: ReportFormat): Promise<ReportFile> {
  if (!Number.isSafeInteger(orderId) || orderId < 1)
    throw new NotFoundError(ORDER_FILE_MESSAGES.notFound(orderId, format));
  const db = await getDb();
  const [order] = await db
    .select({ leadId: orders.leadId })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(orders.kind, "self_service"),
        eq(orders.status, "paid"),
      ),
    );
  if (!order?.leadId) throw new NotFoundError(ORDER_FILE_MESSAGES.notFound(orderId, format));
  const reports = db
    .select({ id: portfolioReports.id })
    .from(portfolioReports)
    .innerJoin(portfolioUploads, eq(portfolioUploads.id, portfolioReports.uploadId))
    .where(and(eq(portfolioUploads.leadId, String(order.leadId)), eq(portfolioUploads.userId, userId)));
  const ids = (await reports).map((r) => r.id);
  const [file] = await db
    .select()
    .from(reportFiles)
    .where(
      and(
        eq(reportFiles.userId, userId),
        eq(reportFiles.contentType, REPORT_CONTENT_TYPES[format]),
        or(
          eq(reportFiles.sourceId, `lead:${order.leadId}`),
          ids.length ? inArray(reportFiles.sourceId, ids) : undefined,
        ),
      ),
    )
    .orderBy(desc(reportFiles.createdAt))
    .limit(1);
  if (!file) throw new NotFoundError(ORDER_FILE_MESSAGES.notFound(orderId, format));
  return file;
}
