/**
 * Every route of the built app (read from the route table of build/index.js, so a route added later is swept
 * without editing this file) gets malformed bodies, wrong content types and huge numbers, signed in and anonymous.
 * Nothing may answer 5xx and no body may carry the framework's own text. Needs `npm run build` first.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { MAX_LOCATIONS_PER_PURCHASE } from "~/domain/commerce/packages";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

const ROOT = path.resolve(__dirname, "../../..");

interface RouteEntry {
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
}

/** Full URL paths of every route module with a loader or an action, dynamic segments filled with samples. */
function routeTable(): RouteEntry[] {
  const script = `
    const build = await import(${JSON.stringify(path.join(ROOT, "build/index.js"))});
    const routes = build.routes;
    const full = (id) => { const r = routes[id]; if (!r) return ""; const parent = r.parentId ? full(r.parentId) : ""; return r.path ? parent.replace(/\\/$/, "") + "/" + r.path : parent; };
    const out = Object.entries(routes).filter(([, r]) => r.module.action || r.module.loader)
      .map(([id, r]) => ({ path: full(id) || "/", hasAction: Boolean(r.module.action), hasLoader: Boolean(r.module.loader) }));
    process.stdout.write(JSON.stringify(out));
    process.exit(0);`;
  const raw = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", VITEST: "" },
    maxBuffer: 10_000_000,
  });
  const entries = JSON.parse(raw.toString("utf8")) as RouteEntry[];
  return entries.map((e) => ({ ...e, path: e.path.replace(/:[A-Za-z_]+\??/g, "1").replace(/\*$/, "sweep") }));
}

const BOUNDARY = "sweepboundary";
const SWEEP_PARALLEL = 6;
const HUGE = ["2386093", "1e12", "2147483648", "99999999999999999999999", "abc"];
const FIELDS = [
  "amount",
  "count",
  "quantity",
  "number",
  "id",
  "lead_id",
  "order_id",
  "tariff_id",
  "type",
  "page",
  "limit",
  "total_locations",
  "valid_locations",
  "credits",
  "upload",
  "locations",
];

interface BadBody {
  name: string;
  contentType?: string;
  body: string;
}

function badBodies(): BadBody[] {
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const bodies: BadBody[] = [
    { name: "garbage multipart", contentType: multipart, body: "garbage" },
    {
      name: "cut multipart part",
      contentType: multipart,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nval`,
    },
    {
      name: "multipart part without a name",
      contentType: multipart,
      body: `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    {
      name: "empty boundary",
      contentType: "multipart/form-data; boundary=",
      body: '--\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n----\r\n',
    },
    { name: "multipart without boundary", contentType: "multipart/form-data", body: "garbage" },
    { name: "plain text", contentType: "text/plain", body: "hello" },
    { name: "xml", contentType: "application/xml", body: "<a>1</a>" },
    { name: "no content type", body: "a=1" },
    { name: "invalid JSON", contentType: "application/json", body: '{"amount":' },
    { name: "JSON array", contentType: "application/json", body: "[1,2]" },
    { name: "JSON null", contentType: "application/json", body: "null" },
    { name: "broken url encoding", contentType: "application/x-www-form-urlencoded", body: "a=%E0%A4%A&b=%" },
  ];
  for (const value of HUGE) {
    const asJson = Object.fromEntries(FIELDS.map((f) => [f, Number.isNaN(Number(value)) ? value : Number(value)]));
    bodies.push({
      name: `JSON numbers ${value}`,
      contentType: "application/json",
      body: JSON.stringify({ ...asJson, products: [value], intent: "buy" }),
    });
    bodies.push({
      name: `form numbers ${value}`,
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams([...FIELDS.map((f) => [f, value]), ["intent", "buy"]]).toString(),
    });
  }
  return bodies;
}

/** The framework's own wording, which must never reach a client. */
const FRAMEWORK_TEXT = [
  /did not provide an? (action|loader)/i,
  /No route matches/i,
  /Unexpected Server Error/i,
  /at [\w.]+ \(.*:\d+:\d+\)/,
];

interface Failure {
  request: string;
  status: number;
  body: string;
}

async function send(
  server: ProdServer,
  method: string,
  url: string,
  bad: BadBody | null,
  cookie: string | null,
): Promise<Failure | null> {
  const headers: Record<string, string> = {};
  if (bad?.contentType) headers["Content-Type"] = bad.contentType;
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(server.base + url, {
    method,
    headers,
    body: bad ? bad.body : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  const body = await response.text();
  const label = `${cookie ? "signed in" : "anonymous"} ${method} ${url}${bad ? ` [${bad.name}]` : ""}`;
  if (response.status >= 500) return { request: label, status: response.status, body: body.slice(0, 200) };
  const leaked = FRAMEWORK_TEXT.find((re) => re.test(body));
  if (leaked)
    return { request: label, status: response.status, body: `framework text ${leaked}: ${body.slice(0, 200)}` };
  return null;
}

async function signIn(server: ProdServer): Promise<string> {
  const response = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: DEMO_ACCOUNTS[1]!.email, password: DEMO_PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes("weather_token"));
  if (response.status !== 302 || !cookie) throw new Error(`demo login failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

let store: ServerStore;
let server: ProdServer;

beforeAll(async () => {
  store = await createServerStore("bad-input-sweep");
  server = await startProdServer(store, {
    SEED_DEMO_ACCOUNTS: "true",
    // Requests outside the API contract on purpose (unknown methods, broken paths, every route with every body):
    // this test checks their answers itself, and the contract check reads only the answers of the contract's calls.
    API_CONTRACT_DIR: "",
  });
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
});

describe("bad input never makes a 5xx", () => {
  it("every route, every malformed body, signed in and anonymous", async () => {
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(50);
    // Signing out ends the session the sweep uses: those routes go last.
    const ordered = [...routes].sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
    const bodies = badBodies();
    const failures: Failure[] = [];
    for (const auth of ["anonymous", "signed in"] as const) {
      const cookie = auth === "signed in" ? await signIn(server) : null;
      for (const route of ordered) {
        const methods = route.hasAction ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];
        for (const method of methods) {
          const sample =
            method === "POST"
              ? bodies
              : [...bodies.slice(0, 4), ...bodies.filter((b) => b.contentType === "application/json")];
          // A few at a time: the sweep is thousands of requests; each route's requests are independent.
          for (let i = 0; i < sample.length; i += SWEEP_PARALLEL) {
            const results = await Promise.all(
              sample.slice(i, i + SWEEP_PARALLEL).map((bad) => send(server, method, route.path, bad, cookie)),
            );
            failures.push(...results.filter((f): f is Failure => f !== null));
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("the audit's overflow amounts, invoice number and scan upload ids are 4xx with a message", async () => {
    const cookie = await signIn(server);
    const json = (body: unknown) => ({
      contentType: "application/json",
      body: JSON.stringify(body),
      name: JSON.stringify(body),
    });
    const form = (body: Record<string, string>) => ({
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams(body).toString(),
      name: JSON.stringify(body),
    });
    const cases: { method: string; url: string; bad: BadBody | null }[] = [
      { method: "POST", url: "/api/v1/products/buy_products", bad: json({ type: 1, amount: 2_386_093 }) },
      { method: "POST", url: "/api/v1/products/buy_products", bad: json({ type: 3, amount: 1e12 }) },
      {
        method: "POST",
        url: "/api/v1/tariff/upgrade",
        bad: json({ tariff_id: 2, purchased_packages: [{ id: 1, count: 1e12 }] }),
      },
      {
        method: "POST",
        url: "/api/v1/tariff/upgrade",
        bad: json({ tariff_id: 2, purchased_packages: [{ id: 1, count: 5_000_000 }] }),
      },
      { method: "POST", url: "/dashboard/account", bad: form({ intent: "buy_credits", type: "1", amount: "3000000" }) },
      {
        method: "POST",
        url: "/dashboard/account",
        bad: form({ intent: "buy_credits", type: "3", amount: "99999999999" }),
      },
      { method: "GET", url: "/dashboard/account/invoices/2147483648", bad: null },
      { method: "GET", url: "/dashboard/account/invoices/99999999999999999999", bad: null },
      { method: "GET", url: "/dashboard/scan?upload=", bad: null },
      { method: "GET", url: "/dashboard/scan?upload=abc", bad: null },
      { method: "GET", url: "/dashboard/scan?upload=%00", bad: null },
      { method: "GET", url: "/dashboard/scan?upload=00000000-0000-4000-8000-000000000000", bad: null },
      { method: "GET", url: "/dashboard/scan?upload=2147483648", bad: null },
    ];
    const failures: Failure[] = [];
    for (const c of cases) {
      const failure = await send(server, c.method, c.url, c.bad, cookie);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    // The bound is named in the answer.
    const limit = MAX_LOCATIONS_PER_PURCHASE.toLocaleString("en-US");
    for (const [url, body] of [
      ["/api/v1/products/buy_products", { type: 3, amount: 2_386_093 }],
      ["/api/v1/tariff/upgrade", { tariff_id: 2, purchased_packages: [{ id: 303, count: 5_000_000 }] }],
    ] as const) {
      const response = await fetch(server.base + url, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: string }).error, url).toContain(limit);
    }
  }, 120_000);
});
