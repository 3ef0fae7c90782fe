/** Starting and measuring built servers for the benches: free ports, health waits, RSS, autocannon runs. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Options } from "autocannon";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The two ways to run the built app: remix-serve (the entry used before server.ts) and the server entry. */
export const SERVER_COMMANDS = {
  "remix-serve": [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), path.join(ROOT, "build/index.js")],
  "server.ts": [path.join(ROOT, "build/server.js")],
} as const;
export type ServerKind = keyof typeof SERVER_COMMANDS;

export function assertBuilt() {
  for (const file of ["build/index.js", "build/server.js"]) {
    if (!fs.existsSync(path.join(ROOT, file)))
      throw new Error(`${file} is missing: run \`npm run build\` first (npm run bench does)`);
  }
}

export interface StartedServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  stop: () => Promise<void>;
  /** The access log's lines (url, status, ms), when started with `accessLog: true`; empty otherwise. */
  accessLog: AccessLine[];
}

export interface AccessLine {
  method: string;
  url: string;
  status: number;
  ms: number;
}

/**
 * The allocator settings the production server runs with, read from scripts/allocator-env.sh (the one source the
 * image and `npm start` use): the benches measure the server as it is run.
 */
export const ALLOCATOR_ENV: Record<string, string> = allocatorEnv();

function allocatorEnv(): Record<string, string> {
  const names = ["LD_PRELOAD", "MALLOC_CONF", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"];
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !names.includes(k)),
  ) as NodeJS.ProcessEnv;
  const script = `. "${path.join(ROOT, "scripts/allocator-env.sh")}" && node -e 'process.stdout.write(JSON.stringify(process.env))'`;
  const env = JSON.parse(execFileSync("sh", ["-c", script], { env: clean, encoding: "utf8" })) as Record<
    string,
    string
  >;
  return Object.fromEntries(names.filter((n) => env[n]).map((n) => [n, env[n]!]));
}

export function newDataDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startServer(
  kind: ServerKind,
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  options: { accessLog?: boolean } = {},
): Promise<StartedServer> {
  const started = performance.now();
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under the bench's load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_COMMANDS[kind]], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...ALLOCATOR_ENV,
      PAYMENTS: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      SEED_DEMO_ACCOUNTS: "true",
      DISABLE_RATE_LIMIT: "true",
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    // The access log is written either way (its cost is part of the figure); it is read only when asked for.
    stdio: ["ignore", options.accessLog ? "pipe" : "ignore", "inherit"],
  });
  const accessLog: AccessLine[] = [];
  if (options.accessLog) readAccessLog(child, accessLog);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  const startMs = performance.now() - started;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return { child, url, startMs, stop, accessLog };
}

function readAccessLog(child: ChildProcess, into: AccessLine[]) {
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const text of lines) {
      if (!text.includes('"msg":"request"')) continue;
      const entry = JSON.parse(text) as Partial<AccessLine>;
      if (typeof entry.url === "string" && typeof entry.ms === "number")
        into.push({ method: entry.method ?? "GET", url: entry.url, status: entry.status ?? 0, ms: entry.ms });
    }
  });
}

/** Count, p50, p99 and max of the server's own time per method and path (query left out), slowest p99 first. */
export function accessLogTable(lines: AccessLine[]): string {
  const byRoute = new Map<string, number[]>();
  for (const line of lines) {
    const key = `${line.method} ${line.url.split("?")[0]}`;
    const times = byRoute.get(key) ?? [];
    times.push(line.ms);
    byRoute.set(key, times);
  }
  const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const rows = [...byRoute].map(([route, times]) => {
    const sorted = times.sort((a, b) => a - b);
    return { route, count: sorted.length, p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: sorted.at(-1)! };
  });
  rows.sort((a, b) => b.p99 - a.p99);
  const header = `  ${"route (server's time, ms)".padEnd(52)} ${"count".padStart(6)} ${"p50".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}`;
  return [
    header,
    ...rows.map(
      (r) =>
        `  ${r.route.padEnd(52)} ${String(r.count).padStart(6)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.max).padStart(7)}`,
    ),
  ].join("\n");
}

export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before answering ${url}/healthz`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${url}/healthz`);
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

export interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
}

export async function measure(options: Options): Promise<Measured> {
  const result = await autocannon(options);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    // Failed connections, timeouts and 4xx/5xx answers; a redirect (a login's 302) is a success.
    errors:
      result.errors +
      result.timeouts +
      (result.statusCodeStats
        ? Object.entries(result.statusCodeStats).reduce((n, [code, s]) => (Number(code) >= 400 ? n + s.count : n), 0)
        : result.non2xx),
  };
}

export function formatRow(name: string, m: Measured) {
  return `${name.padEnd(34)} ${m.reqPerSec.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(5)} ms   ${m.total} requests, ${m.errors} errors/non-2xx`;
}

/** A port nothing listens on now, for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The mixed traffic of the load and soak benches: public pages, API reads and a sign-in (answered 302). */
export function mixedRequests() {
  const account = DEMO_ACCOUNTS[0]!;
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  return [
    { method: "GET", path: "/" },
    { method: "GET", path: "/faq" },
    { method: "GET", path: "/api/riskdb/hazard_scores?location_code=GB&scenario=rcp85&period=2050" },
    { method: "GET", path: "/blog/item/1" },
    { method: "GET", path: "/api/riskdb/countries" },
    {
      method: "POST",
      path: "/dashboard/login",
      headers: form,
      body: new URLSearchParams({ intent: "login", email: account.email, password: DEMO_PASSWORD }).toString(),
    },
    { method: "GET", path: "/pricing" },
    { method: "GET", path: "/api/riskdb/get_data/hazards?lat=52.52&lon=13.405&scenario=rcp85&period=2050" },
  ];
}

/** The n-th client address, in 198.18.0.0/15 (RFC 2544, set aside for benchmarks). */
function benchClientAddress(n: number): string {
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Each autocannon connection as one user: its requests carry its own X-Forwarded-For address (one of `addresses`),
 * so the server's per-address limits (bodies in flight, share of the turns) meet many users as in production. With
 * one address the requests are left as they are. The server must trust one proxy hop (`behindProxy`).
 */
export function asUsersOfConnections<R extends { headers?: Record<string, string> }>(
  requests: R[],
  addresses: number,
): R[] {
  if (addresses <= 1) return requests;
  let seen = 0;
  const setupRequest = (req: R, context: Record<string, unknown>): R => {
    context.address ??= benchClientAddress(seen++ % addresses);
    return { ...req, headers: { ...req.headers, "X-Forwarded-For": context.address as string } };
  };
  return requests.map((r) => ({ ...r, setupRequest }));
}

/** The server's environment for `asUsersOfConnections`: one trusted proxy hop when there are several users. */
export function behindProxy(addresses: number): Record<string, string> {
  return addresses > 1 ? { TRUST_PROXY: "1" } : {};
}
