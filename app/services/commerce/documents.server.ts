/** Invoices, receipts (merged per number on the account page), their PDFs, the reports list and support requests. */
import { and, asc, desc, eq, gt, inArray, lt, type SQL } from "drizzle-orm";
import { invoices, orders, receipts, supportRequests } from "#db/schema/index";
import { formatDocumentDate } from "~/domain/commerce/orders";
import { formatMinorUnits } from "~/domain/commerce/invoicing/money";
import { getEnv } from "~/env.server";
import { getDb } from "../infra/db.server";
import { NotFoundError } from "../http/errors.server";
import { sendMail } from "../mail/mail.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { invoiceContent, invoiceFilename } from "./invoices.server";

export interface DocumentRow {
  number: number;
  created_at: string;
  total_price: string;
  currency: string;
  order_id: number;
}

/**
 * A page of a list, newest first: at most `limit` items after the key `startingAfter` (older ones), or before the key
 * `endingBefore` (newer ones, the page nearest to it), and whether more follow in that direction.
 */
export interface ListPage {
  limit: number;
  startingAfter?: number;
  endingBefore?: number;
}

const readsBackwards = (page: ListPage | undefined) =>
  page?.startingAfter === undefined && page?.endingBefore !== undefined;

/** Reads one more row than the page holds to know whether more follow; a backward page is read oldest first, then turned. */
function pageOf<T>(rows: T[], page: ListPage | undefined): { rows: T[]; hasMore: boolean } {
  if (!page) return { rows, hasMore: false };
  const kept = rows.slice(0, page.limit);
  return { rows: readsBackwards(page) ? kept.reverse() : kept, hasMore: rows.length > page.limit };
}

function pageWhere(owner: SQL, key: Parameters<typeof lt>[0], page: ListPage | undefined): SQL {
  if (page?.startingAfter !== undefined) return and(owner, lt(key, page.startingAfter))!;
  if (page?.endingBefore !== undefined) return and(owner, gt(key, page.endingBefore))!;
  return owner;
}

function pageOrder(key: Parameters<typeof desc>[0], page: ListPage | undefined) {
  return readsBackwards(page) ? asc(key) : desc(key);
}

const REPORT_ORDER_KINDS = { kind: "self_service" as const, statuses: ["paid" as const] };

/** Whether `key` names an item of the user's list: a cursor must be one, or the page it stands for means nothing. */
export async function listHoldsKey(
  list: "invoices" | "receipts" | "reports",
  userId: string,
  key: number,
): Promise<boolean> {
  const db = await getDb();
  if (list === "reports") {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.id, key),
          eq(orders.userId, userId),
          eq(orders.kind, REPORT_ORDER_KINDS.kind),
          inArray(orders.status, REPORT_ORDER_KINDS.statuses),
        ),
      )
      .limit(1);
    return Boolean(row);
  }
  const table = list === "invoices" ? invoices : receipts;
  const [row] = await db
    .select({ number: table.number })
    .from(table)
    .where(and(eq(table.number, key), eq(table.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function listInvoicesPage(userId: string, page?: ListPage) {
  const db = await getDb();
  const query = db
    .select()
    .from(invoices)
    .where(pageWhere(eq(invoices.userId, userId), invoices.number, page))
    .orderBy(pageOrder(invoices.number, page));
  const { rows, hasMore } = pageOf(await (page ? query.limit(page.limit + 1) : query), page);
  const results: DocumentRow[] = rows.map((r) => ({
    number: r.number,
    created_at: r.createdAt.toISOString(),
    total_price: formatMinorUnits(r.totalMinor),
    currency: r.currency,
    order_id: r.orderId,
  }));
  return { results, hasMore };
}

export async function listReceiptsPage(userId: string, page?: ListPage) {
  const db = await getDb();
  const query = db
    .select()
    .from(receipts)
    .where(pageWhere(eq(receipts.userId, userId), receipts.number, page))
    .orderBy(pageOrder(receipts.number, page));
  const { rows, hasMore } = pageOf(await (page ? query.limit(page.limit + 1) : query), page);
  return { results: rows.map(receiptRow), hasMore };
}

function receiptRow(r: typeof receipts.$inferSelect): DocumentRow & { provider: string } {
  return {
    number: r.number,
    created_at: r.createdAt.toISOString(),
    total_price: formatMinorUnits(r.totalMinor),
    currency: r.currency,
    order_id: r.orderId,
    provider: r.provider,
  };
}

export interface MergedDocument {
  number: number;
  date: string;
  total_price: string;
  currency: string;
  invoice: boolean;
  receipt: boolean;
  test_payment: boolean;
}

/**
 * One line per number, the invoice and its receipt side by side, a page at a time, newest first: a page of invoices
 * and the receipts of the same numbers (a receipt is only ever issued for an invoice of its number).
 */
export async function mergedDocumentsPage(
  userId: string,
  page: ListPage,
): Promise<{ documents: MergedDocument[]; hasMore: boolean }> {
  const { results: inv, hasMore } = await listInvoicesPage(userId, page);
  if (!inv.length) return { documents: [], hasMore };
  const db = await getDb();
  const numbers = inv.map((i) => i.number);
  const rec = (
    await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.userId, userId), inArray(receipts.number, numbers)))
  ).map(receiptRow);
  return { documents: mergeByNumber(inv, rec), hasMore };
}

function mergeByNumber(inv: DocumentRow[], rec: (DocumentRow & { provider: string })[]): MergedDocument[] {
  const byNumber = new Map<number, MergedDocument>();
  for (const i of inv)
    byNumber.set(i.number, {
      number: i.number,
      date: formatDocumentDate(i.created_at),
      total_price: i.total_price,
      currency: i.currency,
      invoice: true,
      receipt: false,
      test_payment: false,
    });
  for (const r of rec) {
    const m = byNumber.get(r.number) ?? {
      number: r.number,
      date: formatDocumentDate(r.created_at),
      total_price: r.total_price,
      currency: r.currency,
      invoice: false,
      receipt: false,
      test_payment: false,
    };
    m.receipt = true;
    m.test_payment = r.provider === "test";
    byNumber.set(r.number, m);
  }
  return [...byNumber.values()].sort((a, b) => b.number - a.number);
}

/** The invoice or receipt of one number as a PDF; only its owner may download it. */
export async function documentPdf(
  userId: string,
  number: number,
  kind: "invoice" | "receipt",
): Promise<{ filename: string; content: Buffer }> {
  const db = await getDb();
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.number, number), eq(invoices.userId, userId)));
  if (!inv) throw new NotFoundError();
  const [rec] = await db.select().from(receipts).where(eq(receipts.number, number));
  if (kind === "receipt" && !rec) throw new NotFoundError();
  const [order] = await db.select().from(orders).where(eq(orders.id, inv.orderId));
  if (!order) throw new NotFoundError();
  const content = await invoiceContent(db, inv, order);
  const pdf = await renderInvoicePdf(
    content,
    kind === "receipt" && rec ? { paidOn: formatDocumentDate(rec.createdAt), provider: rec.provider } : undefined,
  );
  return { filename: invoiceFilename(content, kind), content: pdf };
}

/** Reports bought by the user: paid self-service orders and what they cover. */
export async function listReportsPage(userId: string, page?: ListPage) {
  const db = await getDb();
  const owner = and(
    eq(orders.userId, userId),
    eq(orders.kind, REPORT_ORDER_KINDS.kind),
    inArray(orders.status, REPORT_ORDER_KINDS.statuses),
  )!;
  const query = db
    .select()
    .from(orders)
    .where(pageWhere(owner, orders.id, page))
    .orderBy(pageOrder(orders.id, page));
  const { rows, hasMore } = pageOf(await (page ? query.limit(page.limit + 1) : query), page);
  const results = rows.map((o) => ({
    id: o.id,
    lead_id: o.leadId,
    name: o.items.map((i) => i.name).join(", "),
    locations: o.validLocations ?? 0,
    created_at: (o.paidAt ?? o.createdAt).toISOString(),
    date: formatDocumentDate(o.paidAt ?? o.createdAt),
    total_price: formatMinorUnits(o.totalMinor),
    status: o.status,
  }));
  return { results, hasMore };
}

export async function submitSupportRequest(
  user: { id: string; email: string },
  input: { subject: string; message: string },
) {
  const db = await getDb();
  const [row] = await db
    .insert(supportRequests)
    .values({ userId: user.id, subject: input.subject, message: input.message })
    .returning({ id: supportRequests.id });
  await sendMail({
    to: getEnv().TEAM_MAILBOX,
    replyTo: user.email,
    subject: `[Support #${row!.id}] ${input.subject}`,
    text: `From: ${user.email}\n\n${input.message}`,
  });
  return { id: row!.id };
}
