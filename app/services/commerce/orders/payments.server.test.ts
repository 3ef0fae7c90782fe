import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { createUser } from "#db/factories";
import { setTermsConsent } from "../billing.server";
import { invoices, orders } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { resetEnvCacheForTesting } from "~/env.server";
import { stripeWebhook } from "../../api/orders-api.server";
import {
  currentPaymentsMode,
  getPaymentProvider,
  setPaymentProviderForTesting,
  stripePaymentProvider,
} from "./payments.server";
import { getUserEntitlements } from "../entitlements.server";

const getDb = setupTestDatabase();

/** A user who has accepted the current terms: nothing is bought without them. */
async function createBuyer(input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(getDb(), input);
  if (user) await setTermsConsent(user.id, true);
  return user;
}
const SECRET = "whsec_test_secret_for_signatures";
const stripe = new Stripe("sk_test_dummy");
afterEach(() => setPaymentProviderForTesting(undefined));

const SESSION = "cs_test_1";

function completedEvent(
  id: string,
  orderId: number,
  paid: { amount_total?: number; currency?: string; session?: string } = {},
) {
  return JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: paid.session ?? SESSION,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: paid.amount_total ?? 15_000,
        currency: paid.currency ?? "eur",
        metadata: { order_id: String(orderId) },
        client_reference_id: String(orderId),
      },
    },
  });
}

/** An order waiting for the Stripe Checkout session SESSION to be paid (as the purchase leaves it). */
async function awaitingCheckout(userId: string) {
  const [order] = await getDb()
    .insert(orders)
    .values({
      userId,
      kind: "packages",
      items: [
        {
          code: "package_101",
          name: "1 country",
          quantity: 1,
          unitMinor: 15_000,
          totalMinor: 15_000,
          kind: "country",
          locations: 1,
        },
      ],
      subtotalMinor: 15_000,
      totalMinor: 15_000,
      provider: "stripe",
      providerReference: SESSION,
    })
    .returning();
  return order!;
}

function post(payload: string, signature: string) {
  const request = new Request("http://localhost/api/v1/payments/stripe_webhook", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
  });
  return stripeWebhook.action({ request });
}

describe("Stripe webhooks", () => {
  beforeEach(() => setPaymentProviderForTesting(stripePaymentProvider("sk_test_dummy", SECRET, stripe)));

  it("a correctly signed completed checkout settles the order once, however often it arrives", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    const order = await awaitingCheckout(user.id);
    const payload = completedEvent("evt_1PqRsTuVwXyZ", order.id);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const first = await post(payload, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await post(payload, header)).status).toBe(200);
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.purchased.country).toBe(1);
  });

  it("rejects a wrongly signed or tampered event with 400 and changes nothing", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    const order = await awaitingCheckout(user.id);
    const payload = completedEvent("evt_2PqRsTuVwXyZ", order.id);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const bad = await post(payload, wrongSecret);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: "Invalid Stripe webhook signature",
      code: "invalid_request",
    });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(payload.replace('"paid"', '"unpaid"'), good)).status).toBe(400);
    expect((await post(payload, "")).status).toBe(400);
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(0);
  });

  it("settles nothing when the paid amount, currency or Checkout session is not the order's", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    const order = await awaitingCheckout(user.id);
    const forged = [
      completedEvent("evt_3PqRsTuVwXyZ", order.id, { amount_total: 1, currency: "usd" }),
      completedEvent("evt_4PqRsTuVwXyZ", order.id, { amount_total: 1 }),
      completedEvent("evt_5PqRsTuVwXyZ", order.id, { currency: "usd" }),
      completedEvent("evt_6PqRsTuVwXyZ", order.id, { session: "cs_test_other" }),
    ];
    for (const payload of forged) {
      const res = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        error: COMMERCE_MESSAGES.paymentMismatch,
        code: "invalid_request",
      });
    }
    const [row] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending");
    expect(await getDb().select().from(invoices)).toHaveLength(0);
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(0);
  });
});

describe("the Stripe adapter", () => {
  it("starts one Checkout per order, expiring with the order", async () => {
    const create = vi.fn(async () => ({ id: "cs_test_9", url: "https://checkout.stripe.com/c/pay/cs_test_9" }));
    const client = { checkout: { sessions: { create } } } as unknown as Stripe;
    const expiresAt = new Date(Date.now() + 3_600_000);
    const request = {
      orderId: 9,
      totalMinor: 4_900,
      currency: "EUR",
      description: "PDF",
      successUrl: "https://x.example/ok",
      cancelUrl: "https://x.example/no",
      expiresAt,
    };
    expect(await stripePaymentProvider("sk_test_dummy", SECRET, client).start(request)).toEqual({
      status: "redirect",
      url: "https://checkout.stripe.com/c/pay/cs_test_9",
      reference: "cs_test_9",
    });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ expires_at: Math.floor(expiresAt.getTime() / 1000), metadata: { order_id: "9" } }),
      { idempotencyKey: "checkout-order-9" },
    );
  });
});

describe("the payments setting", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCacheForTesting();
  });

  it("production without PAYMENTS or Stripe keys refuses purchases; PAYMENTS=test allows labelled test payments", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    resetEnvCacheForTesting();
    expect(currentPaymentsMode()).toBe("off");
    expect(() => getPaymentProvider()).toThrow(
      expect.objectContaining({ status: 503, message: COMMERCE_MESSAGES.paymentsNotConfigured }),
    );
    vi.stubEnv("PAYMENTS", "test");
    resetEnvCacheForTesting();
    expect(currentPaymentsMode()).toBe("test");
    expect(getPaymentProvider().isTest).toBe(true);
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("PAYMENTS", "");
    resetEnvCacheForTesting();
    expect(currentPaymentsMode()).toBe("test");
  });
});
