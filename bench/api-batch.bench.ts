/**
 * A nightly insurer pull through the public API: 20,000 insured locations × 10 scenario/period slots.
 * One run, three figures side by side on the production server entry (build/server.js) with a PREMIUM API key:
 * - a fixed-bytes node:http server (the ceiling of this machine's HTTP stack), hazard_scores and get_data/hazards
 *   with the key, each as a share of it;
 * - the per-point path: how long 200,000 single get_data/hazards calls take at the measured rate;
 * - the batch path: 20 calls of 1,000 points × 10 slots to POST /api/v1/hazards/batch (streamed NDJSON), every
 *   line read, with the server's peak RSS sampled during the pull.
 * Target: the batch pull ≤ 60 s on this 2-core machine.
 * Run: `npm run build && npx tsx bench/api-batch.bench.ts`. Env: BENCH_DURATION (s per keyed single-call row,
 * default 5), BENCH_CONNECTIONS (default 10), BENCH_LOCATIONS (default 20000), BENCH_PARALLEL (batch calls in
 * flight, default 2).
 */
import { spawn } from "node:child_process";
import os from "node:os";
import { cellToLatLng } from "h3-js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { SESSION_COOKIE_NAME } from "../app/domain/auth/auth";
import { BATCH_MAX_LOCATIONS } from "../app/domain/api/keys/api-limits";
import { SLOTS } from "../app/domain/hazards/scenarios";
import { getRiskEngine } from "../app/risk/engine/load-engine.server";
import {
  assertBuilt,
  formatRow,
  freePort,
  measure,
  newDataDir,
  rssMb,
  startServer,
  type StartedServer,
} from "./support/servers";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 20_000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 2);
const TARGET_SECONDS = 60;

/** A fixed JSON answer of the size of a hazard_scores answer, from a bare node:http server in its own process. */
async function startFixedBytes(port: number) {
  const code = `const body = Buffer.from(JSON.stringify({ status: "ok", pad: "x".repeat(2600) }));
require("node:http").createServer((req, res) => { res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length }); res.end(body); })
  .listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (c) => reject(new Error(`fixed-bytes server exited with ${c}`)));
  });
  return child;
}

async function premiumApiKey(base: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;
  const login = await fetch(`${base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: account.email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`signing ${account.email} in failed (HTTP ${login.status})`);
  const token = cookie.slice(SESSION_COOKIE_NAME.length + 1).split(";")[0]!;
  const rotated = await fetch(`${base}/api/v1/get_app_key`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  const { key } = (await rotated.json()) as { key: string | null };
  if (!key) throw new Error(`no API key issued (HTTP ${rotated.status})`);
  return key;
}

/** Land points like an insurer's book: the centres of distinct dataset cells, nudged off the centre. */
function insuredLocations(n: number) {
  const engine = getRiskEngine();
  const step = Math.max(1, Math.floor(engine.cellCount / n));
  return Array.from({ length: n }, (_, i) => {
    const [lat, lon] = cellToLatLng(engine.cellIdOfRow((i * step) % engine.cellCount));
    return { id: `loc-${i}`, lat: Math.round((lat + 0.01) * 1e5) / 1e5, lon: Math.round((lon - 0.01) * 1e5) / 1e5 };
  });
}

async function pullBatches(base: string, key: string, locations: ReturnType<typeof insuredLocations>) {
  const slots = SLOTS.map((s) => ({ scenario: s.scenario, period: s.period }));
  const chunks: (typeof locations)[] = [];
  for (let i = 0; i < locations.length; i += BATCH_MAX_LOCATIONS)
    chunks.push(locations.slice(i, i + BATCH_MAX_LOCATIONS));
  let items = 0,
    errors = 0,
    bytes = 0,
    next = 0;
  let remaining: string | null = null;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const res = await fetch(`${base}/api/v1/hazards/batch`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/json",
          Accept: "application/x-ndjson",
          "Accept-Encoding": "identity",
        },
        body: JSON.stringify({ locations: chunk, slots }),
      });
      if (res.status !== 200) throw new Error(`batch answered HTTP ${res.status}: ${await res.text()}`);
      remaining = res.headers.get("RateLimit-Remaining");
      const decoder = new TextDecoder();
      let tail = "";
      const reader = res.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const part = read.value;
        bytes += part.byteLength;
        const text = tail + decoder.decode(part, { stream: true });
        const lines = text.split("\n");
        tail = lines.pop()!;
        for (const line of lines) {
          const item = JSON.parse(line) as { status: string; results?: unknown[]; count?: number };
          if (item.count !== undefined) continue;
          items++;
          if (item.status !== "ok") errors++;
          else if (item.results!.length !== slots.length) throw new Error("an item lacks slots");
        }
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { items, errors, bytes, calls: chunks.length, slots: slots.length, remaining };
}

async function main() {
  assertBuilt();
  const [fixedPort, serverPort] = [await freePort(), await freePort()];
  const fixed = await startFixedBytes(fixedPort);
  let server: StartedServer | undefined;
  try {
    server = await startServer("server.ts", serverPort, newDataDir("bench-batch-"));
    const key = await premiumApiKey(server.url);
    const auth = { Authorization: `Bearer ${key}` };
    console.log(
      `${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(1)}), node ${process.version}, ${CONNECTIONS} connections for the single-call rows`,
    );

    const run = (url: string, headers: Record<string, string> = {}) =>
      measure({ url, connections: CONNECTIONS, duration: DURATION, headers });
    const scoresUrl = `${server.url}/api/riskdb/hazard_scores?location_code=GB&scenario=rcp85&period=2050`;
    const pointUrl = `${server.url}/api/riskdb/get_data/hazards?lat=52.52&lon=13.405&scenario=rcp85&period=2050`;
    for (const url of [scoresUrl, pointUrl]) {
      const r = await fetch(url, { headers: auth });
      if (r.status !== 200 || !r.headers.get("RateLimit-Remaining"))
        throw new Error(`${url} with the key: HTTP ${r.status}`);
    }
    await run(`http://127.0.0.1:${fixedPort}/`); // warm-up
    await run(pointUrl, auth);
    const bare = await run(`http://127.0.0.1:${fixedPort}/`);
    console.log(formatRow("fixed-bytes node:http", bare));
    const scores = await run(scoresUrl, auth);
    console.log(formatRow("hazard_scores, API key", scores));
    const point = await run(pointUrl, auth);
    console.log(formatRow("get_data/hazards, API key", point));
    for (const [name, m] of Object.entries({ scores, point }))
      if (m.errors) throw new Error(`${name}: ${m.errors} failed requests`);
    console.log(
      `hazard_scores/fixed-bytes: ${(scores.reqPerSec / bare.reqPerSec).toFixed(2)}   get_data/hazards/fixed-bytes: ${(point.reqPerSec / bare.reqPerSec).toFixed(2)}`,
    );

    const locations = insuredLocations(LOCATIONS);
    const singleCalls = LOCATIONS * SLOTS.length;
    const perPointSeconds = singleCalls / point.reqPerSec;
    console.log(
      `\nper-point path: ${singleCalls.toLocaleString("en-GB")} get_data/hazards calls at ${point.reqPerSec.toFixed(0)} req/s = ${perPointSeconds.toFixed(0)} s (${(perPointSeconds / 60).toFixed(1)} min), before any rate limit`,
    );

    const pid = server.child.pid!;
    const rssBefore = rssMb(pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const started = performance.now();
    const pulled = await pullBatches(server.url, key, locations).finally(() => clearInterval(sampler));
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMb(pid));
    console.log(
      `batch path: ${pulled.calls} calls × ${BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} points × ${pulled.slots} slots (${PARALLEL} in flight, NDJSON): ${pulled.items.toLocaleString("en-GB")} items (${pulled.errors} error items), ${(pulled.bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s), ${((pulled.items * pulled.slots) / seconds).toFixed(0)} point-slots/s`,
    );
    console.log(
      `batch/per-point: ${(perPointSeconds / seconds).toFixed(0)}× faster; server RSS ${rssBefore} MB before, peak ${peak} MB during the pull; key's RateLimit-Remaining after the pull: ${pulled.remaining}`,
    );
    if (pulled.items !== LOCATIONS) throw new Error(`expected ${LOCATIONS} items, read ${pulled.items}`);
    if (seconds > TARGET_SECONDS) process.exitCode = 1;
  } finally {
    await server?.stop();
    fixed.kill();
  }
}

await main();
process.exit(process.exitCode ?? 0);
