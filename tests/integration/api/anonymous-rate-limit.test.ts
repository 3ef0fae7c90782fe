/**
 * The anonymous limit on the API's Remix routes: requests without a caller are counted per client address (after
 * TRUST_PROXY), refused past ANONYMOUS_REQUESTS_PER_MINUTE with the API's 429, and never touch a keyed caller or
 * another address. The production server's fast path is covered in anonymous-rate-limit-server.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import {
  ANONYMOUS_RATE_MESSAGE,
  ANONYMOUS_REQUESTS_PER_MINUTE,
  API_KEY_REQUESTS_PER_MINUTE,
  API_RATE_WINDOW_SECONDS,
} from "~/domain/api/keys/api-limits";
import { resetEnvCacheForTesting } from "~/env.server";
import { resetAnonymousCountsForTesting, takeAnonymousRequest } from "~/services/api/keys/anonymous-rate-limit.server";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import * as countries from "../../../app/routes/api+/riskdb+/countries";
import * as faqList from "../../../app/routes/api+/v1+/faq._index";
import * as stripeWebhook from "../../../app/routes/api+/v1+/payments.stripe_webhook";

const getDb = setupTestDatabase();

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

async function call(
  route: { loader: unknown },
  path: string,
  remoteAddress: string | undefined,
  headers: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${apiUrl(path)}`, { headers });
  return (route.loader as Loader)({ request, params: {}, context: remoteAddress ? { remoteAddress } : {} });
}

beforeEach(() => {
  resetAnonymousCountsForTesting();
  // Only Date is faked: the count must not straddle a minute boundary, whatever the clock says when the test runs.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-27T12:00:10Z"));
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.DISABLE_RATE_LIMIT;
  delete process.env.TRUST_PROXY;
  process.env.DISABLE_RATE_LIMIT = "";
  resetEnvCacheForTesting();
});

describe("anonymous API limit per client address (Remix routes)", () => {
  it("refuses the request after the limit with 429, Retry-After to the window's reset, the API error shape and RateLimit headers", async () => {
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++) {
      // Two routes share one budget: the limit is per address, not per path.
      const res = await call(
        i % 2 ? countries : faqList,
        i % 2 ? API_PATHS.riskCountries : API_PATHS.faqList,
        "203.0.113.50",
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBe(String(ANONYMOUS_REQUESTS_PER_MINUTE));
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(ANONYMOUS_REQUESTS_PER_MINUTE - i - 1));
    }
    const refused = await call(countries, API_PATHS.riskCountries, "203.0.113.50", { "X-Request-Id": "anon-61" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("50");
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(API_RATE_WINDOW_SECONDS);
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("RateLimit-Policy")).toBe(
      `${ANONYMOUS_REQUESTS_PER_MINUTE};w=${API_RATE_WINDOW_SECONDS}`,
    );
    expect(await refused.json()).toEqual({
      success: false,
      error: ANONYMOUS_RATE_MESSAGE,
      code: "rate_limited",
      request_id: "anon-61",
    });

    // Another address has its own budget; a stale session cookie is no caller and counts like none.
    expect((await call(countries, API_PATHS.riskCountries, "203.0.113.51")).status).toBe(200);
    expect(
      (await call(countries, API_PATHS.riskCountries, "203.0.113.50", { Cookie: "weather_token=stale" })).status,
    ).toBe(429);

    // The next window starts afresh.
    vi.setSystemTime(new Date("2026-11-27T12:01:00Z"));
    expect((await call(countries, API_PATHS.riskCountries, "203.0.113.50")).status).toBe(200);
  });

  it("leaves a keyed caller from the same address to the key's own limit", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const { key } = await rotateApiKey(user);
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++)
      await call(countries, API_PATHS.riskCountries, "203.0.113.60");
    expect((await call(countries, API_PATHS.riskCountries, "203.0.113.60")).status).toBe(429);
    const keyed = await call(countries, API_PATHS.riskCountries, "203.0.113.60", { Authorization: `Bearer ${key}` });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("RateLimit-Limit")).toBe(String(API_KEY_REQUESTS_PER_MINUTE));
    // A key that does not check out is the 401, not a way around the count.
    for (const [route, path] of [
      [countries, API_PATHS.riskCountries],
      [faqList, API_PATHS.faqList],
    ] as const) {
      const wrong = await call(route, path, "203.0.113.61", { Authorization: "Bearer not-a-real-token" });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ code: "invalid_credential" });
    }
  });

  it("keys the count by the address behind a trusted proxy, never by a header the client chose", async () => {
    process.env.TRUST_PROXY = "1";
    resetEnvCacheForTesting();
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++) {
      expect(
        (await call(countries, API_PATHS.riskCountries, "10.0.0.2", { "X-Forwarded-For": "198.18.0.1" })).status,
      ).toBe(200);
    }
    expect(
      (await call(countries, API_PATHS.riskCountries, "10.0.0.2", { "X-Forwarded-For": "198.18.0.1" })).status,
    ).toBe(429);
    expect(
      (await call(countries, API_PATHS.riskCountries, "10.0.0.2", { "X-Forwarded-For": "198.18.0.2" })).status,
    ).toBe(200);
    process.env.TRUST_PROXY = "";
    resetEnvCacheForTesting();
    // Trusting nobody, the forwarded header is ignored: the proxy's own address is the one counted.
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++)
      await call(countries, API_PATHS.riskCountries, "10.0.0.3", { "X-Forwarded-For": `198.18.1.${i}` });
    expect(
      (await call(countries, API_PATHS.riskCountries, "10.0.0.3", { "X-Forwarded-For": "198.18.2.1" })).status,
    ).toBe(429);
  });

  it("counts but never refuses with DISABLE_RATE_LIMIT (load tests), and does not count the signed webhook or a request without an address", async () => {
    process.env.DISABLE_RATE_LIMIT = "true";
    resetEnvCacheForTesting();
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE + 5; i++) takeAnonymousRequest("203.0.113.70");
    const res = await call(countries, API_PATHS.riskCountries, "203.0.113.70");
    expect(res.status).toBe(200);
    expect(res.headers.get("RateLimit-Remaining")).toBe("0");
    process.env.DISABLE_RATE_LIMIT = "";
    resetEnvCacheForTesting();
    expect((await call(countries, API_PATHS.riskCountries, "203.0.113.70")).status).toBe(429);
    expect((await call(stripeWebhook, API_PATHS.stripeWebhook, "203.0.113.70")).status).not.toBe(429);
    const unknown = await call(countries, API_PATHS.riskCountries, undefined);
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("RateLimit-Limit")).toBeNull();
  });
});
