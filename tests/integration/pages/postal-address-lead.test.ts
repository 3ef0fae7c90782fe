import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { apiUrl, API_PATHS } from "~/domain/api/api-paths";
import { ENTITLEMENT_MESSAGES } from "~/domain/commerce/entitlements";
import { MESSAGES } from "~/domain/forms/validation";
import { SINGLE_LOCATION_MESSAGES } from "~/domain/reports/single-location";
import { getLead } from "~/services/commerce/orders/leads.server";
import { createSession } from "~/services/auth/session.server";
import * as postalAddress from "../../../app/routes/api+/v1+/lead+/postal_address";

const getDb = setupTestDatabase();

async function post(body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${apiUrl(API_PATHS.leadPostalAddress)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const response = await postalAddress.action({ request, params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signedIn(planCode: "DISCOVERY" | "PREMIUM") {
  const user = (await createUser(getDb(), { planCode }))!;
  return { user, auth: { Authorization: `Bearer ${await createSession(user.id)}` } };
}

describe("POST /api/v1/lead/postal_address", () => {
  it("turns a point and its address into a lead and answers the point's hazards and the caller's limits", async () => {
    const { user, auth } = await signedIn("DISCOVERY");
    const res = await post({ postal_address: "10 Downing Street, London", lat: 51.5034, lon: -0.1276 }, auth);
    expect(res.status).toBe(200);
    const leadId = res.body.lead_id as number;
    expect(await getLead(leadId)).toMatchObject({
      userId: user.id,
      kind: "single_location",
      postalAddress: "10 Downing Street, London",
    });
    const data = res.body.data as { hazards: unknown[] | null; location_type: string; limits: Record<string, number> };
    // Country scores are open to everyone (ADR 012): a DISCOVERY user reads GB at country level, never the hexagon.
    expect(data.location_type).toBe("country");
    expect(data.hazards?.length).toBeGreaterThan(0);
    expect(data.limits).toEqual({ limit_country: 0, limit_region: 0, limit_hexagon: 0 });
  });

  it("answers a place the caller has not bought at its country level, never the region or hexagon", async () => {
    const { auth } = await signedIn("DISCOVERY");
    const res = await post({ postal_address: "Calle de Alcalá 1, Madrid", lat: 40.4169, lon: -3.7035 }, auth);
    expect(res.status).toBe(200);
    expect(res.body.lead_id).toEqual(expect.any(Number));
    const data = res.body.data as { hazards: unknown[] | null; location_type: string };
    expect(data.location_type).toBe("country");
    expect(data.hazards?.length).toBeGreaterThan(0);
  });

  it("refuses anonymous callers, bad coordinates and points at sea with clear messages", async () => {
    expect(await post({ postal_address: "10 Downing Street", lat: 51.5, lon: -0.12 })).toMatchObject({
      status: 401,
      body: { error: ENTITLEMENT_MESSAGES.signInRequired },
    });
    const { auth } = await signedIn("PREMIUM");
    expect(await post({ postal_address: "10 Downing Street", lat: 91, lon: 0 }, auth)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.latitude },
    });
    expect(await post({ postal_address: "", lat: 51.5, lon: -0.12 }, auth)).toMatchObject({ status: 400 });
    expect(await post({ postal_address: "Mid-Atlantic", lat: 30, lon: -40 }, auth)).toMatchObject({
      status: 400,
      body: { error: SINGLE_LOCATION_MESSAGES.atSea },
    });
  });
});
