import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { TERMS_VERSION } from "~/domain/commerce";
import { createSession } from "../session.server";
import { tariffUpgrade, termsHandler } from "./api.server";
import { saveBillingInfo } from "./billing.server";
import { mergedDocuments } from "./documents.server";
import { buyLocationCredits } from "./orders.server";

const getDb = setupTestDatabase();

async function signedIn(planCode: "DISCOVERY" | "PREMIUM" = "DISCOVERY") {
  const user = (await createUser(getDb(), { planCode }))!;
  await saveBillingInfo(user.id, {
    appeal: "",
    email: "ana@example.org",
    first_name: "Ana",
    last_name: "Lopez",
    phone: "+33 1 23 45 67 89",
    company: { name: "Acme SA", country: "FR", zip: "", city: "", street: "1 rue de Rivoli", vat_number: "" },
  });
  return { user, auth: { Authorization: `Bearer ${await createSession(user.id)}` } };
}

const call = (handler: { action: (a: { request: Request }) => Promise<Response> }, method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  handler.action({ request: new Request(`http://localhost/api${url}`, { method, headers: { ...headers, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }) });

describe("terms consent over the API", () => {
  it("is false until accepted, then stored with its version and time; withdrawing is stored too", async () => {
    const { auth } = await signedIn();
    const get = () => termsHandler.loader({ request: new Request("http://localhost/api/v1/terms_conditions", { headers: auth }) });
    expect(await (await get()).json()).toEqual({ status: "ok", terms_conditions: false, version: null, accepted_at: null, current_version: TERMS_VERSION });
    const put = await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: true });
    expect(put.status).toBe(200);
    const accepted = await (await get()).json();
    expect(accepted).toMatchObject({ terms_conditions: true, version: TERMS_VERSION });
    expect(Date.now() - Date.parse(accepted.accepted_at)).toBeLessThan(60_000);
    await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: false });
    expect((await (await get()).json()).terms_conditions).toBe(false);
    const bad = await call(termsHandler, "PUT", "/v1/terms_conditions", auth, { terms_conditions: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "terms_conditions must be true or false", field: "terms_conditions" });
  });
});

describe("POST /v1/tariff/upgrade", () => {
  it("refuses tariff_id 1 (DISCOVERY) for a PREMIUM user with a 400 and the reason", async () => {
    const { auth } = await signedIn("PREMIUM");
    const res = await call(tariffUpgrade, "POST", "/v1/tariff/upgrade", { ...auth, "Idempotency-Key": "api-downgrade-1" }, { tariff_id: 1, payment_type: "card" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "You can only upgrade to a plan above your current one", field: "tariff_id" });
    const same = await call(tariffUpgrade, "POST", "/v1/tariff/upgrade", { ...auth, "Idempotency-Key": "api-same-plan-1" }, { tariff_id: 2, payment_type: "card" });
    expect(same.status).toBe(400);
    expect((await same.json()).error).toBe("You are already on this plan");
  });
});

describe("invoices and receipts in the account page", () => {
  it("merge into one line per number, newest first, with the ru date", async () => {
    const { user } = await signedIn("PREMIUM");
    await buyLocationCredits({ userId: user.id, kind: "country", amount: 1, idempotencyKey: "merge-docs-1" });
    await buyLocationCredits({ userId: user.id, kind: "region", amount: 5, idempotencyKey: "merge-docs-2" });
    const docs = await mergedDocuments(user.id);
    expect(docs.map((d) => [d.number, d.invoice, d.receipt, d.test_payment, d.total_price])).toEqual([
      [2, true, true, true, "240.00"],
      [1, true, true, true, "180.00"],
    ]);
    expect(docs[0]!.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });
});
