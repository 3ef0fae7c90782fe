/** /dashboard/location-report's order step: the order is for the address the buyer typed. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createUser } from "#db/factories";
import { orders, termsConsents } from "#db/schema";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { saveBillingInfo } from "~/services/commerce/billing.server";
import { createSession } from "~/services/auth/session.server";
import * as locationReport from "../../../app/routes/dashboard+/location-report";

const getDb = setupTestDatabase();

async function post(cookie: string, body: URLSearchParams) {
  const request = new Request("http://localhost/dashboard/location-report", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return (await locationReport.action({ request, params: {}, context: {} })) as Response;
}

async function order(cookie: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "order", idempotencyKey: randomUUID(), ...fields });
  const response = await post(cookie, body);
  return {
    status: response.status,
    body: (await response.json()) as { order: { address: string; area: string; order_id: number } | null },
  };
}

describe("ordering a single-location report", () => {
  it("keeps the address typed, and names the region and country apart", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const cookie = `${SESSION_COOKIE_NAME}=${await createSession(user.id)}`;
    const res = await order(cookie, { lat: "48.8566", lon: "2.3522", postalAddress: "Hotel de Ville, Paris" });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ address: "Hotel de Ville, Paris", area: "Paris, France" });
    expect(res.body.order!.order_id).toEqual(expect.any(Number));
  });

  it("pays only with the terms ticked, and records the version accepted with the order", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, {
      appeal: "Mr",
      email: "finance@example.fr",
      first_name: "Jean",
      last_name: "Martin",
      phone: "+33 1 23 45 67 89",
      company: {
        name: "Martin SARL",
        country: "FR",
        zip: "75004",
        city: "Paris",
        street: "1 Place de l'Hotel de Ville",
        vat_number: "",
      },
    });
    const cookie = `${SESSION_COOKIE_NAME}=${await createSession(user.id)}`;
    const placed = await order(cookie, { lat: "48.8566", lon: "2.3522", postalAddress: "Hotel de Ville, Paris" });
    const orderId = String(placed.body.order!.order_id);
    const confirm = (extra: Record<string, string>) =>
      post(
        cookie,
        new URLSearchParams({
          intent: "confirm",
          leadId: String((placed.body.order as unknown as { lead_id: number }).lead_id),
          orderId,
          idempotencyKey: randomUUID(),
          ...extra,
        }),
      );

    const refused = await confirm({ terms_version: TERMS_VERSION });
    expect(refused.status).toBe(302);
    const [unpaid] = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.id, Number(orderId)));
    expect(unpaid!.status).toBe("pending");
    expect(await getDb().select().from(termsConsents).where(eq(termsConsents.userId, user.id))).toHaveLength(0);

    const paid = await confirm({ terms: "on", terms_version: TERMS_VERSION });
    expect(paid.status).toBe(302);
    const [row] = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.id, Number(orderId)));
    expect(row!.status).toBe("paid");
    const consents = await getDb().select().from(termsConsents).where(eq(termsConsents.userId, user.id));
    expect(consents).toMatchObject([{ version: TERMS_VERSION, orderId: Number(orderId) }]);
  });
});
