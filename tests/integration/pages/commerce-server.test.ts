/**
 * The built production server as deployed: with no payment setting, purchases are refused rather than handed out as
 * free "test payments"; with an https PUBLIC_URL every answer carries HSTS; the public preview page is cacheable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

let store: ServerStore;
let server: ProdServer;

beforeAll(async () => {
  store = await createServerStore("commerce-server");
  // PAYMENTS empty: the production default, as a server started without the setting.
  server = await startProdServer(store, {
    PAYMENTS: "",
    SEED_DEMO_ACCOUNTS: "true",
    PUBLIC_URL: "https://climate-risk.example",
  });
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
});

async function logIn(): Promise<string> {
  const res = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({
      intent: "login",
      email: "premium@example.com",
      password: "Demo-password-2026",
      redirectTo: "/dashboard",
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("weather_token="));
  if (!cookie) throw new Error(`login failed: ${res.status}`);
  const session = cookie.split(";")[0]!;
  // The terms are accepted, so what refuses the purchases below is the missing payment setting alone.
  const terms = await fetch(`${server.base}/api/v1/terms_conditions`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: session, Origin: server.base },
    body: JSON.stringify({ terms_conditions: true }),
  });
  if (terms.status !== 200) throw new Error(`accepting the terms failed: ${terms.status}`);
  return session;
}

describe("a production server without PAYMENTS", () => {
  it("refuses purchases with 503 and says so on the cart page; nothing is granted", async () => {
    const cookie = await logIn();
    const buy = await fetch(`${server.base}/api/v1/products/buy_products`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: cookie,
        Origin: server.base,
        "Idempotency-Key": "no-payments-0001",
      },
      body: JSON.stringify({ type: 1, amount: 1 }),
    });
    expect(buy.status).toBe(503);
    const refused = (await buy.json()) as Record<string, unknown>;
    expect(refused).toEqual({
      success: false,
      error: COMMERCE_MESSAGES.paymentsNotConfigured,
      code: "service_unavailable",
      request_id: expect.any(String),
    });
    expect(buy.headers.get("X-Request-Id")).toBe(refused.request_id);
    const upgrade = await fetch(`${server.base}/api/v1/tariff/upgrade`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: cookie,
        Origin: server.base,
        "Idempotency-Key": "no-payments-0002",
      },
      body: JSON.stringify({ tariff_id: 3 }),
    });
    expect(upgrade.status).toBe(503);
    const subscription = await (
      await fetch(`${server.base}/api/v1/tariff/get_current_subscription`, { headers: { Cookie: cookie } })
    ).json();
    expect(subscription).toMatchObject({ tariff: { name: "PREMIUM" }, test_payments: false });
    const cart = await (await fetch(`${server.base}/dashboard/cart`, { headers: { Cookie: cookie } })).text();
    expect(cart).toContain(COMMERCE_MESSAGES.paymentsNotConfigured);
    expect(
      (await (await fetch(`${server.base}/api/v1/invoices`, { headers: { Cookie: cookie } })).json()).results,
    ).toEqual([]);
  });
});

describe("headers", () => {
  it("HSTS on every answer when PUBLIC_URL is https: pages, API, riskdb, static files, health", async () => {
    const html = await (await fetch(`${server.base}/faq`)).text();
    const asset = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [
      "/faq",
      "/api/v1/products/self-service-products",
      "/api/riskdb/countries",
      asset!,
      "/healthz",
      "/no-such-page",
    ]) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.headers.get("Strict-Transport-Security"), path).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("the portfolio preview page is cacheable for visitors and private for a session", async () => {
    const visitor = await fetch(`${server.base}/products/portfolio-preview`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("Cache-Control")).toMatch(/public.*s-maxage=/);
    const member = await fetch(`${server.base}/products/portfolio-preview`, {
      headers: { Cookie: "weather_token=not-a-session" },
    });
    expect(member.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
