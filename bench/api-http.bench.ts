/**
 * HTTP throughput of the riskdb API: the built Remix server (remix-serve, production) against a bare node:http
 * server that answers the same JSON from the same engine, so the ratio is the cost of the framework, routing,
 * logging and the service layer. Run: `npx tsx bench/api-http.bench.ts` (needs `npx remix build` first).
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const QUERY = "location_code=GB&scenario=rcp85&period=2050";
const API_PATH = "/api/riskdb/hazard_scores";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Child mode: the bare server. Same engine call and body as the API, none of the framework. */
async function bareServer(port: number) {
  const { getRiskEngine } = await import("../app/risk/engine.server");
  const engine = getRiskEngine();
  http
    .createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== API_PATH) {
        res.writeHead(404).end();
        return;
      }
      const q = url.searchParams;
      const body = JSON.stringify({ status: "ok", ...engine.scores(q.get("location_code"), q.get("scenario"), q.get("period")) });
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" }).end(body);
    })
    .listen(port, "127.0.0.1", () => process.send?.("ready"));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function run(name: string, url: string, duration = DURATION) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${name.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms` +
      `   ${result.requests.total} requests, ${errors} errors/non-2xx`,
  );
  if (errors) throw new Error(`${name}: ${errors} failed requests`);
  return result;
}

async function main() {
  const serverEntry = path.join(ROOT, "build/index.js");
  if (!fs.existsSync(serverEntry)) throw new Error("build/index.js is missing: run `npx remix build` first (npm run bench does)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const [remixPort, barePort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  };
  process.on("exit", cleanup);
  try {
    const remix = spawn(process.execPath, [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), serverEntry], {
      cwd: ROOT,
      env: {
        ...process.env, NODE_ENV: "production", PORT: String(remixPort), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "",
        SEED_DEMO_ACCOUNTS: "false", LOG_LEVEL: "warn", PUBLIC_URL: `http://127.0.0.1:${remixPort}`,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(remix);
    const bare = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--bare", String(barePort)], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.push(bare);
    await new Promise<void>((resolve, reject) => {
      bare.once("message", () => resolve());
      bare.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const remixUrl = `http://127.0.0.1:${remixPort}${API_PATH}?${QUERY}`;
    const bareUrl = `http://127.0.0.1:${barePort}${API_PATH}?${QUERY}`;
    await waitFor(`http://127.0.0.1:${remixPort}/healthz`, remix);

    const [a, b] = await Promise.all([fetch(remixUrl).then((r) => r.json()), fetch(bareUrl).then((r) => r.json())]);
    if (!isDeepStrictEqual(a, b)) throw new Error("the two servers answer different JSON for the same request");
    console.log(`GET ${API_PATH}?${QUERY}: same JSON from both servers (${JSON.stringify(a).length} bytes)`);
    console.log(`${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} CPUs, node ${process.version}`);

    // JIT warm-up of both servers before the measured runs
    await run("warm-up bare", bareUrl, 2);
    await run("warm-up remix", remixUrl, 2);
    const bareResult = await run("bare node:http", bareUrl);
    const remixResult = await run("remix-serve (prod)", remixUrl);
    const ratio = remixResult.requests.average / bareResult.requests.average;
    console.log(`ratio remix/bare: ${(ratio * 100).toFixed(1)} % of the bare server's throughput`);
  } finally {
    cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bareIndex = process.argv.indexOf("--bare");
if (bareIndex >= 0) {
  await bareServer(Number(process.argv[bareIndex + 1]));
} else {
  await main();
  process.exit(0);
}
