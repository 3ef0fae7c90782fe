/**
 * A whole book at point level through the built server alone, as an integrator does it: a key with the billing scope,
 * billing info and terms, a quote, one purchase (retried), and the batch at point level. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleBillingInfo } from "#db/factories";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { costOf, vatRateFor } from "~/domain/commerce/invoicing/vat";
import { PACKAGES } from "~/domain/commerce/packages";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

const BUYER = { email: "premium@example.com", password: "Demo-password-2026" };

/** Land points across Spain, about 50 km apart: one resolution-4 hexagon each, more than the plan's allowance. */
const BOOK = Array.from({ length: 80 }, (_, n) => ({
  id: `asset-${n}`,
  lat: +(38 + Math.floor(n / 10) * 0.5).toFixed(3),
  lon: +(-6 + (n % 10) * 0.6).toFixed(3),
}));

const price = (id: number) => PACKAGES.find((p) => p.id === id)!.priceMinor;
const pricingTotal = (n: number) => Math.floor(n / 100) * price(302) + (n % 100) * price(303);

let store: ServerStore;
let server: ProdServer;
let session: Record<string, string>;

beforeAll(async () => {
  store = await createServerStore("unlock-book");
  server = await startProdServer(store, { SEED_DEMO_ACCOUNTS: "true" });
  const res = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({ intent: "login", ...BUYER, redirectTo: "/dashboard" }),
  });
  const token = res.headers
    .getSetCookie()
    .find((c) => c.includes("weather_token="))
    ?.split(";")[0]!
    .split("=")[1];
  if (!token) throw new Error(`login failed: ${res.status}`);
  session = { Authorization: `Bearer ${token}` };
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
});

const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await fetch(`${server.base}${apiUrl(path)}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
};

describe("a whole book at point level through the HTTP API", () => {
  it("quotes the missing hexagons, buys them once, and the batch then reads every point at its hexagon", async () => {
    const key = await call("POST", API_PATHS.apiKeys, session, { name: "book robot", scopes: ["billing"] });
    expect([200, 201]).toContain(key.status);
    const auth = { Authorization: `Bearer ${key.body.key}` };
    expect((await call("PUT", API_PATHS.billingInfo, auth, sampleBillingInfo())).status).toBe(200);
    expect((await call("PUT", API_PATHS.termsConditions, auth, { terms_conditions: true })).status).toBe(200);

    const before = await call("POST", API_PATHS.hazardsBatch, auth, { locations: BOOK });
    const placed = before.body.items.filter((i: { status: string }) => i.status === "ok");
    expect(placed.length).toBe(BOOK.length);
    const distinct = new Set(placed.map((i: { hexagon_code: string }) => i.hexagon_code));

    const quote = await call("POST", API_PATHS.unlockQuote, auth, { locations: BOOK });
    expect(quote.status).toBe(200);
    expect(new Set(quote.body.hexagons)).toEqual(distinct);
    expect(quote.body.owned.length + quote.body.missing.length).toBe(distinct.size);
    expect(quote.body.to_buy).toBe(quote.body.missing.length - quote.body.allowance.used);
    expect(quote.body.to_buy).toBeGreaterThan(0);
    const { rateBp } = vatRateFor(sampleBillingInfo().company.country);
    expect(quote.body.cost).toEqual(costOf(pricingTotal(quote.body.to_buy), rateBp).cost);

    const headers = { ...auth, "Idempotency-Key": "book-2026-11-29" };
    const bought = await call("POST", API_PATHS.unlock, headers, { quote_id: quote.body.quote_id });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: "unlocked", total: quote.body.cost.TOTAL, bought: quote.body.to_buy });
    const replay = await call("POST", API_PATHS.unlock, headers, { quote_id: quote.body.quote_id });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(bought.body);

    const invoices = await call("GET", API_PATHS.invoices, auth);
    expect(JSON.stringify(invoices.body)).toContain(quote.body.cost.TOTAL);

    const after = await call("POST", API_PATHS.hazardsBatch, auth, { locations: BOOK });
    expect(after.body.items.map((i: { location_type: string }) => i.location_type)).toEqual(BOOK.map(() => "hexagon"));
  }, 120_000);
});
