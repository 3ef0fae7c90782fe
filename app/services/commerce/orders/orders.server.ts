/**
 * Orders: self-service reports, data packages and plan upgrades. An order is priced here from the server's own data
 * (rules in app/domain/commerce/; a portfolio's locations from its upload, never from the buyer), paid through the
 * payment provider and settled once. Each purchase runs in the transaction of its idempotency key: the order, its
 * payment state, the invoice and receipt, the credits or plan, and the stored answer commit together or not at all.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import {
  documentCounters,
  invoices,
  leads,
  orders,
  portfolioUploads,
  receipts,
  termsConsents,
  users,
  unlockQuotes,
  type Lead,
  type Order,
  type OrderItemRecord,
} from "#db/schema/index";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import {
  CURRENCY,
  TERMS_VERSION,
  PENDING_ORDER_TIMEOUT_MS,
  SELF_SERVICE_PRODUCTS,
  SINGLE_LOCATION_COUNT,
  findSelfServiceProduct,
  planChange,
  upgradeItems,
  pricedLocationsOf,
  upgradeSubtotal,
  type ReportCharge,
  type SelfServiceProductCode,
  type UploadLocationSummary,
} from "~/domain/commerce/orders";
import { priceLocationAmount, type PackageChoice, type PricedPackage } from "~/domain/commerce/packages";
import { EMPTY_COST, costOf, vatRateFor, type Cost } from "~/domain/commerce/invoicing/vat";
import type { LocationKind } from "~/domain/commerce/entitlements";
import { formatMinorUnits } from "~/domain/commerce/invoicing/money";
import { isPlanCode, planRank, type PlanCode } from "~/domain/commerce/plans";
import { getEnv, sellerIdentity } from "~/env.server";
import { getDb, onBeforeCloseDb } from "../../infra/db.server";
import { grantLocation, orderHexagonsInTx } from "../entitlements.server";
import { forgetAccount } from "../../auth/account-cache.server";
import { BadRequestError, ConflictError, NotFoundError } from "../../http/errors.server";
import { logger } from "../../infra/logger.server";
import { getBillingInfo, getTermsConsent } from "../billing.server";
import { withIdempotency, type UnitOfWork } from "./idempotency.server";
import { currentBuyer, queuePurchaseMail } from "../invoices.server";
import { addCredits, lockUser, type Executor, type Tx } from "../ledger.server";
import { getPaymentProvider, type PaymentEvent } from "./payments.server";

export function listSelfServiceProducts() {
  return {
    status: "ok" as const,
    products: SELF_SERVICE_PRODUCTS.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      price: formatMinorUnits(p.priceMinor),
      price_minor: p.priceMinor,
      currency: CURRENCY,
      per_location: p.perLocation,
    })),
  };
}

export interface SelfServiceOrder {
  order_id: number;
  lead_id: number;
  total_locations: number;
  valid_locations: number;
  cost: Cost;
  products: { id: number; code: string; name: string; quantity: number; price: string; total: string }[];
}

async function billingCountryFor(tx: Tx, userId: string | null, explicit?: string | null) {
  if (explicit !== undefined && explicit !== null) return { country: explicit, vatNumber: null };
  if (!userId) return { country: null, vatNumber: null };
  const b = await getBillingInfo(userId, tx);
  return { country: b.company.country || null, vatNumber: b.company.vat_number || null };
}

async function leadOf(executor: Executor, leadId: number): Promise<Lead> {
  const [lead] = await executor.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  return lead;
}

/** The locations a lead is priced for: a portfolio's from its upload's own summary, one for a postal address. */
async function locationsOfLead(
  executor: Executor,
  lead: Lead,
): Promise<{ totalLocations: number; validLocations: number }> {
  if (lead.kind === "single_location") return SINGLE_LOCATION_COUNT;
  const [upload] = lead.reference
    ? await executor
        .select({ summary: portfolioUploads.summary })
        .from(portfolioUploads)
        .where(eq(portfolioUploads.id, lead.reference))
    : [];
  if (!upload) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  return pricedLocationsOf(upload.summary as UploadLocationSummary);
}

function selfServiceView(order: Order): SelfServiceOrder {
  const hasItems = order.items.length > 0;
  return {
    order_id: order.id,
    lead_id: order.leadId ?? 0,
    total_locations: order.totalLocations ?? 0,
    valid_locations: order.validLocations ?? 0,
    cost: hasItems ? costOf(order.subtotalMinor, order.taxRateBp).cost : EMPTY_COST,
    products: order.items.map((i) => ({
      id: findSelfServiceProduct(i.code)?.id ?? 0,
      code: i.code,
      name: i.name,
      quantity: i.quantity,
      price: formatMinorUnits(i.unitMinor),
      total: formatMinorUnits(i.totalMinor),
    })),
  };
}

/**
 * Prices the chosen self-service products for a lead: per-location products × the lead's own location count, others
 * × 1. Only products made for the lead's kind may be chosen; nothing the caller says about counts is believed.
 */
export async function createSelfServiceOrder(input: {
  userId: string | null;
  leadId: number;
  products: (number | string)[];
  billingCountry?: string | null;
  idempotencyKey: string;
  /** A new assessment of a paid portfolio whose free period has ended: the one order a paid lead may take again. */
  reassessment?: boolean;
  /** Refuse an order none of whose products prices anything (the API), instead of making it at 0.00 (the pages). */
  pricedLineRequired?: boolean;
}): Promise<SelfServiceOrder> {
  const chosen = [
    ...new Set(input.products.map((ref) => findSelfServiceProduct(ref)?.code ?? `unknown:${String(ref)}`)),
  ].sort();
  const params = { leadId: input.leadId, products: chosen, billingCountry: input.billingCountry ?? null };
  return withIdempotency(
    { ownerId: input.userId, key: input.idempotencyKey, scope: "self_service_order", params },
    async ({ tx }) => {
      const lead = await lockLead(tx, input.leadId);
      if (lead.userId && lead.userId !== input.userId) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
      const counts = await locationsOfLead(tx, lead);
      const items: OrderItemRecord[] = [];
      for (const ref of new Set(input.products)) {
        const product = findSelfServiceProduct(ref);
        if (!product) throw new BadRequestError(`Unknown product ${String(ref)}`, "products");
        if (product.leadKind !== lead.kind) throw new BadRequestError(COMMERCE_MESSAGES.productNotForLead, "products");
        const quantity = product.perLocation ? counts.validLocations : 1;
        if (quantity === 0 || items.some((i) => i.code === product.code)) continue;
        items.push({
          code: product.code,
          name: product.name,
          quantity,
          unitMinor: product.priceMinor,
          totalMinor: product.priceMinor * quantity,
        });
      }
      // Without priced lines (no product, or only products per location on a lead with no valid location) a page still
      // gets its 0.00 order, whose confirmation is refused ("This order has nothing to pay"); an API caller gets a 400.
      if (!items.length && input.pricedLineRequired)
        throw new BadRequestError(COMMERCE_MESSAGES.nothingToOrder, "products");
      if (!input.reassessment && (await paidOrdersCovering(tx, lead.id, items)).length)
        throw new ConflictError(COMMERCE_MESSAGES.leadAlreadyPaid, "lead_id");
      const { country, vatNumber } = await billingCountryFor(tx, input.userId, input.billingCountry);
      const { rateBp } = vatRateFor(country, vatNumber);
      const subtotal = items.reduce((s, i) => s + i.totalMinor, 0);
      const { vatMinor, totalMinor } = costOf(subtotal, rateBp);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          leadId: lead.id,
          kind: "self_service",
          items,
          totalLocations: counts.totalLocations,
          validLocations: counts.validLocations,
          subtotalMinor: subtotal,
          taxRateBp: items.length ? rateBp : 0,
          vatMinor,
          totalMinor,
          billingCountry: country?.toUpperCase() ?? null,
        })
        .returning();
      return selfServiceView(order!);
    },
  );
}

export interface PurchaseResult {
  status: "paid" | "requires_payment";
  order_id: number;
  lead_id: number | null;
  total: string;
  invoice_number: number | null;
  /** Where to send the buyer to pay (Stripe Checkout); null when already paid. */
  checkout_url: string | null;
  test_payment: boolean;
}

/** The lead, its row locked: the orders of one lead are made and paid one at a time. */
async function lockLead(tx: Tx, leadId: number): Promise<Lead> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  if (!lead) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  return lead;
}

/** The lead's paid self-service orders that hold one of these lines (the same product at the same quantity). */
async function paidOrdersCovering(
  executor: Executor,
  leadId: number,
  items: readonly OrderItemRecord[],
  exceptOrderId?: number,
) {
  const paid = await executor
    .select({ id: orders.id, items: orders.items, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.leadId, leadId), eq(orders.status, "paid"), eq(orders.kind, "self_service")));
  return paid.filter(
    (o) =>
      o.id !== exceptOrderId &&
      o.items.some((paidItem) => items.some((i) => i.code === paidItem.code && i.quantity === paidItem.quantity)),
  );
}

/**
 * Whether paying this pending order would pay the lead twice: another order of the lead for the same line was paid
 * after this one was made (two orders opened side by side). A new assessment is ordered after the earlier payment.
 */
async function paidTwice(tx: Tx, order: Order): Promise<boolean> {
  if (order.kind !== "self_service" || order.leadId === null) return false;
  await lockLead(tx, order.leadId);
  const others = await paidOrdersCovering(tx, order.leadId, order.items, order.id);
  return others.some((o) => (o.paidAt ?? o.createdAt) >= order.createdAt);
}

async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
  return order;
}

async function invoiceNumberOf(executor: Executor, orderId: number): Promise<number | null> {
  const [row] = await executor.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return row?.number ?? null;
}

function describe(order: Order): string {
  if (order.kind === "upgrade") return `Plan ${order.planCode ?? ""}`.trim();
  return order.items.map((i) => `${i.quantity} × ${i.name}`).join(", ") || "Order";
}

/** When a pending order stops waiting for its payment (the sweeper cancels it then). */
export function orderExpiresAt(order: Pick<Order, "createdAt">): Date {
  return new Date(order.createdAt.getTime() + PENDING_ORDER_TIMEOUT_MS);
}
/** Stripe refuses a Checkout that expires sooner than this. */
const MIN_CHECKOUT_LIFETIME_MS = 30 * 60_000;

/**
 * Starts payment of a pending order inside the purchase's transaction; the test provider settles at once, Stripe
 * answers a Checkout URL (a Checkout started by a transaction that then fails is never shown to anyone: unpaid).
 */
async function pay(
  work: UnitOfWork,
  order: Order,
  urls?: { successUrl?: string; cancelUrl?: string },
): Promise<PurchaseResult> {
  const { tx } = work;
  const provider = getPaymentProvider();
  const base = {
    order_id: order.id,
    lead_id: order.leadId,
    total: formatMinorUnits(order.totalMinor),
    test_payment: provider.isTest,
  };
  if (order.status === "paid")
    return { ...base, status: "paid", invoice_number: await invoiceNumberOf(tx, order.id), checkout_url: null };
  if (order.status !== "pending") throw new ConflictError("This order can no longer be paid");
  // No provider is ever asked for 0.00 or less: such an order would make up an invoice for nothing.
  if (!Number.isInteger(order.totalMinor) || order.totalMinor <= 0)
    throw new BadRequestError(COMMERCE_MESSAGES.nothingToPay, "order_id");
  const expiresAt = orderExpiresAt(order);
  if (!provider.isTest && expiresAt.getTime() - Date.now() < MIN_CHECKOUT_LIFETIME_MS)
    throw new ConflictError(COMMERCE_MESSAGES.orderExpired);
  const publicUrl = getEnv().PUBLIC_URL.replace(/\/$/, "");
  const email = order.userId
    ? ((await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId)))[0]?.email ?? null)
    : null;
  const started = await provider.start({
    orderId: order.id,
    totalMinor: order.totalMinor,
    currency: order.currency,
    description: describe(order),
    customerEmail: email,
    successUrl: urls?.successUrl ?? `${publicUrl}/dashboard/account?order=${order.id}`,
    cancelUrl: urls?.cancelUrl ?? `${publicUrl}/dashboard/cart`,
    expiresAt,
  });
  if (started.status === "redirect") {
    await tx
      .update(orders)
      .set({ provider: provider.name, providerReference: started.reference })
      .where(eq(orders.id, order.id));
    return { ...base, status: "requires_payment", invoice_number: null, checkout_url: started.url };
  }
  const settled = await settleInTx(work, order.id, provider.name, started.reference);
  return { ...base, status: "paid", invoice_number: settled.invoiceNumber, checkout_url: null };
}

/**
 * Marks an order paid exactly once and applies it, inside the caller's transaction. Safe to call again (a retried
 * webhook): the second call finds the order no longer pending and only reports the invoice number.
 */
async function settleInTx(
  work: UnitOfWork,
  orderId: number,
  provider: string,
  reference: string | null,
): Promise<{ invoiceNumber: number; applied: boolean }> {
  const { tx } = work;
  const pending = await lockOrder(tx, orderId);
  if (pending.status === "paid") return { invoiceNumber: (await invoiceNumberOf(tx, orderId))!, applied: false };
  if (pending.status !== "pending") throw new ConflictError("This order was cancelled");
  const now = new Date();
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, provider, providerReference: reference })
    .where(eq(orders.id, orderId));
  if (pending.userId && (pending.kind === "packages" || pending.kind === "upgrade")) {
    const buyer = pending.userId;
    // The plan and credits bought show in this instance's next read once committed, not when the NOTIFY has come.
    work.afterCommit(async () => forgetAccount(buyer));
    await lockUser(tx, pending.userId);
    if (pending.kind === "upgrade" && pending.planCode) {
      // Two upgrades paid out of order (e.g. Stripe): the later, lower one must not take the higher plan away.
      const [owner] = await tx.select({ planCode: users.planCode }).from(users).where(eq(users.id, pending.userId));
      if (!owner || planRank(pending.planCode) > planRank(owner.planCode)) {
        await tx.update(users).set({ planCode: pending.planCode, updatedAt: now }).where(eq(users.id, pending.userId));
      }
    }
    for (const item of pending.items) {
      if (item.kind && item.locations)
        await addCredits(tx, pending.userId, item.kind, item.locations * item.quantity, orderId);
    }
    // An unlock quote bought with this order: its hexagons are ordered from the credits just added, with the payment.
    const quoted = await tx
      .select({ missing: unlockQuotes.missing })
      .from(unlockQuotes)
      .where(eq(unlockQuotes.orderId, orderId));
    for (const q of quoted) await orderHexagonsInTx(tx, pending.userId, q.missing);
  }
  // The counter row is locked by this update until commit: numbers are consecutive and never skipped.
  const [counter] = await tx
    .update(documentCounters)
    .set({ lastNumber: sql`${documentCounters.lastNumber} + 1` })
    .where(eq(documentCounters.name, "invoice"))
    .returning({ number: documentCounters.lastNumber });
  const number = counter!.number;
  const doc = {
    number,
    orderId,
    userId: pending.userId,
    totalMinor: pending.totalMinor,
    currency: pending.currency,
    createdAt: now,
  };
  // The parties are kept on the invoice as issued: later changes of billing info or configuration never alter it.
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...doc, seller: sellerIdentity(), buyer: await currentBuyer(tx, pending) })
    .returning();
  await tx.insert(receipts).values({ ...doc, provider, providerReference: reference });
  await queuePurchaseMail(
    work,
    invoice!,
    { ...pending, status: "paid", paidAt: now, provider, providerReference: reference },
    getEnv().PUBLIC_URL.replace(/\/$/, ""),
  );
  const { userId, pendingLocation } = pending;
  if (userId && pendingLocation) {
    // Ordering the location takes the user's allowance lock in a transaction of its own, once the credits are in.
    work.afterCommit(async () => {
      try {
        await grantLocation(userId, pendingLocation, "order");
      } catch (error) {
        logger.warn({ err: error, orderId }, "the pending location could not be ordered after payment");
      }
    });
  }
  return { invoiceNumber: number, applied: true };
}

/**
 * A signed "checkout completed" event settles its order only when it paid that order: the same Checkout session,
 * the order's amount and currency. Anything else is refused and changes nothing.
 */
export async function settleCheckoutPayment(event: PaymentEvent & { orderId: number }, provider: string) {
  return withIdempotency(
    { ownerId: null, key: event.eventId, scope: "stripe_webhook", params: { orderId: event.orderId } },
    async (work) => {
      const order = await lockOrder(work.tx, event.orderId);
      if (
        order.providerReference !== event.reference ||
        order.totalMinor !== event.amountMinor ||
        order.currency.toUpperCase() !== event.currency
      ) {
        logger.warn(
          {
            security: true,
            orderId: order.id,
            expected: { reference: order.providerReference, amountMinor: order.totalMinor, currency: order.currency },
            paid: { reference: event.reference, amountMinor: event.amountMinor, currency: event.currency },
          },
          "a payment event does not match its order: not settled",
        );
        throw new BadRequestError(COMMERCE_MESSAGES.paymentMismatch);
      }
      return settleInTx(work, order.id, provider, event.reference);
    },
  );
}

let sweeper: NodeJS.Timeout | undefined;

/** Cancels expired pending orders at start and then every few minutes; stops before the database closes. */
export function startPendingOrderSweeper(intervalMs = 5 * 60_000) {
  if (sweeper) return;
  const sweep = () =>
    cancelExpiredOrders().catch((error: unknown) => logger.error({ err: error }, "pending order sweep failed"));
  let running = sweep();
  sweeper = setInterval(() => {
    running = sweep();
  }, intervalMs);
  sweeper.unref();
  onBeforeCloseDb(async () => {
    clearInterval(sweeper);
    sweeper = undefined;
    await running;
  });
}

export async function confirmPurchase(input: {
  userId: string | null;
  leadId: number;
  orderId: number;
  idempotencyKey: string;
  /** As for purchasePackages: the terms version accepted at checkout. */
  acceptedTerms?: string;
}): Promise<PurchaseResult> {
  const params = { leadId: input.leadId, orderId: input.orderId, acceptedTerms: input.acceptedTerms };
  return withIdempotency(
    { ownerId: input.userId, key: input.idempotencyKey, scope: "confirm_purchase", params },
    async (work) => {
      const order = await lockOrder(work.tx, input.orderId);
      if (order.leadId !== input.leadId || (order.userId && order.userId !== input.userId))
        throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
      if (order.status === "pending" && (await paidTwice(work.tx, order)))
        throw new ConflictError(COMMERCE_MESSAGES.leadAlreadyPaid, "order_id");
      if (order.status === "pending")
        await requireTermsAcceptance(work.tx, input.userId, order.id, input.acceptedTerms);
      // Once a Checkout has started its amount is fixed: repricing then would make the paid session not match the order.
      if (order.status === "pending" && order.userId && !order.providerReference)
        return pay(work, await repriceForBuyer(work.tx, order, order.userId));
      return pay(work, order);
    },
  );
}

/**
 * A signed-in buyer pays like every other purchase: billing info filled first, VAT from its country as it is now
 * (the quote may have been made before the billing info was complete). Anonymous leads keep the quoted cost.
 */
async function repriceForBuyer(tx: Tx, order: Order, userId: string): Promise<Order> {
  const priced = await pricedForUser(tx, userId, order.subtotalMinor);
  if (
    priced.taxRateBp === order.taxRateBp &&
    priced.totalMinor === order.totalMinor &&
    priced.billingCountry === order.billingCountry
  )
    return order;
  const values = { ...priced, taxRateBp: order.items.length ? priced.taxRateBp : 0 };
  const [updated] = await tx.update(orders).set(values).where(eq(orders.id, order.id)).returning();
  return updated!;
}

/**
 * Whether a lead has a paid self-service order of exactly this product and quantity: a report opens only for the
 * order that paid for it (the portfolio report at the upload's location count, the PDF once).
 */
export async function isLeadPaidFor(
  leadId: number,
  product: SelfServiceProductCode,
  quantity: number,
): Promise<boolean> {
  return (await leadChargeFor(leadId, product, quantity)) !== null;
}

/** What the paid order of exactly this product and quantity charged (its gross total), or null if none is paid. */
export async function leadChargeFor(
  leadId: number,
  product: SelfServiceProductCode,
  quantity: number,
): Promise<ReportCharge | null> {
  const db = await getDb();
  const paid = await db
    .select({ items: orders.items, totalMinor: orders.totalMinor, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.leadId, leadId), eq(orders.status, "paid"), eq(orders.kind, "self_service")))
    .orderBy(desc(orders.id));
  const order = paid.find((o) => o.items.some((i) => i.code === product && i.quantity === quantity));
  return order ? { totalMinor: order.totalMinor, currency: order.currency } : null;
}

/** The latest paid self-service order of a product for a lead: its id, when it was paid and for how many. */
export async function latestPaidOrderFor(
  leadId: number,
  product: SelfServiceProductCode,
): Promise<{ id: number; paidAt: Date; quantity: number } | null> {
  const db = await getDb();
  const paid = await db
    .select({ id: orders.id, items: orders.items, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.leadId, leadId), eq(orders.status, "paid"), eq(orders.kind, "self_service")))
    .orderBy(desc(orders.id));
  for (const o of paid) {
    const item = o.items.find((i) => i.code === product);
    if (item) return { id: o.id, paidAt: o.paidAt ?? o.createdAt, quantity: item.quantity };
  }
  return null;
}

/** The locations the portfolio report of an upload is sold for (one source: the upload's own summary). */
export function reportQuantityOf(summary: UploadLocationSummary): number {
  return pricedLocationsOf(summary).validLocations;
}

/**
 * Cancels orders that waited for their payment longer than PENDING_ORDER_TIMEOUT_MS (their Checkout has expired).
 * Conditional on the order still being pending, so a payment settling at the same moment wins or loses cleanly.
 */
export async function cancelExpiredOrders(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - PENDING_ORDER_TIMEOUT_MS);
  const cancelled = await db
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)))
    .returning({ id: orders.id });
  if (cancelled.length) logger.info({ orders: cancelled.map((o) => o.id) }, "expired pending orders cancelled");
  return cancelled.length;
}

/** GET /v1/lead/payment: the payment state of a lead's latest order. */
export async function leadPayment(userId: string | null, leadId: number) {
  const db = await getDb();
  const lead = await leadOf(db, leadId);
  if (lead.userId && lead.userId !== userId) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  const [order] = await db.select().from(orders).where(eq(orders.leadId, leadId)).orderBy(desc(orders.id)).limit(1);
  return {
    status: "ok" as const,
    lead_id: leadId,
    paid: order?.status === "paid",
    order_id: order?.id ?? null,
    order_status: order?.status ?? null,
    total: order ? formatMinorUnits(order.totalMinor) : "0.00",
    invoice_number: order ? await invoiceNumberOf(db, order.id) : null,
  };
}

function packageItem(p: PricedPackage): OrderItemRecord {
  return upgradeItems(null, [p])[0]!;
}

/**
 * Nothing is charged without the current terms accepted. At a checkout that asks for them (`acceptedVersion`, the
 * version the buyer ticked) the acceptance is recorded with the order, in the purchase's transaction, and terms
 * changed since the buyer read them are refused rather than recorded as accepted. Anywhere else (the API) the
 * buyer's stored consent must be to the current version.
 */
async function requireTermsAcceptance(
  tx: Tx,
  userId: string | null,
  orderId: number,
  acceptedVersion: string | undefined,
) {
  if (!userId) throw new BadRequestError(COMMERCE_MESSAGES.termsRequired, "terms_conditions");
  if (acceptedVersion === undefined) {
    if (!(await getTermsConsent(userId, tx)).terms_conditions)
      throw new BadRequestError(COMMERCE_MESSAGES.termsRequired, "terms_conditions");
    return;
  }
  if (acceptedVersion !== TERMS_VERSION) throw new BadRequestError(COMMERCE_MESSAGES.termsChanged, "terms_version");
  await tx.insert(termsConsents).values({ userId, accepted: true, version: acceptedVersion, orderId });
}

/** Makes the order and pays it; `beforePay` links what the order is for (an unlock quote) before it can settle. */
export async function insertAndPay(
  work: UnitOfWork,
  values: typeof orders.$inferInsert & { userId: string },
  acceptedTerms?: string,
  beforePay?: (order: Order) => Promise<void>,
): Promise<PurchaseResult> {
  // The buyer's lock first: the order's foreign key would otherwise take a share lock on the user row that two
  // concurrent purchases then both try to upgrade when settling (a deadlock).
  await lockUser(work.tx, values.userId);
  const [order] = await work.tx.insert(orders).values(values).returning();
  await requireTermsAcceptance(work.tx, values.userId, order!.id, acceptedTerms);
  await beforePay?.(order!);
  return pay(work, order!);
}

/** The VAT and gross of a signed-in buyer's subtotal; billing info must be filled first. */
export async function pricedForUser(tx: Tx, userId: string, subtotal: number) {
  const billing = await getBillingInfo(userId, tx);
  if (!billing.filled) throw new BadRequestError(COMMERCE_MESSAGES.billingRequired, "billing_info");
  const { rateBp } = vatRateFor(billing.company.country, billing.company.vat_number);
  const { vatMinor, totalMinor } = costOf(subtotal, rateBp);
  return { taxRateBp: rateBp, vatMinor, totalMinor, billingCountry: billing.company.country.toUpperCase() };
}

/** buy_products {type, amount}: more locations of one kind. */
export async function buyLocationCredits(input: {
  userId: string;
  kind: LocationKind;
  amount: number;
  idempotencyKey: string;
  pendingLocation?: string | null;
}) {
  const params = { kind: input.kind, amount: input.amount, pendingLocation: input.pendingLocation ?? null };
  return withIdempotency(
    { ownerId: input.userId, key: input.idempotencyKey, scope: "buy_products", params },
    async (work) => {
      if (!Number.isInteger(input.amount) || input.amount < 1)
        throw new BadRequestError("amount must be a whole number of at least 1", "amount");
      const priced = priceLocationAmount(input.kind, input.amount)!;
      return insertAndPay(work, {
        userId: input.userId,
        kind: "packages",
        items: [packageItem(priced)],
        subtotalMinor: priced.priceMinor,
        pendingLocation: input.pendingLocation ?? null,
        ...(await pricedForUser(work.tx, input.userId, priced.priceMinor)),
      });
    },
  );
}

/** Packages chosen in the cart or on the upgrade form, optionally with a new plan. */
export async function purchasePackages(input: {
  userId: string;
  currentPlan: string;
  planCode?: PlanCode | null;
  packages: PackageChoice[];
  idempotencyKey: string;
  pendingLocation?: string | null;
  /** The terms version the buyer accepted at checkout (recorded with the order); undefined: not asked here. */
  acceptedTerms?: string;
}) {
  const params = {
    planCode: input.planCode ?? null,
    packages: input.packages,
    pendingLocation: input.pendingLocation ?? null,
    acceptedTerms: input.acceptedTerms,
  };
  return withIdempotency(
    { ownerId: input.userId, key: input.idempotencyKey, scope: "purchase_packages", params },
    async (work) => {
      if (input.planCode && !isPlanCode(input.planCode)) throw new BadRequestError("Unknown plan", "tariff_id");
      const change = planChange(input.currentPlan, input.planCode);
      if (change.error) throw new BadRequestError(change.error, "tariff_id");
      const plan = change.plan;
      const { packages, subtotalMinor } = plan
        ? upgradeSubtotal(plan, input.packages)
        : upgradeSubtotal("DISCOVERY", input.packages);
      if (!plan && packages.length === 0) {
        throw new BadRequestError(
          input.planCode ? COMMERCE_MESSAGES.alreadyOnPlan : COMMERCE_MESSAGES.nothingToBuy,
          input.planCode ? "tariff_id" : "packages",
        );
      }
      const items: OrderItemRecord[] = upgradeItems(plan, packages);
      return insertAndPay(
        work,
        {
          userId: input.userId,
          kind: plan ? "upgrade" : "packages",
          planCode: plan,
          items,
          subtotalMinor,
          pendingLocation: input.pendingLocation ?? null,
          ...(await pricedForUser(work.tx, input.userId, subtotalMinor)),
        },
        input.acceptedTerms,
      );
    },
  );
}
