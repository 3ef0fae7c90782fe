/**
 * Orders: self-service reports, data packages and plan upgrades. An order is priced here (rules in
 * app/domain/commerce.ts), paid through the payment provider and settled once: settling flips pending → paid,
 * applies what was bought (credits, plan) and issues the invoice and receipt in one transaction.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { documentCounters, invoices, orders, receipts, users, type Order, type OrderItemRecord } from "#db/schema/index";
import {
  COMMERCE_MESSAGES, CURRENCY, EMPTY_COST, SELF_SERVICE_PRODUCTS, costOf, findSelfServiceProduct, planChange, planPrice, priceLocationAmount,
  upgradeSubtotal, vatRateFor, type Cost, type PackageChoice, type PricedPackage,
} from "~/domain/commerce";
import type { LocationKind } from "~/domain/entitlements";
import { formatMinorUnits } from "~/domain/money";
import { isPlanCode, planRank, type PlanCode } from "~/domain/plans";
import { getEnv } from "~/env.server";
import { getDb } from "../db.server";
import { grantLocation } from "../entitlements.server";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.server";
import { logger } from "../logger.server";
import { getBillingInfo } from "./billing.server";
import { withIdempotency } from "./idempotency.server";
import { addCredits, lockUser } from "./ledger.server";
import { requireLead } from "./leads.server";
import { getPaymentProvider } from "./payments.server";

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

async function billingCountryFor(userId: string | null, explicit?: string | null) {
  if (explicit !== undefined && explicit !== null) return { country: explicit, vatNumber: null };
  if (!userId) return { country: null, vatNumber: null };
  const b = await getBillingInfo(userId);
  return { country: b.company.country || null, vatNumber: b.company.vat_number || null };
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

/** Prices the chosen self-service products for a lead: per-location products × valid locations, others × 1. */
export async function createSelfServiceOrder(input: {
  userId: string | null;
  leadId: number;
  products: (number | string)[];
  totalLocations: number;
  validLocations: number;
  billingCountry?: string | null;
  idempotencyKey: string;
}): Promise<SelfServiceOrder> {
  return withIdempotency(input.userId, input.idempotencyKey, "self_service_order", async () => {
    const lead = await requireLead(input.leadId);
    if (lead.userId && input.userId && lead.userId !== input.userId) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
    if (!Number.isInteger(input.validLocations) || input.validLocations < 0) throw new BadRequestError("valid_locations must be a whole number of 0 or more", "valid_locations");
    if (!Number.isInteger(input.totalLocations) || input.totalLocations < input.validLocations) throw new BadRequestError("total_locations must be a whole number of at least valid_locations", "total_locations");
    const items: OrderItemRecord[] = [];
    for (const ref of new Set(input.products)) {
      const product = findSelfServiceProduct(ref);
      if (!product) throw new BadRequestError(`Unknown product ${String(ref)}`, "products");
      const quantity = product.perLocation ? input.validLocations : 1;
      if (quantity === 0) continue;
      items.push({ code: product.code, name: product.name, quantity, unitMinor: product.priceMinor, totalMinor: product.priceMinor * quantity });
    }
    const { country, vatNumber } = await billingCountryFor(input.userId, input.billingCountry);
    const { rateBp } = vatRateFor(country, vatNumber);
    const subtotal = items.reduce((s, i) => s + i.totalMinor, 0);
    const { vatMinor, totalMinor } = costOf(subtotal, rateBp);
    const db = await getDb();
    const [order] = await db
      .insert(orders)
      .values({
        userId: input.userId,
        leadId: lead.id,
        kind: "self_service",
        items,
        totalLocations: input.totalLocations,
        validLocations: input.validLocations,
        subtotalMinor: subtotal,
        taxRateBp: items.length ? rateBp : 0,
        vatMinor,
        totalMinor,
        billingCountry: country?.toUpperCase() ?? null,
      })
      .returning();
    return selfServiceView(order!);
  });
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

async function loadOrder(orderId: number): Promise<Order> {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
  return order;
}

async function invoiceNumberOf(orderId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return row?.number ?? null;
}

function describe(order: Order): string {
  if (order.kind === "upgrade") return `Plan ${order.planCode ?? ""}`.trim();
  return order.items.map((i) => `${i.quantity} × ${i.name}`).join(", ") || "Order";
}

/** Starts payment of a pending order; the test provider settles at once, Stripe answers a Checkout URL. */
async function pay(order: Order, urls?: { successUrl?: string; cancelUrl?: string }): Promise<PurchaseResult> {
  const provider = getPaymentProvider();
  const base = { order_id: order.id, lead_id: order.leadId, total: formatMinorUnits(order.totalMinor), test_payment: provider.isTest };
  if (order.status === "paid") return { ...base, status: "paid", invoice_number: await invoiceNumberOf(order.id), checkout_url: null };
  if (order.status !== "pending") throw new ConflictError("This order can no longer be paid");
  // No provider is ever asked for 0.00 or less: such an order would make up an invoice for nothing.
  if (!Number.isInteger(order.totalMinor) || order.totalMinor <= 0) throw new BadRequestError(COMMERCE_MESSAGES.nothingToPay, "order_id");
  const publicUrl = getEnv().PUBLIC_URL.replace(/\/$/, "");
  let email: string | null = null;
  if (order.userId) {
    const db = await getDb();
    email = (await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId)))[0]?.email ?? null;
  }
  const started = await provider.start({
    orderId: order.id,
    totalMinor: order.totalMinor,
    currency: order.currency,
    description: describe(order),
    customerEmail: email,
    successUrl: urls?.successUrl ?? `${publicUrl}/dashboard/account?order=${order.id}`,
    cancelUrl: urls?.cancelUrl ?? `${publicUrl}/dashboard/cart`,
  });
  if (started.status === "redirect") {
    const db = await getDb();
    await db.update(orders).set({ provider: provider.name, providerReference: started.reference }).where(eq(orders.id, order.id));
    return { ...base, status: "requires_payment", invoice_number: null, checkout_url: started.url };
  }
  const settled = await settleOrder(order.id, provider.name, started.reference);
  return { ...base, status: "paid", invoice_number: settled.invoiceNumber, checkout_url: null };
}

/**
 * Marks an order paid exactly once and applies it. Safe to call again (a retried webhook): the second call finds
 * the order no longer pending and only reports the invoice number.
 */
export async function settleOrder(orderId: number, provider: string, reference: string | null): Promise<{ invoiceNumber: number; applied: boolean }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [pending] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!pending) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
    if (pending.status === "paid") {
      const [inv] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
      return { invoiceNumber: inv!.number, applied: false, order: pending };
    }
    if (pending.status !== "pending") throw new ConflictError("This order was cancelled");
    const now = new Date();
    await tx.update(orders).set({ status: "paid", paidAt: now, provider, providerReference: reference }).where(eq(orders.id, orderId));
    if (pending.userId && (pending.kind === "packages" || pending.kind === "upgrade")) {
      await lockUser(tx, pending.userId);
      if (pending.kind === "upgrade" && pending.planCode) {
        // Two upgrades paid out of order (e.g. Stripe): the later, lower one must not take the higher plan away.
        const [owner] = await tx.select({ planCode: users.planCode }).from(users).where(eq(users.id, pending.userId));
        if (!owner || planRank(pending.planCode) > planRank(owner.planCode)) {
          await tx.update(users).set({ planCode: pending.planCode, updatedAt: now }).where(eq(users.id, pending.userId));
        }
      }
      for (const item of pending.items) {
        if (item.kind && item.locations) await addCredits(tx, pending.userId, item.kind, item.locations * item.quantity, orderId);
      }
    }
    // The counter row is locked by this update until commit: numbers are consecutive and never skipped.
    const [counter] = await tx
      .update(documentCounters)
      .set({ lastNumber: sql`${documentCounters.lastNumber} + 1` })
      .where(eq(documentCounters.name, "invoice"))
      .returning({ number: documentCounters.lastNumber });
    const number = counter!.number;
    const doc = { number, orderId, userId: pending.userId, totalMinor: pending.totalMinor, currency: pending.currency, createdAt: now };
    await tx.insert(invoices).values(doc);
    await tx.insert(receipts).values({ ...doc, provider, providerReference: reference });
    return { invoiceNumber: number, applied: true, order: pending };
  });
  if (result.applied && result.order.userId && result.order.pendingLocation) {
    try {
      await grantLocation(result.order.userId, result.order.pendingLocation, "order");
    } catch (error) {
      logger.warn({ err: error, orderId }, "the pending location could not be ordered after payment");
    }
  }
  return { invoiceNumber: result.invoiceNumber, applied: result.applied };
}

export async function confirmPurchase(input: {
  userId: string | null;
  leadId: number;
  orderId: number;
  idempotencyKey: string;
}): Promise<PurchaseResult> {
  return withIdempotency(input.userId, input.idempotencyKey, "confirm_purchase", async () => {
    const order = await loadOrder(input.orderId);
    if (order.leadId !== input.leadId || (order.userId && order.userId !== input.userId)) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
    if (order.status === "pending" && order.userId) return pay(await repriceForBuyer(order, order.userId));
    return pay(order);
  });
}

/**
 * A signed-in buyer pays like every other purchase: billing info filled first, VAT from its country as it is now
 * (the quote may have been made before the billing info was complete). Anonymous leads keep the quoted cost.
 */
async function repriceForBuyer(order: Order, userId: string): Promise<Order> {
  const priced = await pricedForUser(userId, order.subtotalMinor);
  if (priced.taxRateBp === order.taxRateBp && priced.totalMinor === order.totalMinor && priced.billingCountry === order.billingCountry) return order;
  const db = await getDb();
  const values = { ...priced, taxRateBp: order.items.length ? priced.taxRateBp : 0 };
  const [updated] = await db.update(orders).set(values).where(and(eq(orders.id, order.id), eq(orders.status, "pending"))).returning();
  return updated ?? loadOrder(order.id);
}

export async function isLeadPaid(leadId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.leadId, leadId), eq(orders.status, "paid"))).limit(1);
  return Boolean(row);
}

/** GET /v1/lead/payment: the payment state of a lead's latest order. */
export async function leadPayment(userId: string | null, leadId: number) {
  const lead = await requireLead(leadId);
  if (lead.userId && lead.userId !== userId) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.leadId, leadId)).orderBy(desc(orders.id)).limit(1);
  return {
    status: "ok" as const,
    lead_id: leadId,
    paid: order?.status === "paid",
    order_id: order?.id ?? null,
    order_status: order?.status ?? null,
    total: order ? formatMinorUnits(order.totalMinor) : "0.00",
    invoice_number: order ? await invoiceNumberOf(order.id) : null,
  };
}

function packageItem(p: PricedPackage): OrderItemRecord {
  return { code: `package_${p.id}`, name: p.name, quantity: 1, unitMinor: p.priceMinor, totalMinor: p.priceMinor, kind: p.kind, locations: p.locations };
}

async function insertAndPay(values: typeof orders.$inferInsert): Promise<PurchaseResult> {
  const db = await getDb();
  const [order] = await db.insert(orders).values(values).returning();
  return pay(order!);
}

async function pricedForUser(userId: string, subtotal: number) {
  const billing = await getBillingInfo(userId);
  if (!billing.filled) throw new BadRequestError(COMMERCE_MESSAGES.billingRequired, "billing_info");
  const { rateBp } = vatRateFor(billing.company.country, billing.company.vat_number);
  const { vatMinor, totalMinor } = costOf(subtotal, rateBp);
  return { taxRateBp: rateBp, vatMinor, totalMinor, billingCountry: billing.company.country.toUpperCase() };
}

/** buy_products {type, amount}: more locations of one kind. */
export async function buyLocationCredits(input: { userId: string; kind: LocationKind; amount: number; idempotencyKey: string; pendingLocation?: string | null }) {
  return withIdempotency(input.userId, input.idempotencyKey, "buy_products", async () => {
    if (!Number.isInteger(input.amount) || input.amount < 1) throw new BadRequestError("amount must be a whole number of at least 1", "amount");
    const priced = priceLocationAmount(input.kind, input.amount)!;
    return insertAndPay({
      userId: input.userId,
      kind: "packages",
      items: [packageItem(priced)],
      subtotalMinor: priced.priceMinor,
      pendingLocation: input.pendingLocation ?? null,
      ...(await pricedForUser(input.userId, priced.priceMinor)),
    });
  });
}

/** Packages chosen in the cart or on the upgrade form, optionally with a new plan. */
export async function purchasePackages(input: {
  userId: string;
  currentPlan: string;
  planCode?: PlanCode | null;
  packages: PackageChoice[];
  idempotencyKey: string;
  pendingLocation?: string | null;
}) {
  return withIdempotency(input.userId, input.idempotencyKey, "purchase_packages", async () => {
    if (input.planCode && !isPlanCode(input.planCode)) throw new BadRequestError("Unknown plan", "tariff_id");
    const change = planChange(input.currentPlan, input.planCode);
    if (change.error) throw new BadRequestError(change.error, "tariff_id");
    const plan = change.plan;
    const { packages, subtotalMinor } = plan ? upgradeSubtotal(plan, input.packages) : upgradeSubtotal("DISCOVERY", input.packages);
    if (!plan && packages.length === 0) {
      throw new BadRequestError(input.planCode ? COMMERCE_MESSAGES.alreadyOnPlan : COMMERCE_MESSAGES.nothingToBuy, input.planCode ? "tariff_id" : "packages");
    }
    const items: OrderItemRecord[] = packages.map(packageItem);
    if (plan) items.unshift({ code: `plan_${plan}`, name: `Plan ${plan}`, quantity: 1, unitMinor: planPrice(plan), totalMinor: planPrice(plan) });
    return insertAndPay({
      userId: input.userId,
      kind: plan ? "upgrade" : "packages",
      planCode: plan,
      items,
      subtotalMinor,
      pendingLocation: input.pendingLocation ?? null,
      ...(await pricedForUser(input.userId, subtotalMinor)),
    });
  });
}
