/** /dashboard/location-report's order step: the order is for the address the buyer typed. */
import { randomUUID } from "node:crypto";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth";
import { createSession } from "~/services/session.server";
import * as locationReport from "../../app/routes/dashboard+/location-report";

const getDb = setupTestDatabase();

async function order(cookie: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "order", idempotencyKey: randomUUID(), ...fields });
  const request = new Request("http://localhost/dashboard/location-report", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  const response = (await locationReport.action({ request, params: {}, context: {} })) as Response;
  return { status: response.status, body: (await response.json()) as { order: { address: string; area: string; order_id: number } | null } };
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
});
