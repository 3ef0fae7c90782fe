/**
 * HTTP throughput of the riskdb API, three servers side by side in one run: a bare node:http server answering the
 * same JSON from the same data functions (the ceiling), remix-serve (every request through the page router, as
 * before server.ts) and the production server entry (build/server.js). The ratio is the cost of everything above
 * the data. Target: server.ts ≥ 50 % of bare on hazard_scores and on every riskdb GET, p99 < 20 ms at 50 connections.
 * Anonymous answers marked public come from server.ts's in-process reply cache (as from a CDN), so hazard_scores
 * gets one more row: a signed-in caller (Bearer session token), whom no cache answers, for the cost of real work.
 * get_data/hazards gets two more rows, a session (Bearer session token) and an API key of a PREMIUM account, against
 * the bare server's figure on that endpoint. Target: each ≥ 25 % of bare, every answer 2xx.
 * Run: `npm run build && npx tsx bench/api-http.bench.ts`. Env: BENCH_ONLY (measure only endpoints containing it), BENCH_DURATION (s, default 10 for hazard_scores,
 * a third of it for the other endpoints), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { SESSION_COOKIE_NAME } from "../app/domain/auth/auth";
import {
  ROOT,
  assertBuilt,
  formatRow,
  measure,
  newDataDir,
  startServer,
  type Measured,
  type StartedServer,
} from "./support/servers";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Measures only the endpoints whose path and query contain this text (all when unset). */
const ONLY = process.env.BENCH_ONLY;
const PORTS = { bare: 3317, "remix-serve": 3318, "server.ts": 3319 };

/** Every riskdb GET with a typical anonymous query (free codes, so no database work in any server). */
const ENDPOINTS = [
  "/api/riskdb/hazard_scores?location_code=GB&scenario=rcp85&period=2050",
  "/api/riskdb/countries",
  "/api/riskdb/regions?country_code=GB",
  "/api/riskdb/durations",
  "/api/riskdb/scenarios",
  "/api/riskdb/hazards_ids",
  "/api/riskdb/periods?scenario=rcp85",
  "/api/riskdb/location_codes?lat=52.52&lon=13.405",
  "/api/riskdb/statistic",
  "/api/riskdb/get_data/hazards?lat=52.52&lon=13.405&scenario=rcp85&period=2050",
];

/** Child mode: the bare server. The same data functions the API calls, without parsing, routing or framework. */
async function bareServer(port: number) {
  const riskdb = await import("../app/services/api/risk-data-api.server");
  const { DURATIONS, parseScenario } = await import("../app/domain/hazards/scenarios");
  const { getRiskEngine } = await import("../app/risk/engine/load-engine.server");
  const { METHODOLOGY_VERSION } = await import("../app/domain/reports/build");
  const engine = getRiskEngine();
  const versions = { dataset_version: engine.datasetVersion, methodology_version: METHODOLOGY_VERSION };
  const answers: Record<string, (q: URLSearchParams) => unknown> = {
    "/api/riskdb/hazard_scores": (q) => ({
      status: "ok",
      ...engine.scores(q.get("location_code"), q.get("scenario"), q.get("period")),
      ...versions,
    }),
    "/api/riskdb/countries": () => riskdb.listCountries(),
    "/api/riskdb/regions": (q) => riskdb.listRegions(q.get("country_code")!),
    "/api/riskdb/durations": () => riskdb.listDurations(),
    "/api/riskdb/scenarios": () => riskdb.listScenarios(),
    "/api/riskdb/hazards_ids": () => riskdb.listHazardIds(),
    "/api/riskdb/periods": (q) => riskdb.listPeriods(parseScenario(q.get("scenario")!)!, DURATIONS[0]!.id),
    "/api/riskdb/location_codes": (q) => riskdb.locationCodes(Number(q.get("lat")), Number(q.get("lon"))),
    "/api/riskdb/statistic": () => riskdb.datasetStatistic(),
    "/api/riskdb/get_data/hazards": (q) =>
      riskdb.pointHazards(null, {
        lat: Number(q.get("lat")),
        lon: Number(q.get("lon")),
        scenario: q.get("scenario"),
        period: q.get("period"),
        explain: false,
      } as never),
  };
  http
    .createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const answer = answers[url.pathname];
      if (!answer) return void res.writeHead(404).end();
      void Promise.resolve(answer(url.searchParams)).then((body) =>
        res
          .writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" })
          .end(JSON.stringify(body)),
      );
    })
    .listen(port, "127.0.0.1", () => process.send?.("ready"));
}

async function startBare(port: number): Promise<ChildProcess> {
  const bare = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--bare", String(port)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    bare.once("message", () => resolve());
    bare.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return bare;
}

/** Signs a demo account in (the bench servers seed them) and returns its session token, sent as a Bearer header. */
async function sessionToken(base: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;
  const res = await fetch(`${base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: account.email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`signing ${account.email} in for the uncached row failed (HTTP ${res.status})`);
  return cookie.slice(SESSION_COOKIE_NAME.length + 1).split(";")[0]!;
}

/** Creates a named API key for the signed-in account (POST /api/v1/keys with its session). */
async function apiKey(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/keys`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: `bench-${Date.now()}` }),
  });
  const body = (await res.json()) as { key?: string };
  if (!body.key) throw new Error(`creating an API key for the keyed row failed (HTTP ${res.status})`);
  return body.key;
}

/** What signed-in and keyed get_data/hazards must reach of the bare server's figure on the same endpoint. */
const SIGNED_IN_TARGET = 0.25;

const bodiesOf = (bases: Record<string, string>) => Object.keys(bases).length;

async function main() {
  assertBuilt();
  const dataDirs = [newDataDir("bench-api-"), newDataDir("bench-api-")];
  const servers: StartedServer[] = [];
  let bare: ChildProcess | undefined;
  try {
    bare = await startBare(PORTS.bare);
    // remix-serve is the "before" row; it is not installed with the app any more, so without it that row is left out.
    const withRemixServe = fs.existsSync(path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"));
    const remixServe = withRemixServe
      ? await startServer("remix-serve", PORTS["remix-serve"], dataDirs[0]!)
      : undefined;
    if (remixServe) servers.push(remixServe);
    const entry = await startServer("server.ts", PORTS["server.ts"], dataDirs[1]!);
    servers.push(entry);
    const bases = {
      bare: `http://127.0.0.1:${PORTS.bare}`,
      ...(remixServe ? { "remix-serve": remixServe.url } : {}),
      "server.ts": entry.url,
    } as Record<"bare" | "remix-serve" | "server.ts", string>;

    for (const endpoint of ENDPOINTS) {
      // load_ms (how long the dataset took to load in that process) is the one field that may differ.
      const comparable = (text: string) =>
        JSON.parse(text, (key, value: unknown) => (key === "load_ms" ? undefined : value));
      const bodies = await Promise.all(
        Object.values(bases).map(async (b) => comparable(await (await fetch(b + endpoint)).text())),
      );
      if (bodies.some((b) => !isDeepStrictEqual(bodies[0], b))) {
        throw new Error(`the servers answer different JSON for ${endpoint}`);
      }
    }
    console.log(`riskdb API: same JSON from all ${bodiesOf(bases)} servers for ${ENDPOINTS.length} endpoints`);
    console.log(
      `${CONNECTIONS} connections, ${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(1)}), node ${process.version}`,
    );

    const run = (base: string, endpoint: string, duration: number, headers: Record<string, string> = {}) =>
      measure({ url: base + endpoint, connections: CONNECTIONS, duration, headers });
    const token = await sessionToken(entry.url);
    const bearer = { Authorization: `Bearer ${token}` };
    const keyed = { Authorization: `Bearer ${await apiKey(entry.url, token)}` };
    const signedIn = await fetch(entry.url + ENDPOINTS[0]!, { headers: bearer });
    if (signedIn.status !== 200)
      throw new Error(`the signed-in caller got HTTP ${signedIn.status} for ${ENDPOINTS[0]}`);
    // JIT warm-up of every server before the measured runs
    for (const base of Object.values(bases)) await run(base, ENDPOINTS[0]!, 2);

    const failures: string[] = [];
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      if (ONLY && !endpoint.includes(ONLY)) continue;
      const duration = i === 0 ? DURATION : Math.max(2, Math.round(DURATION / 3));
      const results: Record<string, Measured> = {};
      // remix-serve is the "before" figure: measured once, on hazard_scores, where the issue measured it.
      const kinds =
        i === 0 && remixServe ? (["bare", "remix-serve", "server.ts"] as const) : (["bare", "server.ts"] as const);
      console.log(`\nGET ${endpoint} (${duration} s each)`);
      for (const kind of kinds) {
        results[kind] = await run(bases[kind], endpoint, duration);
        console.log(
          formatRow(
            kind === "server.ts"
              ? "server.ts (anonymous, cached)"
              : kind === "bare"
                ? "bare node:http"
                : "remix-serve (before)",
            results[kind]!,
          ),
        );
      }
      const ratio = results["server.ts"]!.reqPerSec / results.bare!.reqPerSec;
      const line = `server.ts/bare: ${(ratio * 100).toFixed(1)} % (target ≥ 50 %), p99 ${results["server.ts"]!.p99} ms (target < 20 ms)`;
      if (i === 0) {
        results.uncached = await run(entry.url, endpoint, duration, bearer);
        console.log(formatRow("server.ts, Bearer (uncached)", results.uncached));
        if (results["remix-serve"])
          console.log(
            `remix-serve/bare: ${((results["remix-serve"].reqPerSec / results.bare!.reqPerSec) * 100).toFixed(1)} %`,
          );
        console.log(
          `server.ts uncached/bare: ${((results.uncached.reqPerSec / results.bare!.reqPerSec) * 100).toFixed(1)} % (the cached row above is what an anonymous caller gets)`,
        );
      }
      if (endpoint.startsWith("/api/riskdb/get_data/hazards")) {
        for (const [name, headers] of [
          ["session", bearer],
          ["API key", keyed],
        ] as const) {
          const m = (results[name] = await run(entry.url, endpoint, duration, headers));
          const share = m.reqPerSec / results.bare!.reqPerSec;
          console.log(formatRow(`server.ts, ${name} (uncached)`, m));
          const verdict = `server.ts ${name}/bare: ${(share * 100).toFixed(1)} % (target ≥ ${SIGNED_IN_TARGET * 100} %), p99 ${m.p99} ms, ${m.errors} non-2xx`;
          console.log(verdict);
          if (share < SIGNED_IN_TARGET || m.errors) failures.push(`${endpoint}: ${verdict}`);
        }
      }
      console.log(line);
      if (ratio < 0.5 || results["server.ts"]!.p99 >= 20) failures.push(`${endpoint}: ${line}`);
      for (const [kind, m] of Object.entries(results))
        if (m.errors) throw new Error(`${kind} ${endpoint}: ${m.errors} failed requests`);
    }
    console.log(
      failures.length
        ? `\nBELOW TARGET on this machine now:\n  ${failures.join("\n  ")}`
        : "\nall riskdb GETs meet the targets",
    );
  } finally {
    bare?.kill("SIGTERM");
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const bareIndex = process.argv.indexOf("--bare");
if (bareIndex >= 0) {
  await bareServer(Number(process.argv[bareIndex + 1]));
} else {
  await main();
  process.exit(0);
}
