/**
 * The anonymous limit on the built production server: the riskdb fast path (which answers before Express and Remix,
 * cached answers included) and a Remix API route count against one budget per client address, behind a trusted
 * proxy hop; another address and a keyed caller are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import {
  ANONYMOUS_REQUESTS_PER_MINUTE,
  API_KEY_REQUESTS_PER_MINUTE,
  API_LIMITS_TEXT,
  API_RATE_WINDOW_SECONDS,
} from "~/domain/api/keys/api-limits";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

let store: ServerStore;
let server: ProdServer;
let apiKey: string;

const SCORES = `${apiUrl(API_PATHS.riskHazardScores)}?location_code=GB&scenario=rcp85&period=2050`;
const from = (address: string, headers: Record<string, string> = {}) => ({
  headers: { "X-Forwarded-For": address, ...headers },
});

/** Waits, when needed, so that `count` quick requests fall in one calendar minute. */
async function sameMinute(seconds = 20) {
  const left = API_RATE_WINDOW_SECONDS - (new Date().getUTCSeconds() % API_RATE_WINDOW_SECONDS);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

beforeAll(async () => {
  store = await createServerStore("anon-limit");
  server = await startProdServer(store, { DISABLE_RATE_LIMIT: "", TRUST_PROXY: "1", SEED_DEMO_ACCOUNTS: "true" });
  const account = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;
  const login = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.200" },
    body: new URLSearchParams({ intent: "login", email: account.email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`))!
    .split(";")[0]!;
  const rotated = await fetch(server.base + apiUrl(API_PATHS.appKey), {
    method: "POST",
    ...from("198.51.100.200", { Cookie: cookie }),
  });
  apiKey = ((await rotated.json()) as { key: string }).key;
}, 150_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
}, 30_000);

describe("anonymous API limit on the production server", () => {
  it("the /api page states both limits and how a batch counts, and lists 429 under each operation", async () => {
    const html = await (await fetch(`${server.base}/api`, from("198.51.100.9"))).text();
    const text = html
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&");
    for (const line of API_LIMITS_TEXT) expect(text).toContain(line.slice(0, 60));
    expect(text).toContain(`${ANONYMOUS_REQUESTS_PER_MINUTE} requests a minute`);
    expect(text).toContain(`${API_KEY_REQUESTS_PER_MINUTE} requests a minute`);
    expect(html.match(/>429</g)?.length ?? 0).toBeGreaterThan(40);
  }, 30_000);

  it("the fast path refuses the N+1-th anonymous request from one address, cached answers counted too", async () => {
    await sameMinute();
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++) {
      const res = await fetch(server.base + SCORES, from("198.51.100.1"));
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(ANONYMOUS_REQUESTS_PER_MINUTE - i - 1));
      await res.arrayBuffer();
    }
    const refused = await fetch(server.base + SCORES, from("198.51.100.1", { "X-Request-Id": "fast-61" }));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(API_RATE_WINDOW_SECONDS);
    expect(refused.headers.get("RateLimit-Limit")).toBe(String(ANONYMOUS_REQUESTS_PER_MINUTE));
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await refused.json()).toMatchObject({ success: false, code: "rate_limited", request_id: "fast-61" });
    // One budget per address: a Remix route is refused too, and a stale cookie on the fast path does not get around it.
    expect((await fetch(server.base + apiUrl(API_PATHS.faqList), from("198.51.100.1"))).status).toBe(429);
    expect(
      (await fetch(server.base + SCORES, from("198.51.100.1", { Cookie: `${SESSION_COOKIE_NAME}=stale` }))).status,
    ).toBe(429);

    const other = await fetch(server.base + SCORES, from("198.51.100.2"));
    expect(other.status).toBe(200);
    const keyed = await fetch(server.base + SCORES, from("198.51.100.1", { Authorization: `Bearer ${apiKey}` }));
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("RateLimit-Limit")).toBe(String(API_KEY_REQUESTS_PER_MINUTE));
  }, 60_000);

  it("a Remix API route refuses the N+1-th anonymous request from one address", async () => {
    await sameMinute();
    const path = server.base + apiUrl(API_PATHS.faqList);
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++) {
      const res = await fetch(path, from("198.51.100.3"));
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(ANONYMOUS_REQUESTS_PER_MINUTE - i - 1));
      await res.arrayBuffer();
    }
    const refused = await fetch(path, from("198.51.100.3"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(API_RATE_WINDOW_SECONDS);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "rate_limited",
      request_id: expect.any(String),
    });
    expect((await fetch(path, from("198.51.100.4"))).status).toBe(200);
    expect((await fetch(path, from("198.51.100.3", { Authorization: `Bearer ${apiKey}` }))).status).toBe(200);
  }, 60_000);
});
