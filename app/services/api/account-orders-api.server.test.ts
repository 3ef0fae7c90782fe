import { eq } from "drizzle-orm";
import { createUpload, createUser, sampleBillingInfo } from "#db/factories";
import { invoices, orders, portfolioUploads, termsConsents, users, type OrderItemRecord } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { API_AUTH_MESSAGES } from "./keys/api-auth.server";
import { createApiKey, rotateApiKey } from "./keys/api-keys.server";
import { isReportPaid } from "../portfolio/report/purchase.server";
import { createSession } from "../auth/session.server";
import { billingInfoHandler, tariffUpgrade, termsHandler } from "./account-api.server";
import { buyProducts, leadConfirmPurchase, selfServiceCreateOrder } from "./orders-api.server";
import { saveBillingInfo, setTermsConsent } from "../commerce/billing.server";
import { mergedDocumentsPage } from "../commerce/documents.server";
import { createLead } from "../commerce/orders/leads.server";
import { buyLocationCredits, isLeadPaidFor } from "../commerce/orders/orders.server";

const getDb = setupTestDatabase();

async function signedIn(planCode: "DISCOVERY" | "PREMIUM" = "DISCOVERY", { acceptTerms = true } = {}) {
  const user = (await createUser(getDb(), { planCode }))!;
  await saveBillingInfo(user.id, sampleBillingInfo());
  if (acceptTerms) await setTermsConsent(user.id, true);
  return { user, auth: { Authorization: `Bearer ${await createSession(user.id)}` } };
}

const call = (
  handler: { action: (a: { request: Request }) => Promise<Response> },
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  handler.action({
    request: new Request(`http://localhost/api${url}`, {
      method,
      headers: { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  });

describe("terms consent over the API", () => {
  it("is false until accepted, then stored with its version and time; withdrawing is stored too", async () => {
    const { auth } = await signedIn("DISCOVERY", { acceptTerms: false });
    const get = () =>
      termsHandler.loader({ request: new Request("http://localhost/api/v1/terms_conditions", { headers: auth }) });
    expect(await (await get()).json()).toEqual({
      status: "ok",
      terms_conditions: false,
      version: null,
      accepted_at: null,
      current_version: TERMS_VERSION,
    });
    const put = await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: true });
    expect(put.status).toBe(200);
    const accepted = await (await get()).json();
    expect(accepted).toMatchObject({ terms_conditions: true, version: TERMS_VERSION });
    expect(Date.now() - Date.parse(accepted.accepted_at)).toBeLessThan(60_000);
    await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: false });
    expect((await (await get()).json()).terms_conditions).toBe(false);
    const bad = await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      code: "invalid_request",
      error: "terms_conditions must be true or false",
      field: "terms_conditions",
    });
  });
});

describe("purchases need the current terms accepted", () => {
  const refusal = {
    success: false,
    code: "invalid_request",
    error: COMMERCE_MESSAGES.termsRequired,
    field: "terms_conditions",
  };
  const invoicesOf = async (userId: string) => getDb().select().from(invoices).where(eq(invoices.userId, userId));

  it("buy_products, tariff/upgrade and confirm_purchase refuse a buyer who has not accepted them, charging nothing", async () => {
    const { user, auth } = await signedIn("DISCOVERY", { acceptTerms: false });
    const buy = await call(
      buyProducts,
      "POST",
      "/v1/products/buy_products",
      { ...auth, "Idempotency-Key": "terms-buy-0001" },
      { type: 1, amount: 1 },
    );
    expect(buy.status).toBe(400);
    expect(await buy.json()).toEqual(refusal);
    const upgrade = await call(
      tariffUpgrade,
      "POST",
      "/v1/tariff/upgrade",
      { ...auth, "Idempotency-Key": "terms-upgrade-01" },
      { tariff_id: 2 },
    );
    expect(upgrade.status).toBe(400);
    expect(await upgrade.json()).toEqual(refusal);
    // create-order only quotes: the order waits, unpaid, and paying it is refused.
    const { leadId } = await uploadOf(user.id, 3);
    const quote = await call(
      selfServiceCreateOrder,
      "POST",
      "/v1/products/self-service-create-order",
      { ...auth, "Idempotency-Key": "terms-order-01" },
      { products: [1], lead_id: leadId },
    );
    expect(quote.status).toBe(200);
    const { order_id } = await quote.json();
    const confirm = await call(
      leadConfirmPurchase,
      "POST",
      "/v1/lead/confirm_purchase",
      { ...auth, "Idempotency-Key": "terms-confirm-1" },
      { lead_id: leadId, order_id },
    );
    expect(confirm.status).toBe(400);
    expect(await confirm.json()).toEqual(refusal);
    expect(await getDb().select({ status: orders.status }).from(orders).where(eq(orders.userId, user.id))).toEqual([
      { status: "pending" },
    ]);
    expect(await invoicesOf(user.id)).toEqual([]);
    expect(await getUserPlan(user.id)).toBe("DISCOVERY");

    // Accepted: the same calls (same keys) go through.
    await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: true });
    expect(
      await (
        await call(
          buyProducts,
          "POST",
          "/v1/products/buy_products",
          { ...auth, "Idempotency-Key": "terms-buy-0001" },
          { type: 1, amount: 1 },
        )
      ).json(),
    ).toMatchObject({ status: "paid" });
    expect(
      await (
        await call(
          leadConfirmPurchase,
          "POST",
          "/v1/lead/confirm_purchase",
          { ...auth, "Idempotency-Key": "terms-confirm-1" },
          { lead_id: leadId, order_id },
        )
      ).json(),
    ).toMatchObject({ status: "paid" });
    expect(
      await (
        await call(
          tariffUpgrade,
          "POST",
          "/v1/tariff/upgrade",
          { ...auth, "Idempotency-Key": "terms-upgrade-01" },
          { tariff_id: 2 },
        )
      ).json(),
    ).toMatchObject({ status: "paid" });
    expect(await invoicesOf(user.id)).toHaveLength(3);
  });

  it("a withdrawn consent or one to an older version of the terms does not count", async () => {
    const { user, auth } = await signedIn("DISCOVERY");
    await setTermsConsent(user.id, false);
    const withdrawn = await call(
      buyProducts,
      "POST",
      "/v1/products/buy_products",
      { ...auth, "Idempotency-Key": "terms-buy-0002" },
      { type: 1, amount: 1 },
    );
    expect(await withdrawn.json()).toEqual(refusal);
    await getDb().insert(termsConsents).values({ userId: user.id, accepted: true, version: "2020-01" });
    const older = await call(
      buyProducts,
      "POST",
      "/v1/products/buy_products",
      { ...auth, "Idempotency-Key": "terms-buy-0003" },
      { type: 1, amount: 1 },
    );
    expect(await older.json()).toEqual(refusal);
    expect(await invoicesOf(user.id)).toEqual([]);
  });

  it("an anonymous caller cannot pay an order: it has no account that accepted the terms", async () => {
    const { leadId } = await createLead({
      userId: null,
      kind: "single_location",
      postalAddress: "1 rue de Rivoli",
      lat: 48.86,
      lon: 2.35,
    });
    const quote = await call(
      selfServiceCreateOrder,
      "POST",
      "/v1/products/self-service-create-order",
      { "Idempotency-Key": "anon-order-01" },
      { products: [2], lead_id: leadId },
    );
    const { order_id } = await quote.json();
    const confirm = await call(
      leadConfirmPurchase,
      "POST",
      "/v1/lead/confirm_purchase",
      { "Idempotency-Key": "anon-confirm-1" },
      { lead_id: leadId, order_id },
    );
    expect(confirm.status).toBe(401);
    expect(await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order_id))).toEqual([
      { status: "pending" },
    ]);
  });
});

async function getUserPlan(userId: string) {
  const [row] = await getDb().select({ planCode: users.planCode }).from(users).where(eq(users.id, userId));
  return row?.planCode;
}

describe("VAT follows a real billing country", () => {
  const company = { name: "Acme GmbH", zip: "10115", city: "Berlin", street: "Invalidenstr. 1" };
  const billingBody = (country: string, vat_number = "") => ({
    email: "ana@example.org",
    first_name: "Ana",
    last_name: "Lopez",
    phone: "+49 30 1234",
    company: { ...company, country, vat_number },
  });

  it("billing_info refuses an unknown country and a VAT number that is not one", async () => {
    const { auth } = await signedIn("DISCOVERY");
    const zz = await call(billingInfoHandler, "PUT", "/v1/billing_info", auth, billingBody("ZZ"));
    expect(zz.status).toBe(400);
    expect(await zz.json()).toEqual({
      success: false,
      code: "invalid_request",
      error: "ZZ is not a country code: use the two-letter ISO 3166-1 code, e.g. FR for France",
      field: "company_country",
    });
    const x = await call(billingInfoHandler, "PUT", "/v1/billing_info", auth, billingBody("DE", "x"));
    expect(x.status).toBe(400);
    expect((await x.json()).field).toBe("company_vat_number");
  });

  it("a German consumer pays 178.50 for a 150.00 country; Monaco pays French VAT; a country saved unchecked must be corrected first", async () => {
    const { user, auth } = await signedIn("DISCOVERY");
    const buy = async (key: string) =>
      (
        await call(
          buyProducts,
          "POST",
          "/v1/products/buy_products",
          { ...auth, "Idempotency-Key": key },
          { type: 1, amount: 1 },
        )
      ).json();
    expect((await call(billingInfoHandler, "PUT", "/v1/billing_info", auth, billingBody("DE"))).status).toBe(200);
    expect(await buy("vat-de-consumer-1")).toMatchObject({ status: "paid", total: "178.50" });
    expect((await call(billingInfoHandler, "PUT", "/v1/billing_info", auth, billingBody("MC"))).status).toBe(200);
    expect(await buy("vat-monaco-0001")).toMatchObject({ status: "paid", total: "180.00" });
    // Saved before codes were checked: no purchase until it is corrected.
    await saveBillingInfo(user.id, {
      ...billingBody("ZZ"),
      appeal: "",
      company: { ...company, country: "ZZ", vat_number: "" },
    });
    expect(await buy("vat-zz-000001")).toEqual({
      success: false,
      code: "invalid_request",
      error: COMMERCE_MESSAGES.billingRequired,
      field: "billing_info",
    });
  });
});

describe("POST /v1/tariff/upgrade", () => {
  it("refuses tariff_id 1 (DISCOVERY) for a PREMIUM user with a 400 and the reason", async () => {
    const { auth } = await signedIn("PREMIUM");
    const res = await call(
      tariffUpgrade,
      "POST",
      "/v1/tariff/upgrade",
      { ...auth, "Idempotency-Key": "api-downgrade-1" },
      { tariff_id: 1, payment_type: "card" },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: "invalid_request",
      error: "You can only upgrade to a plan above your current one",
      field: "tariff_id",
    });
    const same = await call(
      tariffUpgrade,
      "POST",
      "/v1/tariff/upgrade",
      { ...auth, "Idempotency-Key": "api-same-plan-1" },
      { tariff_id: 2, payment_type: "card" },
    );
    expect(same.status).toBe(400);
    expect((await same.json()).error).toBe("You are already on this plan");
  });
});

describe("invoices and receipts in the account page", () => {
  it("merge into one line per number, newest first, with the ru date", async () => {
    const { user } = await signedIn("PREMIUM");
    await buyLocationCredits({ userId: user.id, kind: "country", amount: 1, idempotencyKey: "merge-docs-1" });
    await buyLocationCredits({ userId: user.id, kind: "region", amount: 5, idempotencyKey: "merge-docs-2" });
    const docs = (await mergedDocumentsPage(user.id, { limit: 100 })).documents;
    expect(docs.map((d) => [d.number, d.invoice, d.receipt, d.test_payment, d.total_price])).toEqual([
      [2, true, true, true, "240.00"],
      [1, true, true, true, "180.00"],
    ]);
    expect(docs[0]!.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });
});

/** An upload of this user whose own scan found `valid` valid locations. */
async function uploadOf(userId: string, valid: number) {
  const upload = await createUpload(
    getDb(),
    { total_locations: valid + 10, valid_locations: valid, duplicate_locations: 0 },
    userId,
  );
  const { leadId } = await createLead({ userId, kind: "portfolio", reference: upload.id });
  await getDb()
    .update(portfolioUploads)
    .set({ leadId: String(leadId) })
    .where(eq(portfolioUploads.id, upload.id));
  return { upload: { ...upload, leadId: String(leadId) }, leadId };
}

describe("self-service orders are priced by the server", () => {
  it("a portfolio order costs the upload's own location count, whatever valid_locations the client sends", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    const { upload, leadId } = await uploadOf(user.id, 964);
    const res = await call(
      selfServiceCreateOrder,
      "POST",
      "/v1/products/self-service-create-order",
      { ...auth, "Idempotency-Key": "cheap-order-1" },
      { products: [1], lead_id: leadId, total_locations: 1, valid_locations: 1 },
    );
    expect(res.status).toBe(200);
    const order = await res.json();
    // 964 × 14.00 = 13 496.00, French VAT 20 %.
    expect(order).toMatchObject({
      status: "ok",
      lead_id: leadId,
      total_locations: 974,
      valid_locations: 964,
      cost: { SUBTOTAL: "13 496.00", "TAX RATE": 20, VAT: "2 699.20", TOTAL: "16 195.20" },
    });
    expect(order.products).toEqual([expect.objectContaining({ code: "portfolio_report", quantity: 964 })]);
    const paid = await call(
      leadConfirmPurchase,
      "POST",
      "/v1/lead/confirm_purchase",
      { ...auth, "Idempotency-Key": "cheap-confirm-1" },
      { lead_id: leadId, order_id: order.order_id },
    );
    expect(await paid.json()).toMatchObject({ status: "paid", total: "16 195.20" });
    expect(await isReportPaid(upload, user.id)).toBe(true);
  });

  it("only products made for the lead's kind can be ordered", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    const { leadId: portfolioLead } = await uploadOf(user.id, 3);
    const { leadId: addressLead } = await createLead({
      userId: user.id,
      kind: "single_location",
      postalAddress: "1 rue de Rivoli",
      lat: 48.86,
      lon: 2.35,
    });
    const order = (lead: number, products: unknown[], key: string) =>
      call(
        selfServiceCreateOrder,
        "POST",
        "/v1/products/self-service-create-order",
        { ...auth, "Idempotency-Key": key },
        { products, lead_id: lead, valid_locations: 1 },
      );
    for (const [lead, products, key] of [
      [addressLead, [1], "kind-order-1"],
      [addressLead, ["portfolio_report", 2], "kind-order-2"],
      [portfolioLead, [2], "kind-order-3"],
    ] as const) {
      const res = await order(lead, [...products], key);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        code: "invalid_request",
        error: COMMERCE_MESSAGES.productNotForLead,
        field: "products",
      });
    }
    expect(await (await order(addressLead, [2], "kind-order-4")).json()).toMatchObject({
      valid_locations: 1,
      cost: { SUBTOTAL: "49.00" },
    });
  });

  it("a report opens only for a paid order of its product at its own count", async () => {
    const { user } = await signedIn("PREMIUM");
    const { upload, leadId } = await uploadOf(user.id, 964);
    const { leadId: addressLead } = await createLead({
      userId: user.id,
      kind: "single_location",
      postalAddress: "1 rue de Rivoli",
      lat: 48.86,
      lon: 2.35,
    });
    const paidOrder = (lead: number, item: OrderItemRecord) =>
      getDb()
        .insert(orders)
        .values({
          userId: user.id,
          leadId: lead,
          kind: "self_service",
          status: "paid",
          items: [item],
          subtotalMinor: item.totalMinor,
          totalMinor: item.totalMinor,
        });
    const oneReport = {
      code: "portfolio_report",
      name: "Portfolio report",
      quantity: 1,
      unitMinor: 1_400,
      totalMinor: 1_400,
    };
    await paidOrder(leadId, oneReport);
    await paidOrder(addressLead, oneReport);
    expect(await isReportPaid(upload, user.id)).toBe(false);
    expect(await isLeadPaidFor(addressLead, "single_pdf", 1)).toBe(false);
    await paidOrder(leadId, { ...oneReport, quantity: 964, totalMinor: 964 * 1_400 });
    await paidOrder(addressLead, { code: "single_pdf", name: "PDF", quantity: 1, unitMinor: 4_900, totalMinor: 4_900 });
    expect(await isReportPaid(upload, user.id)).toBe(true);
    expect(await isLeadPaidFor(addressLead, "single_pdf", 1)).toBe(true);
  });
});

describe("money inputs", () => {
  it("buy_products takes amounts written as plain integers only: 0x10, 1e3, 1.0, 10abc and +5 buy nothing", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    for (const [i, amount] of ["0x10", "1e3", "1.0", "10abc", "+5", " ", "0b11", "Infinity"].entries()) {
      const res = await call(
        buyProducts,
        "POST",
        "/v1/products/buy_products",
        { ...auth, "Idempotency-Key": `plain-amount-${i}0` },
        { type: 1, amount },
      );
      expect({ amount, status: res.status }).toEqual({ amount, status: 400 });
      expect((await res.json()).field).toBe("amount");
    }
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const plain = await call(
      buyProducts,
      "POST",
      "/v1/products/buy_products",
      { ...auth, "Idempotency-Key": "plain-amount-ok" },
      { type: "1", amount: "2" },
    );
    expect(await plain.json()).toMatchObject({ status: "paid" });
  });

  it("an order names at least one product that applies: products [] is refused, no 0.00 order is made", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    const { leadId } = await uploadOf(user.id, 3);
    const res = await call(
      selfServiceCreateOrder,
      "POST",
      "/v1/products/self-service-create-order",
      { ...auth, "Idempotency-Key": "empty-order-01" },
      { products: [], lead_id: leadId },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request", field: "products" });
    const { leadId: emptyLead } = await uploadOf(user.id, 0);
    const none = await call(
      selfServiceCreateOrder,
      "POST",
      "/v1/products/self-service-create-order",
      { ...auth, "Idempotency-Key": "empty-order-02" },
      { products: [1], lead_id: emptyLead },
    );
    expect(none.status).toBe(400);
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it("a lead already paid takes no new order, and of two orders opened side by side only the first paid is paid", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    const { leadId } = await uploadOf(user.id, 3);
    const order = async (key: string) =>
      call(
        selfServiceCreateOrder,
        "POST",
        "/v1/products/self-service-create-order",
        { ...auth, "Idempotency-Key": key },
        { products: [1], lead_id: leadId },
      );
    const confirm = (orderId: number, key: string) =>
      call(
        leadConfirmPurchase,
        "POST",
        "/v1/lead/confirm_purchase",
        { ...auth, "Idempotency-Key": key },
        { lead_id: leadId, order_id: orderId },
      );
    const first = (await (await order("twice-order-01")).json()).order_id as number;
    const second = (await (await order("twice-order-02")).json()).order_id as number;
    expect(await (await confirm(first, "twice-confirm-1")).json()).toMatchObject({ status: "paid" });
    const again = await confirm(second, "twice-confirm-2");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "conflict", error: COMMERCE_MESSAGES.leadAlreadyPaid });
    const third = await order("twice-order-03");
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({
      code: "conflict",
      error: COMMERCE_MESSAGES.leadAlreadyPaid,
      field: "lead_id",
    });
    const paid = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.status, "paid"));
    expect(paid.filter((o) => o.id === first || o.id === second)).toEqual([{ id: first }]);
    expect(await getDb().select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(1);
  });
});

describe("Idempotency-Key reuse", () => {
  it("the same key with another body answers 422; with the same body the first order", async () => {
    const { auth } = await signedIn("PREMIUM");
    const buy = (body: unknown) =>
      call(buyProducts, "POST", "/v1/products/buy_products", { ...auth, "Idempotency-Key": "reuse-buy-0001" }, body);
    const first = await buy({ type: 1, amount: 1 });
    expect(first.status).toBe(200);
    const firstOrder = (await first.json()).order_id;
    const other = await buy({ type: 1, amount: 5 });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      success: false,
      code: "idempotency_key_reused",
      error: COMMERCE_MESSAGES.keyReused,
      field: "idempotency_key",
    });
    const again = await buy({ type: 1, amount: 1 });
    expect(again.status).toBe(200);
    expect((await again.json()).order_id).toBe(firstOrder);
  });
});

describe("API key scopes", () => {
  it("an API key reads data but cannot buy, nor read or change billing details; the session can", async () => {
    const { user, auth } = await signedIn("PREMIUM");
    const { key } = await rotateApiKey(user);
    const byKey = { Authorization: `Bearer ${key}` };
    const readBilling = (headers: Record<string, string>) =>
      billingInfoHandler.loader({ request: new Request("http://localhost/api/v1/billing_info", { headers }) });
    expect((await readBilling(auth)).status).toBe(200);
    const billingKey = await createApiKey(user, { name: "billing", scopes: ["billing"] });
    expect((await readBilling({ Authorization: `Bearer ${billingKey.key}` })).status).toBe(200);
    const refused = [
      await readBilling(byKey),
      await call(
        buyProducts,
        "POST",
        "/v1/products/buy_products",
        { ...byKey, "Idempotency-Key": "key-buy-00001" },
        { type: 1, amount: 1 },
      ),
      await call(
        tariffUpgrade,
        "POST",
        "/v1/tariff/upgrade",
        { ...byKey, "Idempotency-Key": "key-upgrade-01" },
        { tariff_id: 3 },
      ),
      await call(billingInfoHandler, "PUT", "/v1/billing_info", byKey, { company: { country: "US" } }),
      await call(termsHandler, "PUT", "/v1/terms_conditions", byKey, { terms_conditions: false }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        success: false,
        code: "insufficient_scope",
        error: API_AUTH_MESSAGES.outOfScope,
      });
    }
    expect((await mergedDocumentsPage(user.id, { limit: 100 })).documents.length).toBe(0);
    expect(
      (
        await call(
          buyProducts,
          "POST",
          "/v1/products/buy_products",
          { ...auth, "Idempotency-Key": "session-buy-01" },
          { type: 1, amount: 1 },
        )
      ).status,
    ).toBe(200);
  });
});
