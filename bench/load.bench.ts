/**
 * The production server (build/server.js) under a mixed load: 100 connections for 30 s, each cycling through
 * dashboard pages, API reads, public pages, a few writes and a login (a real scrypt hash) in every twenty requests.
 * Prints req/s, p50/p99, the 5xx count and client timeouts; targets: 0 × 5xx and 0 timeouts. PGlite by default,
 * PostgreSQL when BENCH_DATABASE_URL is set.
 * Each connection is one user: the server runs behind a trusted proxy hop (TRUST_PROXY=1) and every connection's
 * requests carry its own X-Forwarded-For address, so the per-address limits (bodies in flight, share of the turns)
 * meet 100 users as they would in production. BENCH_CLIENT_ADDRESSES=1 sends everything as one address instead.
 * Run: `npm run build && npx tsx bench/load.bench.ts`. Env: BENCH_DURATION (s, default 30), BENCH_CONNECTIONS (100),
 * BENCH_CLIENT_ADDRESSES (default: one per connection).
 */
import autocannon, { type Request } from "autocannon";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { SESSION_COOKIE_NAME } from "../app/domain/auth/auth";
import {
  accessLogTable,
  asUsersOfConnections,
  assertBuilt,
  behindProxy,
  newDataDir,
  startServer,
  freePort,
} from "./support/servers";

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const CLIENT_ADDRESSES = Number(process.env.BENCH_CLIENT_ADDRESSES ?? CONNECTIONS);
/** Longer than any answer should take: a request still open after this counts as a client timeout. */
const TIMEOUT_SECONDS = 10;

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: loginBody,
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`demo login failed with ${response.status}`);
  return cookie.split(";")[0]!;
}

const demo = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM")!;
const loginBody = new URLSearchParams({ intent: "login", email: demo.email, password: DEMO_PASSWORD }).toString();

function mix(cookie: string): Request[] {
  return asUsersOfConnections(requests(cookie), CLIENT_ADDRESSES);
}

function requests(cookie: string): Request[] {
  const signedIn = { Cookie: cookie };
  const page = (path: string): Request => ({ method: "GET", path, headers: signedIn });
  const read = (path: string): Request => ({
    method: "GET",
    path,
    headers: { ...signedIn, Accept: "application/json" },
  });
  const login: Request = {
    method: "POST",
    path: "/dashboard/login",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: loginBody,
  };
  const tourSeen: Request = {
    method: "POST",
    path: "/intro-tour",
    headers: { ...signedIn, "Content-Type": "application/x-www-form-urlencoded" },
    body: "returnTo=%2Fdashboard",
  };
  const terms: Request = {
    method: "PUT",
    path: "/api/v1/terms_conditions",
    headers: { ...signedIn, "Content-Type": "application/json" },
    body: '{"terms_conditions":true}',
  };
  // Every connection starts at the top: the cheap reads come first, so the first burst is not 100 dashboards at once.
  return [
    read("/api/riskdb/hazard_scores?location_code=GB&scenario=rcp85&period=2050"),
    page("/pricing"),
    read("/api/v1/tariff/get_current_subscription"),
    page("/dashboard/account"),
    read("/api/riskdb/regions?country_code=DE"),
    page("/"),
    read("/api/v1/invoices"),
    tourSeen,
    page("/dashboard/places"),
    read("/api/v1/reports/get_reports_list"),
    page("/faq"),
    read("/api/riskdb/location_codes?lat=48.85&lon=2.35"),
    page("/dashboard"),
    read("/api/v1/billing_info"),
    page("/blog"),
    terms,
    read("/api/riskdb/get_data/hazards?lat=52.52&lon=13.405&scenario=rcp85&period=2050"),
    page("/dashboard/account"),
    read("/api/riskdb/countries"),
    login,
  ];
}

async function main() {
  assertBuilt();
  const port = await freePort();
  const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const server = await startServer("server.ts", port, newDataDir("bench-load-"), behindProxy(CLIENT_ADDRESSES), {
    accessLog: true,
  });
  try {
    const cookie = await signIn(server.url);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: TIMEOUT_SECONDS,
      requests: mix(cookie),
    });
    const byStatus = result.statusCodeStats ?? {};
    const count = (test: (code: number) => boolean) =>
      Object.entries(byStatus).reduce((n, [code, s]) => (test(Number(code)) ? n + s.count : n), 0);
    console.log(
      `load: ${CONNECTIONS} connections from ${Math.max(1, CLIENT_ADDRESSES)} client address(es) for ${DURATION} s on ${database} (server.ts), 1 login in 20 requests; targets: 0 × 5xx, 0 timeouts, 0 errors`,
    );
    console.log(
      `  ${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   ` +
        `${result.requests.total} requests   5xx ${count((c) => c >= 500)}   4xx ${count((c) => c >= 400 && c < 500)}   timeouts ${result.timeouts}   errors ${result.errors}`,
    );
    console.log(
      `  status codes: ${Object.entries(byStatus)
        .map(([code, s]) => `${code}×${s.count}`)
        .join(" ")}`,
    );
    console.log(accessLogTable(server.accessLog));
    if (count((c) => c >= 500) > 0 || result.timeouts > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
