/**
 * The built production server (build/server.js) against what an attacker sends: methods the Fetch API refuses,
 * broken `%` escapes, `_data` naming Object.prototype's members, and a bounded fuzz over every route family
 * (public pages, the dashboard signed in and not, the riskdb and v1 APIs, uploads, resources) with malformed
 * methods, paths, escapes, query strings, headers and bodies: nothing may answer 5xx. Also what every page's bytes
 * and every answer's headers must be. Runs on PostgreSQL when CI has it, else on PGlite (scripts/test-all.sh). Needs
 * `npm run build`.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";
import { seededRandom } from "~/utils/seeded-random";

const BUYER = { email: "discovery@example.com", password: "Demo-password-2026" };
/** Requests of the fuzz per database; at most this many at once. */
const FUZZ_REQUESTS = 5_000;
const FUZZ_CONCURRENCY = 8;

let store: ServerStore;
let server: ProdServer;
let cookie: string;

beforeAll(async () => {
  store = await createServerStore("malformed-requests");
  server = await startProdServer(store, {
    SEED_DEMO_ACCOUNTS: "true",
    // Requests outside the API contract on purpose (unknown methods, broken paths, every route with every body):
    // this test checks their answers itself, and the contract check reads only the answers of the contract's calls.
    API_CONTRACT_DIR: "",
    MAIL_OUTBOX_PAGE: "admin",
  });
  cookie = await logIn(server.base);
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
});

async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      intent: "login",
      email: BUYER.email,
      password: BUYER.password,
      redirectTo: "/dashboard",
    }),
  });
  const set = res.headers.getSetCookie().find((c) => c.includes("weather_token="));
  if (res.status !== 302 || !set) throw new Error(`login failed: ${res.status}`);
  return set.split(";")[0]!;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: FUZZ_CONCURRENCY });

/** One request through node:http, which sends any method token and any path bytes as given (fetch refuses some). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, method, path, headers, agent, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on("error", reject);
    req.end(body);
  });
}

function logsSince(from: number) {
  return server.logs.slice(from).join("\n");
}

describe("malformed requests answer 4xx, with no stack in the log", () => {
  it(
    "TRACE on a route with an action, a % that starts no escape, and _data naming __proto__, constructor or toString",
    { timeout: 60_000 },
    async () => {
      const from = server.logs.length;
      // (TRACK and CONNECT never reach the app: Node's parser answers them 400 itself.)
      const origin = { Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" };
      const probes: [string, string, Record<string, string>, number][] = [
        ["TRACE", "/contact", {}, 405],
        ["TRACE", "/dashboard/login", {}, 405],
        ["TRACE", "/api/v1/contact", {}, 405],
        ["TRACE", "/pricing", {}, 405],
        ["GET", "/dashboard/login/%zz", {}, 400],
        ["POST", "/contact/%zz", origin, 400],
        ["GET", "/%E0%A4%A", {}, 400],
        ["GET", "/api/riskdb/hazard_scores/%", {}, 400],
      ];
      for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])
        probes.push(["POST", `/pricing?_data=${name}`, origin, 403]);
      for (const [method, path, headers, status] of probes) {
        const answer = await send(method, path, headers, method === "POST" ? "a=b" : undefined);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status });
        expect(answer.body.toString("utf8")).not.toMatch(/ at \S+ \(|TypeError|URIError/);
      }
      const logs = logsSince(from);
      expect(logs).not.toMatch(/"stack"|request failed|"level":50/);
    },
  );
});

describe("answers to keyed and signed-in callers never come from an anonymous shared-cache entry", () => {
  it("the riskdb fast path's public answers vary by Authorization and Cookie as well as Accept-Encoding", async () => {
    for (const path of [
      "/api/riskdb/get_data/hazards?lat=48.85&lon=2.35&scenario=rcp85&period=2050",
      "/api/riskdb/hazard_scores?location_code=FR",
      "/api/riskdb/countries",
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await send("GET", path, { "Accept-Encoding": "gzip" });
        expect(answer.status).toBe(200);
        expect(answer.headers["cache-control"]).toMatch(/public/);
        const vary = String(answer.headers.vary)
          .split(",")
          .map((v) => v.trim().toLowerCase());
        expect(vary).toEqual(expect.arrayContaining(["authorization", "cookie", "accept-encoding"]));
      }
    }
  });
});

describe("answers carry each security header once, and the admin pages one answer for every non-administrator", () => {
  it("X-Content-Type-Options is sent once on pages, API answers, resources and refusals", async () => {
    const paths = [
      "/",
      "/pricing",
      "/dashboard/login",
      "/api/v1/faq",
      "/api/riskdb/countries",
      "/robots.txt",
      "/sitemap.xml",
      "/healthz",
      "/nowhere",
      "/api/nowhere",
    ];
    for (const path of paths) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const answer = await send("GET", path, headers);
        const sent = answer.rawHeaders.filter(
          (_, i) => i % 2 === 0 && answer.rawHeaders[i]!.toLowerCase() === "x-content-type-options",
        );
        expect({ path, sent: sent.length }).toEqual({ path, sent: 1 });
      }
    }
  });

  it("/dev/outbox and /dashboard/admin answer 404 to an anonymous visitor as to a signed-in non-administrator", async () => {
    for (const path of ["/dev/outbox", "/dashboard/admin", "/dashboard/admin/faq"]) {
      const anonymous = await send("GET", path);
      const member = await send("GET", path, { Cookie: cookie });
      expect({ path, anonymous: anonymous.status, member: member.status }).toEqual({
        path,
        anonymous: 404,
        member: 404,
      });
    }
  });
});

/** Every page a visitor or the signed-in buyer can open: the sitemap's, the dashboard's and a few more. */
async function everyPage(): Promise<string[]> {
  const sitemap = (await send("GET", "/sitemap.xml")).body.toString("utf8");
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return [...new Set([...listed, "/", "/dashboard/login", "/nowhere-at-all"])];
}

const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard?location=DE",
  "/dashboard?location=FR",
  "/dashboard/account",
  "/dashboard/places",
  "/dashboard/regional",
  "/dashboard/corporate",
  "/dashboard/scan",
  "/dashboard/xls",
  "/dashboard/pdf",
  "/dashboard/location-report",
  "/dashboard/cart",
];

describe("no page carries a NUL byte", () => {
  it("every public page, and every dashboard page signed in", { timeout: 240_000 }, async () => {
    const pages = await everyPage();
    expect(pages.length).toBeGreaterThan(20);
    const withNul: string[] = [];
    for (const path of pages) {
      const answer = await send("GET", path);
      if (answer.body.includes(0)) withNul.push(path);
    }
    for (const path of DASHBOARD_PAGES) {
      const answer = await send("GET", path, { Cookie: cookie });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      if (answer.body.includes(0)) withNul.push(`${path} (signed in)`);
    }
    expect(withNul).toEqual([]);
  });
});

// ---------- the bounded fuzz ----------

const FAMILIES: Record<string, string[]> = {
  public: [
    "/",
    "/pricing",
    "/faq",
    "/contact",
    "/about",
    "/team",
    "/news",
    "/blog",
    "/methodology",
    "/technology",
    "/terms",
    "/privacy_policy",
    "/cookies_policy",
    "/products",
    "/products/flood-map",
    "/api/changelog",
    "/newsletter/confirm",
    "/products_old",
    "/fr/pricing",
    "/nowhere",
  ],
  dashboard: [
    "/dashboard",
    "/dashboard/login",
    "/dashboard/account",
    "/dashboard/account/invoices",
    "/dashboard/scan",
    "/dashboard/places",
    "/dashboard/regional",
    "/dashboard/regional.csv",
    "/dashboard/corporate",
    "/dashboard/cart",
    "/dashboard/cart/review",
    "/dashboard/xls",
    "/dashboard/pdf",
    "/dashboard/location-report",
    "/dashboard/admin",
    "/dashboard/admin/faq",
    "/dashboard/admin/posts/1",
    "/dashboard/report-files/x.pdf",
    "/dev/outbox",
  ],
  riskdb: [
    "/api/riskdb/countries",
    "/api/riskdb/regions",
    "/api/riskdb/durations",
    "/api/riskdb/scenarios",
    "/api/riskdb/hazards_ids",
    "/api/riskdb/periods",
    "/api/riskdb/hazard_scores",
    "/api/riskdb/location_codes",
    "/api/riskdb/statistic",
    "/api/riskdb/get_data/hazards",
    "/api/riskdb/upload/x",
  ],
  v1: [
    "/api/v1/faq",
    "/api/v1/faq/item/1",
    "/api/v1/blog",
    "/api/v1/contact",
    "/api/v1/get_email",
    "/api/v1/get_app_key",
    "/api/v1/billing_info",
    "/api/v1/terms_conditions",
    "/api/v1/hazards/batch",
    "/api/v1/invoices",
    "/api/v1/receipts",
    "/api/v1/reports",
    "/api/v1/keys",
    "/api/v1/lead/confirm_purchase",
    "/api/v1/lead/payment",
    "/api/v1/lead/file_transfer",
    "/api/v1/products/buy_products",
    "/api/v1/products/self-service-create-order",
    "/api/v1/products/self-service-products",
    "/api/v1/tariff/upgrade",
    "/api/v1/payments/stripe_webhook",
    "/api/customer/get_app_key",
    "/api/userdb/available_locations",
    "/api/nowhere",
  ],
  uploads: ["/api/upload/upload_preview", "/api/upload/request_preview", "/api/upload/generate_report"],
  resources: [
    "/healthz",
    "/robots.txt",
    "/sitemap.xml",
    "/rss.xml",
    "/flood-map.geojson",
    "/downloads/methodology.pdf",
    "/downloads/pricing-list.pdf",
    "/build/nowhere.js",
    "/favicon.ico",
    "/assets/x.css",
  ],
};
const METHODS = [
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "POST",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "LOCK",
];
const PATH_TAILS = [
  "",
  "",
  "",
  "/",
  "//",
  "/%zz",
  "/%",
  "/%E0%A4%A",
  "/%00",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2f",
  "/%C0%AE",
  "/x%20y",
  "/%F0%9F%98%80",
  `/${"a".repeat(300)}`,
  ".json",
  ";jsessionid=1",
  "/index.php",
  "?",
];
const QUERIES = [
  "",
  "",
  "?_data=__proto__",
  "?_data=constructor",
  "?_data=toString",
  "?_data=root",
  "?_data=routes%2Fdashboard%2B%2F_layout",
  "?_data=nowhere",
  "?index",
  "?index=&_data=x",
  "?location_code=DE",
  "?location_code=FR&scenario=rcp85&period=2050&explain=true",
  "?location_code=%zz",
  "?lat=48.85&lon=2.35&scenario=rcp85&period=2050",
  "?lat=NaN&lon=Infinity",
  "?lat=1e999&lon=-1e999",
  "?lat=0x10&lon=1e3",
  "?country_code=__proto__",
  "?country_code[]=DE&country_code[x]=FR",
  "?limit=-1&starting_after=%00",
  "?limit=99999999999999999999",
  "?page=0x10",
  "?a=%",
  "?a=%zz&b=%E0%A4%A",
  `?pad=${"x".repeat(6_000)}`,
  "?redirectTo=https://evil.example",
  "?redirectTo=//evil.example",
  "?view=reset&token=made-up",
  "?upload=not-a-uuid&step=order",
  "?z=1&z=2&z=3",
  "?constructor=1&__proto__[x]=1",
];
const CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  "application/json; charset=utf-16",
  "",
  "*/*",
  "application/x-www-form-urlencoded; charset=koi8-r",
];
const BODIES = [
  "",
  "{",
  "[]",
  "null",
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"amount":"0x10","type":1}',
  '{"amount":"1e3","type":"1"}',
  '{"products":[],"lead_id":1}',
  '{"products":[1],"lead_id":"1e3"}',
  '{"lat":"x","lon":[]}',
  '{"locations":[{"lat":91,"lon":181}]}',
  "intent=login&email=x&password=y",
  "intent=buy_credits&type=1&amount=0x10",
  "intent=columns&upload_id=%zz",
  "intent=__proto__&a=%",
  "a=%E0%A4%A&b=%",
  "email=a%40b.c&message=" + "m".repeat(3_000),
  '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname,lat,lon\nA,1,2\n--xyz--\r\n',
  '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken',
  "\u0000\u0001\u0002",
  '\ufeff{"a":1}',
];
const HEADER_SETS: Record<string, string>[] = [
  {},
  {},
  { Authorization: "Bearer junk" },
  { Authorization: "Bearer crk_live_0000000000000000000000000000000000000000" },
  { Authorization: "Basic Zm9vOmJhcg==" },
  { Authorization: "Bearer" },
  { Cookie: "weather_token=forged" },
  { Cookie: "weather_token=%zz; cookie_consent=%E0" },
  { Cookie: "=; ;;=x" },
  { "Accept-Encoding": "br;q=2, gzip;q=-1, *;q=abc" },
  { "If-None-Match": 'W/"x", *' },
  { "If-Modified-Since": "yesterday" },
  { Range: "bytes=100-0" },
  { Accept: "application/json" },
  { Accept: "*/*;q=x" },
  { "X-Forwarded-For": "1.2.3.4, ::1, junk" },
  { "Accept-Language": "fr-FR,zz;q=0" },
  { "Idempotency-Key": "%zz" },
  { "Idempotency-Key": "k".repeat(300) },
  { "X-Request-Id": "\u00e9\u00e9" },
  { "Content-Length": "0" },
];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function fuzzRequest(next: () => number, index: number, signedIn: string): FuzzRequest {
  const families = Object.keys(FAMILIES);
  const family = families[index % families.length]!;
  const method = pick(next, METHODS);
  const path =
    pick(next, FAMILIES[family]!) +
    (next() < 0.35 ? pick(next, PATH_TAILS) : "") +
    (next() < 0.6 ? pick(next, QUERIES) : "");
  const headers: Record<string, string> = { ...pick(next, HEADER_SETS) };
  // A third signed in: the dashboard and the API behind the session, not just their login redirects.
  if (next() < 0.35 && !headers.Cookie && !headers.Authorization) headers.Cookie = signedIn;
  const withBody = method !== "GET" && method !== "HEAD" && method !== "OPTIONS" && method !== "TRACE";
  if (!withBody) return { method, path, headers };
  // Most carry this server's Origin, so they reach the actions behind the cross-site check.
  if (next() < 0.8) headers.Origin = server.base;
  const type = pick(next, CONTENT_TYPES);
  if (type) headers["Content-Type"] = type;
  const body = pick(next, BODIES);
  delete headers["Content-Length"];
  return { method, path, headers, body };
}

/** Never sent by the fuzz: what would end the signed-in session the rest of it runs with, or change its password. */
function endsTheSession(request: FuzzRequest) {
  return /logout|password|delete|revoke/.test(request.path + (request.body ?? ""));
}

describe("a bounded fuzz over every route family", () => {
  it(
    `${FUZZ_REQUESTS} malformed requests, ${FUZZ_CONCURRENCY} at a time, answer no 5xx`,
    { timeout: 300_000 },
    async () => {
      const next = seededRandom(20261129);
      const requests: FuzzRequest[] = [];
      for (let i = 0; requests.length < FUZZ_REQUESTS; i++) {
        const request = fuzzRequest(next, i, cookie);
        if (!endsTheSession(request)) requests.push(request);
      }
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      const started = performance.now();
      const worker = async () => {
        while (sent < requests.length) {
          const request = requests[sent++]!;
          const answer = await send(request.method, request.path, request.headers, request.body);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500)
            failures.push(
              `${answer.status} ${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request.headers).slice(0, 160)} ${(request.body ?? "").slice(0, 60)}`,
            );
        }
      };
      await Promise.all(Array.from({ length: FUZZ_CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `fuzz: ${requests.length} requests in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect((await send("GET", "/healthz")).status).toBe(200);
    },
  );
});
