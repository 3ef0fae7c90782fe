import { eq } from "drizzle-orm";
import { createUpload, createUser } from "#db/factories";
import { invoices, orders, receipts, users } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { getAvailableLocations, getUserEntitlements } from "../entitlements.server";
import { saveBillingInfo, setTermsConsent } from "../billing.server";
import { createLead, getLead } from "./leads.server";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { PENDING_ORDER_TIMEOUT_MS } from "~/domain/commerce/orders";
import {
  buyLocationCredits,
  cancelExpiredOrders,
  confirmPurchase,
  createSelfServiceOrder,
  isLeadPaidFor,
  leadPayment,
  listSelfServiceProducts,
  purchasePackages,
  settleCheckoutPayment,
} from "./orders.server";
import { setPaymentProviderForTesting, testPaymentProvider, type PaymentProvider } from "./payments.server";

/** The provider's "paid" event for an order's checkout, as the webhook receives it: its session, amount and currency. */
async function paidEvent(orderId: number, eventId: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
  return {
    eventId,
    type: "paid" as const,
    orderId,
    reference: order!.providerReference,
    amountMinor: order!.totalMinor,
    currency: order!.currency.toUpperCase(),
  };
}

const getDb = setupTestDatabase();

/** A user who has accepted the current terms: nothing is bought without them. */
async function createBuyer(input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(getDb(), input);
  if (user) await setTermsConsent(user.id, true);
  return user;
}

/** A stored upload whose own scan counted these rows: the only count a portfolio report is priced for. */
const uploadWith = (
  summary: { total_locations: number; valid_locations: number; duplicate_locations?: number },
  userId: string | null = null,
) => createUpload(getDb(), summary, userId);
afterEach(() => setPaymentProviderForTesting(undefined));

const billing = (country: string, vat = "") => ({
  appeal: "Ms",
  email: "ana@example.org",
  first_name: "Ana",
  last_name: "Lopez",
  phone: "+33 1 23 45 67 89",
  company: { name: "Acme SA", country, zip: "75001", city: "Paris", street: "1 rue de Rivoli", vat_number: vat },
});

describe("self-service orders", () => {
  it("lists a per-location portfolio report and a single PDF with real prices", () => {
    const { products } = listSelfServiceProducts();
    expect(products.map((p) => [p.code, p.price, p.per_location])).toEqual([
      ["portfolio_report", "14.00", true],
      ["single_pdf", "49.00", false],
    ]);
  });

  it("prices per valid location, takes VAT from the billing country and replays the same key", async () => {
    const upload = await uploadWith({ total_locations: 1000, valid_locations: 995, duplicate_locations: 5 });
    const { leadId } = await createLead({ userId: null, kind: "portfolio", reference: upload.id });
    expect((await getLead(leadId))?.reference).toBe(upload.id);
    const input = {
      userId: null,
      leadId,
      products: ["portfolio_report"],
      billingCountry: "DE",
      idempotencyKey: "order-key-0001",
    };
    const order = await createSelfServiceOrder(input);
    expect(order).toMatchObject({ lead_id: leadId, total_locations: 1000, valid_locations: 990 });
    expect(order.cost).toEqual({ SUBTOTAL: "13 860.00", "TAX RATE": 19, VAT: "2 633.40", TOTAL: "16 493.40" });
    expect(await createSelfServiceOrder(input)).toEqual(order);
  });

  it("answers the spec's default cost with no products or no billing country", async () => {
    const { leadId } = await createLead({
      userId: null,
      kind: "single_location",
      postalAddress: "10 Downing St",
      lat: 51.503,
      lon: -0.128,
    });
    const empty = await createSelfServiceOrder({
      userId: null,
      leadId,
      products: [],
      idempotencyKey: "order-key-0002",
    });
    expect(empty.cost).toEqual({ SUBTOTAL: "0.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "0.00" });
    const pdf = await createSelfServiceOrder({ userId: null, leadId, products: [2], idempotencyKey: "order-key-0003" });
    expect(pdf.cost).toEqual({ SUBTOTAL: "49.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "49.00" });
  });

  it("confirming pays once, marks the lead paid and issues one invoice", async () => {
    const user = (await createBuyer())!;
    await saveBillingInfo(user.id, billing("GB"));
    const { leadId } = await createLead({ userId: user.id, kind: "single_location" });
    const order = await createSelfServiceOrder({
      userId: user.id,
      leadId,
      products: ["single_pdf"],
      idempotencyKey: "order-key-0004",
    });
    expect(await isLeadPaidFor(leadId, "single_pdf", 1)).toBe(false);
    const confirm = { userId: user.id, leadId, orderId: order.order_id, idempotencyKey: "confirm-key-0001" };
    const [a, b] = await Promise.all([confirmPurchase(confirm), confirmPurchase(confirm)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: "paid", test_payment: true, checkout_url: null });
    expect(await isLeadPaidFor(leadId, "single_pdf", 1)).toBe(true);
    expect(await getDb().select().from(invoices)).toHaveLength(1);
    expect((await leadPayment(user.id, leadId)).paid).toBe(true);
  });
});

describe("packages, upgrades and the ledger", () => {
  it("an upgrade with a country package changes the plan and raises the limits", async () => {
    const user = (await createBuyer({ planCode: "DISCOVERY" }))!;
    await expect(
      purchasePackages({
        userId: user.id,
        currentPlan: "DISCOVERY",
        planCode: "PREMIUM",
        packages: [{ id: 101 }],
        idempotencyKey: "upgrade-key-01",
      }),
    ).rejects.toThrow("Please fill in your billing info before buying.");
    await saveBillingInfo(user.id, billing("FR"));
    const result = await purchasePackages({
      userId: user.id,
      currentPlan: "DISCOVERY",
      planCode: "PREMIUM",
      packages: [{ id: 101 }, { id: 0 }, { id: 203, count: 0 }],
      idempotencyKey: "upgrade-key-02",
    });
    expect(result).toMatchObject({ status: "paid", total: "1 368.00", invoice_number: 1 });
    const [row] = await getDb().select({ planCode: users.planCode }).from(users).where(eq(users.id, user.id));
    expect(row!.planCode).toBe("PREMIUM");
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.granted).toEqual({ country: 6, region: 20, hexagon: 50 });
    expect((await getAvailableLocations({ id: user.id, planCode: "PREMIUM" })).limit_country).toBe(6);
  });

  it("the same key twice charges once; parallel purchases each add their credits", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, billing("GB"));
    const same = { userId: user.id, kind: "region" as const, amount: 5, idempotencyKey: "credits-key-1" };
    const [a, b] = await Promise.all([buyLocationCredits(same), buyLocationCredits(same)]);
    expect(a).toEqual(b);
    await Promise.all(
      [1, 2, 3].map((i) =>
        buyLocationCredits({ userId: user.id, kind: "hexagon", amount: 10, idempotencyKey: `credits-par-${i}` }),
      ),
    );
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.purchased).toEqual({ country: 0, region: 5, hexagon: 30 });
    const numbers = (await getDb().select({ n: invoices.number }).from(invoices)).map((r) => r.n).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4]);
    expect(await getDb().select().from(receipts)).toHaveLength(4);
  });

  it("a redirecting provider leaves the order pending until it settles, and settling twice applies once", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, billing("GB"));
    const redirecting: PaymentProvider = {
      ...testPaymentProvider,
      name: "stripe",
      isTest: false,
      start: async (r) => ({ status: "redirect", url: `https://checkout.example/${r.orderId}`, reference: "cs_1" }),
    };
    setPaymentProviderForTesting(redirecting);
    const r = await buyLocationCredits({
      userId: user.id,
      kind: "country",
      amount: 1,
      idempotencyKey: "credits-redirect",
    });
    expect(r).toMatchObject({ status: "requires_payment", checkout_url: `https://checkout.example/${r.order_id}` });
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(0);
    // two provider events for the one checkout, at once: the order settles once
    const [s1, s2] = await Promise.all([
      settleCheckoutPayment(await paidEvent(r.order_id, "evt_settle_first"), "stripe"),
      settleCheckoutPayment(await paidEvent(r.order_id, "evt_settle_second"), "stripe"),
    ]);
    expect([s1.applied, s2.applied].sort()).toEqual([false, true]);
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(1);
  });

  it("an unpaid checkout expires with its order: the sweeper cancels it after PENDING_ORDER_TIMEOUT_MS, not before", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, billing("GB"));
    const start = vi.fn<PaymentProvider["start"]>(async (r) => ({
      status: "redirect",
      url: `https://checkout.example/${r.orderId}`,
      reference: "cs_2",
    }));
    setPaymentProviderForTesting({ ...testPaymentProvider, name: "stripe", isTest: false, start });
    const r = await buyLocationCredits({
      userId: user.id,
      kind: "country",
      amount: 1,
      idempotencyKey: "credits-expire",
    });
    const [order] = await getDb().select().from(orders).where(eq(orders.id, r.order_id));
    expect(start.mock.calls[0]![0].expiresAt.getTime()).toBe(order!.createdAt.getTime() + PENDING_ORDER_TIMEOUT_MS);
    expect(await cancelExpiredOrders(new Date(order!.createdAt.getTime() + PENDING_ORDER_TIMEOUT_MS - 1_000))).toBe(0);
    expect(await cancelExpiredOrders(new Date(order!.createdAt.getTime() + PENDING_ORDER_TIMEOUT_MS + 1_000))).toBe(1);
    const [after] = await getDb().select().from(orders).where(eq(orders.id, r.order_id));
    expect(after!.status).toBe("cancelled");
    await expect(
      settleCheckoutPayment(await paidEvent(r.order_id, "evt_expired_order"), "stripe"),
    ).rejects.toMatchObject({ status: 409 });
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(0);
  });

  it("a package bought from the cart orders the pending location once paid", async () => {
    const user = (await createBuyer({ planCode: "DISCOVERY" }))!;
    await saveBillingInfo(user.id, billing("GB"));
    const r = await purchasePackages({
      userId: user.id,
      currentPlan: "DISCOVERY",
      packages: [{ id: 101 }],
      idempotencyKey: "cart-pending-1",
      pendingLocation: "ES",
    });
    expect(r.status).toBe("paid");
    const e = await getUserEntitlements({ id: user.id, planCode: "DISCOVERY" });
    expect(e.ordered.country).toEqual(["ES"]);
    expect(e.remaining.country).toBe(0);
    await expect(
      purchasePackages({
        userId: user.id,
        currentPlan: "DISCOVERY",
        packages: [{ id: 0 }],
        idempotencyKey: "cart-pending-2",
      }),
    ).rejects.toThrow("Choose at least one package");
  });
});

describe("plan changes only go up, and nothing is paid for nothing", () => {
  it("refuses a downgrade with a 400 and makes no order or invoice", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, billing("FR"));
    const start = vi.fn(testPaymentProvider.start);
    setPaymentProviderForTesting({ ...testPaymentProvider, start });
    const down = purchasePackages({
      userId: user.id,
      currentPlan: "PREMIUM",
      planCode: "DISCOVERY",
      packages: [],
      idempotencyKey: "downgrade-key-1",
    });
    await expect(down).rejects.toMatchObject({
      status: 400,
      message: "You can only upgrade to a plan above your current one",
      field: "tariff_id",
    });
    const downWithPackage = purchasePackages({
      userId: user.id,
      currentPlan: "PREMIUM",
      planCode: "DISCOVERY",
      packages: [{ id: 101 }],
      idempotencyKey: "downgrade-key-2",
    });
    await expect(downWithPackage).rejects.toMatchObject({ status: 400 });
    const same = purchasePackages({
      userId: user.id,
      currentPlan: "PREMIUM",
      planCode: "PREMIUM",
      packages: [],
      idempotencyKey: "same-plan-key-1",
    });
    await expect(same).rejects.toMatchObject({ status: 400, message: "You are already on this plan" });
    expect(start).not.toHaveBeenCalled();
    expect(await getDb().select().from(orders)).toHaveLength(0);
    expect(await getDb().select().from(invoices)).toHaveLength(0);
    const [row] = await getDb().select({ planCode: users.planCode }).from(users).where(eq(users.id, user.id));
    expect(row!.planCode).toBe("PREMIUM");
  });

  it("the current plan with a package buys the package alone", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, billing("GB"));
    const r = await purchasePackages({
      userId: user.id,
      currentPlan: "PREMIUM",
      planCode: "PREMIUM",
      packages: [{ id: 101 }],
      idempotencyKey: "same-plan-key-2",
    });
    expect(r).toMatchObject({ status: "paid", total: "150.00" });
  });

  it("never asks the provider for a zero total", async () => {
    const user = (await createBuyer())!;
    await saveBillingInfo(user.id, billing("FR"));
    const start = vi.fn(testPaymentProvider.start);
    setPaymentProviderForTesting({ ...testPaymentProvider, start });
    const upload = await uploadWith({ total_locations: 3, valid_locations: 0 }, user.id);
    const { leadId } = await createLead({ userId: user.id, kind: "portfolio", reference: upload.id });
    const order = await createSelfServiceOrder({
      userId: user.id,
      leadId,
      products: ["portfolio_report"],
      idempotencyKey: "zero-order-1",
    });
    expect(order.cost.TOTAL).toBe("0.00");
    await expect(
      confirmPurchase({ userId: user.id, leadId, orderId: order.order_id, idempotencyKey: "zero-confirm-1" }),
    ).rejects.toMatchObject({ status: 400, message: "This order has nothing to pay" });
    expect(start).not.toHaveBeenCalled();
    expect(await getDb().select().from(invoices)).toHaveLength(0);
  });
});

describe("self-service purchases of a signed-in user", () => {
  it("need filled billing info, then pay with VAT from the billing country", async () => {
    const user = (await createBuyer())!;
    const { leadId } = await createLead({ userId: user.id, kind: "single_location" });
    const order = await createSelfServiceOrder({
      userId: user.id,
      leadId,
      products: ["single_pdf"],
      idempotencyKey: "self-billing-1",
    });
    expect(order.cost).toEqual({ SUBTOTAL: "49.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "49.00" });
    const confirm = { userId: user.id, leadId, orderId: order.order_id };
    await expect(confirmPurchase({ ...confirm, idempotencyKey: "self-confirm-1" })).rejects.toMatchObject({
      status: 400,
      message: "Please fill in your billing info before buying.",
    });
    expect(await isLeadPaidFor(leadId, "single_pdf", 1)).toBe(false);
    await saveBillingInfo(user.id, billing("DE"));
    const paid = await confirmPurchase({ ...confirm, idempotencyKey: "self-confirm-2" });
    expect(paid).toMatchObject({ status: "paid", total: "58.31" });
    const [row] = await getDb().select().from(orders).where(eq(orders.id, order.order_id));
    expect(row).toMatchObject({ taxRateBp: 1900, vatMinor: 931, totalMinor: 5831, billingCountry: "DE" });
    const [invoice] = await getDb().select().from(invoices);
    expect(invoice!.totalMinor).toBe(5831);
  });

  it("an anonymous lead gets the spec's default quote but cannot pay it: no one has accepted the terms", async () => {
    const { leadId } = await createLead({ userId: null, kind: "single_location" });
    const order = await createSelfServiceOrder({
      userId: null,
      leadId,
      products: ["single_pdf"],
      idempotencyKey: "anon-order-1",
    });
    expect(order.cost).toEqual({ SUBTOTAL: "49.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "49.00" });
    await expect(
      confirmPurchase({ userId: null, leadId, orderId: order.order_id, idempotencyKey: "anon-confirm-1" }),
    ).rejects.toMatchObject({ status: 400, message: COMMERCE_MESSAGES.termsRequired });
    expect(await isLeadPaidFor(leadId, "single_pdf", 1)).toBe(false);
  });
});
