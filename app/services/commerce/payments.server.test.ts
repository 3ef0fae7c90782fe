import Stripe from "stripe";
import { createUser } from "#db/factories";
import { orders } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { stripeWebhook } from "./api.server";
import { setPaymentProviderForTesting, stripePaymentProvider } from "./payments.server";
import { getUserEntitlements } from "../entitlements.server";

const getDb = setupTestDatabase();
const SECRET = "whsec_test_secret_for_signatures";
const stripe = new Stripe("sk_test_dummy");
afterEach(() => setPaymentProviderForTesting(undefined));

function completedEvent(id: string, orderId: number) {
  return JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_test_1", object: "checkout.session", payment_status: "paid", metadata: { order_id: String(orderId) }, client_reference_id: String(orderId) } },
  });
}

function post(payload: string, signature: string) {
  const request = new Request("http://localhost/api/v1/payments/stripe_webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature, "Content-Type": "application/json" } });
  return stripeWebhook.action({ request });
}

describe("Stripe webhooks", () => {
  beforeEach(() => setPaymentProviderForTesting(stripePaymentProvider("sk_test_dummy", SECRET, stripe)));

  it("a correctly signed completed checkout settles the order once, however often it arrives", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const [order] = await getDb()
      .insert(orders)
      .values({ userId: user.id, kind: "packages", items: [{ code: "package_101", name: "1 country", quantity: 1, unitMinor: 15_000, totalMinor: 15_000, kind: "country", locations: 1 }], subtotalMinor: 15_000, totalMinor: 15_000 })
      .returning();
    const payload = completedEvent("evt_1PqRsTuVwXyZ", order!.id);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const first = await post(payload, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await post(payload, header)).status).toBe(200);
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.purchased.country).toBe(1);
  });

  it("rejects a wrongly signed or tampered event with 400 and changes nothing", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const [order] = await getDb()
      .insert(orders)
      .values({ userId: user.id, kind: "packages", items: [{ code: "package_101", name: "1 country", quantity: 1, unitMinor: 15_000, totalMinor: 15_000, kind: "country", locations: 1 }], subtotalMinor: 15_000, totalMinor: 15_000 })
      .returning();
    const payload = completedEvent("evt_2PqRsTuVwXyZ", order!.id);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const bad = await post(payload, wrongSecret);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid Stripe webhook signature" });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(payload.replace('"paid"', '"unpaid"'), good)).status).toBe(400);
    expect((await post(payload, "")).status).toBe(400);
    expect((await getUserEntitlements({ id: user.id, planCode: "PREMIUM" })).purchased.country).toBe(0);
  });
});
