/**
 * Memory under an hour of mixed load, measured over a shorter soak and extrapolated: the built server (server.ts)
 * on a fresh data folder, PGlite unless BENCH_DATABASE_URL is set. Each round runs, side by side,
 *   - anonymous pages, API reads and logins (autocannon, SOAK_CONNECTIONS connections for SOAK_BURST_S seconds);
 *   - a signed-in PREMIUM user: upload preview of SOAK_ROWS rows, the paid report (test payments), its PDF and
 *     XLSX downloaded once done.
 * The server's RSS is sampled every 500 ms. Printed: idle RSS after the first start; idle RSS once warm (after one
 * small report and a short burst of every request kind, which load the risk engine's datasets, the report
 * writers and the routes' code for good); peak RSS under load; RSS at the end of each round; its growth per hour,
 * fitted over the second half of the rounds (the first ones fill caches and pools); RSS once the load has stopped
 * and the server has settled for SOAK_SETTLE_S seconds, and that figure projected to an hour of the same load with
 * the growth (SOAK_MINUTES=60 measures the hour itself). Targets: idle after the first start ≤ 250 MB, ≤ 300 MB
 * after an hour, and back near idle (within 50 MB of the warm idle RSS) once the work ends.
 * Run: `npm run build && npx tsx bench/soak.bench.ts`.
 * Env: SOAK_MINUTES (default 5), SOAK_ROWS (default 20000), SOAK_CONNECTIONS (default 10), SOAK_BURST_S (default 15),
 * SOAK_SETTLE_S (default 30), BENCH_DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { largeCsvLines } from "../tests/support/portfolio-files";
import { assertBuilt, measure, newDataDir, rssMb, startServer, freePort, mixedRequests } from "./support/servers";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const ROWS = Number(process.env.SOAK_ROWS ?? 20_000);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const BURST_S = Number(process.env.SOAK_BURST_S ?? 15);
const SETTLE_S = Number(process.env.SOAK_SETTLE_S ?? 30);
const IDLE_TARGET_MB = 250;
const HOUR_TARGET_MB = 300;
const NEAR_IDLE_MB = 50;
/** The warm-up before the warm idle figure: a small report and a short burst of every request kind. */
const WARM_UP_ROWS = 200;
const WARM_UP_BURST_S = 3;
/** The self-service product code of a portfolio report (app/services/portfolio/report/purchase.server.ts). */
const REPORT_PRODUCT = "portfolio_report";

class User {
  private cookie = "";
  constructor(private readonly base: string) {}

  async logIn(email: string) {
    const res = await fetch(`${this.base}/dashboard/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.base },
      body: new URLSearchParams({ intent: "login", email, password: DEMO_PASSWORD, redirectTo: "/dashboard" }),
      redirect: "manual",
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("weather_token"));
    if (!session) throw new Error(`login of ${email} failed with ${res.status}`);
    this.cookie = session.split(";")[0]!;
  }

  request(path: string, init: RequestInit = {}) {
    return fetch(`${this.base}${path}`, {
      ...init,
      headers: { Cookie: this.cookie, Origin: this.base, ...(init.headers as Record<string, string>) },
      redirect: "manual",
    });
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await this.request(path, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  post<T>(path: string, values: Record<string, unknown>) {
    const headers = { "Content-Type": "application/json", "Idempotency-Key": `soak-${crypto.randomUUID()}` };
    return this.json<T>(path, { method: "POST", headers, body: JSON.stringify(values) });
  }

  /** Downloads a file through its redirect; returns its size. */
  async download(path: string): Promise<number> {
    const redirect = await this.request(path);
    const location = redirect.headers.get("Location");
    await redirect.arrayBuffer();
    if (redirect.status !== 302 || !location) throw new Error(`${path} answered ${redirect.status}`);
    const file = await this.request(location);
    if (!file.ok || !file.body) throw new Error(`${location} answered ${file.status}`);
    let bytes = 0;
    const reader = file.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    return bytes;
  }
}

type ReportAnswer = { report: { status: string }; report_files?: { kind: string; path: string }[] };

/** One portfolio from upload to downloaded files; returns the bytes downloaded. */
async function portfolioRound(user: User, csv: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "soak.csv");
  const preview = await user.json<{
    upload_id: string;
    access_token: string;
    total_locations: number;
    valid_locations: number;
  }>("/api/upload/upload_preview", { method: "POST", body: form });
  const upload = { upload_id: preview.upload_id, access_token: preview.access_token };
  const { lead_id } = await user.post<{ lead_id: number }>("/api/v1/lead/file_transfer", upload);
  const order = await user.post<{ order_id: number }>("/api/v1/products/self-service-create-order", {
    products: [REPORT_PRODUCT],
    lead_id,
    total_locations: preview.total_locations,
    valid_locations: preview.valid_locations,
  });
  // Paying needs the current terms accepted (ADR 014); accepting again is harmless.
  await user.json("/api/v1/terms_conditions", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ terms_conditions: true }),
  });
  await user.post("/api/v1/lead/confirm_purchase", { lead_id, order_id: order.order_id });
  await user.json(`/api/upload/generate_report?upload_id=${preview.upload_id}`);
  const until = Date.now() + 10 * 60_000;
  let state = await user.post<ReportAnswer>("/api/upload/request_preview", { upload_id: preview.upload_id });
  while (state.report.status !== "done") {
    if (state.report.status === "failed" || Date.now() > until) throw new Error(`report ${state.report.status}`);
    await new Promise((r) => setTimeout(r, 500));
    state = await user.post<ReportAnswer>("/api/upload/request_preview", { upload_id: preview.upload_id });
  }
  let bytes = 0;
  for (const f of state.report_files ?? []) bytes += await user.download(f.path);
  return bytes;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  assertBuilt();
  const dataDir = newDataDir("bench-soak-");
  const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const cpu0 = os.cpus().reduce((s, c) => s + c.times.user + c.times.sys, 0);
  console.log(
    `${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(1)}), node ${process.version}, ${database}; ${MINUTES >= 60 ? `${MINUTES}-minute soak` : `${MINUTES}-minute soak standing in for an hour, extrapolated`}`,
  );
  const server = await startServer("server.ts", await freePort(), dataDir);
  const pid = server.child.pid!;
  try {
    await fetch(`${server.url}/`);
    await new Promise((r) => setTimeout(r, 5_000));
    const idle = rssMb(pid);
    const csv = [...largeCsvLines(ROWS)].join("");
    const user = new User(server.url);
    await user.logIn(DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!.email);
    const requests = mixedRequests();

    await Promise.all([
      measure({ url: server.url, connections: 2, duration: WARM_UP_BURST_S, requests, timeout: 30 }),
      portfolioRound(user, [...largeCsvLines(WARM_UP_ROWS)].join("")),
    ]);
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    const warmIdle = rssMb(pid);

    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
    const started = Date.now();
    const rounds: { minute: number; rss: number }[] = [];
    let requestsDone = 0,
      errors = 0,
      reports = 0,
      downloaded = 0;
    while (Date.now() - started < MINUTES * 60_000) {
      const [load, bytes] = await Promise.all([
        measure({ url: server.url, connections: CONNECTIONS, duration: BURST_S, requests, timeout: 30 }),
        portfolioRound(user, csv),
      ]);
      requestsDone += load.total;
      errors += load.errors;
      reports++;
      downloaded += bytes;
      const rss = rssMb(pid);
      rounds.push({ minute: (Date.now() - started) / 60_000, rss });
      console.log(
        `  round ${rounds.length} at ${rounds.at(-1)!.minute.toFixed(1)} min: RSS ${rss} MB (${load.total} requests, ${load.errors} errors; report of ${ROWS.toLocaleString("en")} rows, ${(bytes / 1e6).toFixed(1)} MB downloaded)`,
      );
    }
    const minutes = (Date.now() - started) / 60_000;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    const after = rssMb(pid);

    const tail = rounds.slice(Math.floor(rounds.length / 2)).map((r) => ({ x: r.minute, y: r.rss }));
    const perHour = tail.length >= 2 ? slope(tail) * 60 : NaN;
    // Too few rounds to fit a slope: no growth is assumed, and the line says so.
    const growthPerHour = Number.isFinite(perHour) ? Math.max(0, perHour) : 0;
    const projected = after + (growthPerHour * Math.max(0, 60 - minutes)) / 60;
    const cpuS = (os.cpus().reduce((s, c) => s + c.times.user + c.times.sys, 0) - cpu0) / 1000;
    console.log(
      `\n${minutes.toFixed(1)} min of mixed load: ${requestsDone} requests (${errors} errors), ${reports} reports built and downloaded (${(downloaded / 1e6).toFixed(0)} MB); machine CPU ${cpuS.toFixed(0)} s, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `idle RSS after the first start on a fresh data folder: ${idle} MB (target ≤ ${IDLE_TARGET_MB} MB; before: 711 MB) ${idle <= IDLE_TARGET_MB ? "ok" : "OVER"}`,
    );
    console.log(
      `idle RSS once warm (one ${WARM_UP_ROWS}-row report and a ${WARM_UP_BURST_S} s burst, then ${SETTLE_S} s quiet): ${warmIdle} MB`,
    );
    console.log(`peak RSS under load: ${peak} MB; at the end of the last round: ${rounds.at(-1)?.rss ?? "n/a"} MB`);
    const signed = (n: number) => `${n >= 0 ? "+" : ""}${n}`;
    console.log(
      `RSS ${SETTLE_S} s after the load stopped: ${after} MB, ${signed(after - warmIdle)} MB from the warm idle, ${signed(after - idle)} MB from the first start ` +
        `(target: back within ${NEAR_IDLE_MB} MB of the warm idle) ${after - warmIdle <= NEAR_IDLE_MB ? "ok" : "OVER"}`,
    );
    console.log(
      `RSS growth over the second half of the rounds: ${Number.isFinite(perHour) ? `${perHour.toFixed(0)} MB/h` : "n/a (too few rounds: no growth assumed)"}; ` +
        `after an hour of this load, once it stops: ${Math.round(projected)} MB${minutes >= 60 ? " (measured)" : " (projected with the growth, if positive)"} (target ≤ ${HOUR_TARGET_MB} MB) ${projected <= HOUR_TARGET_MB ? "ok" : "OVER"}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
