/**
 * Issued invoices as content: the seller and buyer kept on the invoice when it was issued, the lines and amounts
 * from its order. The PDF, the purchase e-mail and the account page all read invoiceContent.
 */
import { eq } from "drizzle-orm";
import { type invoices, users, type Order } from "#db/schema/index";
import { EMPTY_BILLING, type BillingInfoValue } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { formatDocumentDate } from "~/domain/commerce/orders";
import {
  buildInvoice,
  servicePeriodText,
  type InvoiceContent,
  type SellerIdentity,
} from "~/domain/commerce/invoicing/invoice";
import { formatPrice } from "~/domain/commerce/invoicing/money";
import { SITE_NAME } from "~/domain/content/site";
import { sellerIdentity } from "~/env.server";
import { storeMail, wakeMailWorker } from "../mail/mail.server";
import { getBillingInfo } from "./billing.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { UnitOfWork } from "./orders/idempotency.server";
import type { Executor } from "./ledger.server";

type InvoiceRow = typeof invoices.$inferSelect;

/** Who the order is billed to now: the account's billing info, or an anonymous lead's country alone. */
export async function currentBuyer(
  executor: Executor,
  order: Pick<Order, "userId" | "billingCountry">,
): Promise<BillingInfoValue> {
  if (order.userId) {
    const { filled: _filled, ...billing } = await getBillingInfo(order.userId, executor);
    return billing;
  }
  return { ...EMPTY_BILLING, company: { ...EMPTY_BILLING.company, country: order.billingCountry ?? "" } };
}

/** The parties as issued (invoices before these columns existed: today's seller and billing info). */
export async function invoiceContent(executor: Executor, invoice: InvoiceRow, order: Order): Promise<InvoiceContent> {
  const seller: SellerIdentity = invoice.seller ?? sellerIdentity();
  const buyer = invoice.buyer ?? (await currentBuyer(executor, order));
  return buildInvoice({
    number: invoice.number,
    issuedAt: invoice.createdAt,
    paidAt: order.paidAt ?? invoice.createdAt,
    currency: invoice.currency,
    seller,
    buyer,
    items: order.items,
    subtotalMinor: order.subtotalMinor,
    taxRateBp: order.taxRateBp,
    vatMinor: order.vatMinor,
    totalMinor: invoice.totalMinor,
  });
}

export function invoiceFilename(invoice: InvoiceContent, kind: "invoice" | "receipt" = "invoice") {
  return `${kind}-${invoice.number}.pdf`;
}

/** The confirmation's text: what was bought, the amounts and where the documents are. */
export function purchaseMailText(invoice: InvoiceContent, accountUrl: string, testPayment = false): string {
  const lines = invoice.lines.map(
    (l) => `- ${l.quantity} x ${l.description}: ${formatPrice(l.grossMinor, invoice.currency)}`,
  );
  return [
    `Thank you for your purchase from ${SITE_NAME}.`,
    ...(testPayment ? [COMMERCE_MESSAGES.testPayment] : []),
    "",
    ...lines,
    "",
    `Total net: ${formatPrice(invoice.netMinor, invoice.currency)}`,
    `VAT: ${formatPrice(invoice.vatMinor, invoice.currency)}`,
    `Total gross: ${formatPrice(invoice.grossMinor, invoice.currency)}`,
    servicePeriodText(invoice.servicePeriod),
    ...(invoice.vatNote ? ["", invoice.vatNote] : []),
    "",
    `Your invoice ${invoice.number} of ${formatDocumentDate(invoice.issuedAt)} is attached; it is also in your account: ${accountUrl}`,
  ].join("\n");
}

/**
 * Queues the purchase confirmation with its invoice PDF in the settling transaction: it commits with the payment or
 * not at all, and a settled order is never settled again, so the buyer gets exactly one.
 */
export async function queuePurchaseMail(
  work: UnitOfWork,
  invoice: InvoiceRow,
  order: Order,
  publicUrl: string,
): Promise<void> {
  const content = await invoiceContent(work.tx, invoice, order);
  const account = order.userId
    ? (await work.tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId)))[0]
    : undefined;
  const to = content.buyer.email.trim() || account?.email;
  if (!to) return;
  const pdf = await renderInvoicePdf(content);
  const stored = await storeMail(work.tx, {
    to,
    kind: "purchase",
    subject: `Your purchase: invoice ${content.number} (${formatPrice(content.grossMinor, content.currency)})`,
    text: purchaseMailText(content, `${publicUrl}/dashboard/account`, order.provider === "test"),
    attachments: [{ filename: invoiceFilename(content), contentType: "application/pdf", content: pdf }],
  });
  if (stored.queued) work.afterCommit(() => wakeMailWorker());
}
