/**
 * The production server entry against remix-serve (the entry used before server.ts), side by side in one run, on
 * the embedded database (PGlite):
 *   - anonymous public pages (home, a blog post, /faq) req/s and p99 at 20 connections (target ≥ 5× remix-serve);
 *   - warm restart to healthy on an existing data directory (target ≤ 2 s) and idle RSS (target ≤ 250 MB);
 *   - a bounded load test of server.ts: 100 connections for 30 s mixing pages, login and the API (target 0 errors).
 * Run: `npm run build && npx tsx bench/server.bench.ts`.
 * Env: BENCH_PAGE_DURATION (s per page, default 8), BENCH_LOAD_DURATION (s, default 30), BENCH_DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import {
  asUsersOfConnections,
  assertBuilt,
  behindProxy,
  formatRow,
  measure,
  mixedRequests,
  newDataDir,
  rssMb,
  startServer,
  type Measured,
  type ServerKind,
} from "./support/servers";

const PAGE_DURATION = Number(process.env.BENCH_PAGE_DURATION ?? 8);
const LOAD_DURATION = Number(process.env.BENCH_LOAD_DURATION ?? 30);
const PAGES = ["/", "/blog/item/1", "/faq"];
const PORTS: Record<ServerKind, number> = { "remix-serve": 3312, "server.ts": 3313 };
const IDLE_SETTLE_MS = 5_000;

interface Figures {
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  pages: Record<string, Measured>;
}

async function measureServer(kind: ServerKind): Promise<Figures> {
  const dataDir = newDataDir("bench-server-");
  try {
    const cold = await startServer(kind, PORTS[kind], dataDir);
    const pages: Record<string, Measured> = {};
    try {
      for (const page of PAGES) {
        await measure({ url: cold.url + page, connections: 20, duration: 1 });
        pages[page] = await measure({ url: cold.url + page, connections: 20, duration: PAGE_DURATION });
      }
    } finally {
      await cold.stop();
    }
    // Warm restart: same data directory, nothing to migrate or seed.
    const warm = await startServer(kind, PORTS[kind], dataDir);
    try {
      await fetch(`${warm.url}/`);
      await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
      return { coldStartMs: cold.startMs, warmStartMs: warm.startMs, idleRssMb: rssMb(warm.child.pid!), pages };
    } finally {
      await warm.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Users of the load test: one address per connection, as bench/load.bench.ts (BENCH_CLIENT_ADDRESSES=1: one). */
const CLIENT_ADDRESSES = Number(process.env.BENCH_CLIENT_ADDRESSES ?? 100);

async function loadTest() {
  const dataDir = newDataDir("bench-load-");
  const server = await startServer("server.ts", PORTS["server.ts"], dataDir, behindProxy(CLIENT_ADDRESSES));
  try {
    const requests = asUsersOfConnections(mixedRequests(), CLIENT_ADDRESSES);
    const result = await measure({ url: server.url, connections: 100, duration: LOAD_DURATION, requests, timeout: 30 });
    // A login answers 302 (redirect to the dashboard): only failures and 4xx/5xx count as errors.
    return result;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  assertBuilt();
  console.log(
    `${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(1)}), node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  const figures: Partial<Record<ServerKind, Figures>> = {};
  for (const kind of ["remix-serve", "server.ts"] as const) figures[kind] = await measureServer(kind);
  const before = figures["remix-serve"]!;
  const after = figures["server.ts"]!;

  console.log(`\nAnonymous public pages, 20 connections, ${PAGE_DURATION} s each`);
  for (const page of PAGES) {
    console.log(formatRow(`${page} remix-serve (before)`, before.pages[page]!));
    console.log(formatRow(`${page} server.ts`, after.pages[page]!));
    console.log(
      `  speed-up ${(after.pages[page]!.reqPerSec / before.pages[page]!.reqPerSec).toFixed(1)}× (target ≥ 5×)`,
    );
  }
  console.log("\nStart and memory (PGlite)            remix-serve (before)   server.ts   target");
  const row = (label: string, a: string, b: string, target: string) =>
    console.log(`${label.padEnd(38)}${a.padStart(20)}${b.padStart(12)}   ${target}`);
  row(
    "first start to healthy (migrate+seed)",
    `${Math.round(before.coldStartMs)} ms`,
    `${Math.round(after.coldStartMs)} ms`,
    "",
  );
  row(
    "warm restart to healthy",
    `${Math.round(before.warmStartMs)} ms`,
    `${Math.round(after.warmStartMs)} ms`,
    "≤ 2000 ms",
  );
  row("idle RSS after warm restart", `${before.idleRssMb} MB`, `${after.idleRssMb} MB`, "≤ 250 MB");

  console.log(
    `\nLoad test: server.ts, 100 connections from ${CLIENT_ADDRESSES} client address(es), ${LOAD_DURATION} s, pages + login + API`,
  );
  const load = await loadTest();
  console.log(formatRow("mixed load", load));
  console.log(load.errors ? `${load.errors} errors (target 0)` : "0 errors");
}

await main();
process.exit(0);
