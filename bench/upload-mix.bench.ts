/**
 * Parallel large XLSX uploads against the built server: one free (DISCOVERY) account fires MIX_UPLOADS uploads at
 * once, half with a shared-string table over the cap and half just under it, while a PREMIUM account sends one
 * under the cap and a GRANULAR one one over it. Uploads past the caps get 429 (which one wins a slot is a race). Prints each answer's status, the server's peak RSS and /healthz latency (polled every 200 ms) during the
 * mix. Targets: /healthz max < 1000 ms; refused uploads answer 429 (caps) or 413 (shared-string cap); idle RSS after
 * the first start on its fresh data folder ≤ 250 MB; RSS once the mix is over ≤ 300 MB.
 * Run: `npm run build && npx tsx bench/upload-mix.bench.ts`.
 * Env: MIX_UPLOADS (default 10), MIX_OVER_STRINGS (default 2,000,000), MIX_UNDER_STRINGS (default 1,400,000),
 * MIX_TIMEOUT_S (default 240): the mix is abandoned after that long.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { XLSX_MAX_SHARED_STRINGS_BYTES, formatBytes } from "../app/domain/portfolio/limits";
import { writeSharedStringsXlsx } from "../tests/support/portfolio-files";
import { assertBuilt, newDataDir, rssMb, startServer, freePort } from "./support/servers";

const UPLOADS = Number(process.env.MIX_UPLOADS ?? 10);
const OVER_STRINGS = Number(process.env.MIX_OVER_STRINGS ?? 2_000_000);
const UNDER_STRINGS = Number(process.env.MIX_UNDER_STRINGS ?? 1_400_000);
const TIMEOUT_MS = Number(process.env.MIX_TIMEOUT_S ?? 240) * 1000;

async function login(base: string, email: string): Promise<string> {
  const body = new URLSearchParams({ intent: "login", email, password: DEMO_PASSWORD });
  const res = await fetch(`${base}/dashboard/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("weather_token"));
  if (!cookie) throw new Error(`login of ${email} failed with ${res.status}`);
  return cookie.split(";")[0]!;
}

async function upload(base: string, cookie: string, file: string, signal: AbortSignal) {
  const form = new FormData();
  form.set("file", new File([fs.readFileSync(file)], path.basename(file)));
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/upload/upload_preview`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
      signal,
    });
    const text = await res.text();
    let message = "";
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? "";
    } catch {
      message = text.slice(0, 80);
    }
    return { status: res.status, retryAfter: res.headers.get("Retry-After"), ms: performance.now() - started, message };
  } catch (error) {
    return { status: 0, retryAfter: null, ms: performance.now() - started, message: (error as Error).message };
  }
}

/** Time the server is left alone before its resident memory is read. */
const SETTLE_MS = 5_000;

async function main() {
  assertBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-mix-"));
  const dataDir = newDataDir("bench-upload-mix-");
  try {
    const over = path.join(dir, "over-cap.xlsx");
    const under = path.join(dir, "under-cap.xlsx");
    const a = await writeSharedStringsXlsx(over, OVER_STRINGS, 5000);
    const b = await writeSharedStringsXlsx(under, UNDER_STRINGS, 5000);
    console.log(
      `${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(1)}), node ${process.version}; shared-string cap ${formatBytes(XLSX_MAX_SHARED_STRINGS_BYTES)}`,
    );
    console.log(
      `files: over the cap ${formatBytes(a.bytes)} (${OVER_STRINGS.toLocaleString("en")} strings, table ${formatBytes(a.sharedStringsBytes)}),`,
    );
    console.log(
      `       under the cap ${formatBytes(b.bytes)} (${UNDER_STRINGS.toLocaleString("en")} strings, table ${formatBytes(b.sharedStringsBytes)})`,
    );

    const server = await startServer("server.ts", await freePort(), dataDir);
    const pid = server.child.pid!;
    try {
      // First start on a fresh data folder: migrations and seed ran in this process.
      await fetch(`${server.url}/`);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const firstStartRss = rssMb(pid);
      const free = await login(server.url, DEMO_ACCOUNTS.find((x) => x.planCode === "DISCOVERY")!.email);
      const premium = await login(server.url, DEMO_ACCOUNTS.find((x) => x.planCode === "PREMIUM")!.email);
      const granular = await login(server.url, DEMO_ACCOUNTS.find((x) => x.planCode === "GRANULAR")!.email);
      const idleRss = rssMb(pid);
      let peakRss = idleRss;
      const health: number[] = [];
      let polling = true;
      const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
      const poll = (async () => {
        while (polling) {
          const t0 = performance.now();
          try {
            await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
          } catch {
            // a timeout counts as its full wait
          }
          health.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      const abort = AbortSignal.timeout(TIMEOUT_MS);
      const t0 = performance.now();
      const results = await Promise.all([
        ...Array.from({ length: UPLOADS }, (_, i) =>
          upload(server.url, free, i % 2 ? over : under, abort).then((r) => ({
            who: "DISCOVERY",
            file: i % 2 ? "over" : "under",
            ...r,
          })),
        ),
        upload(server.url, premium, under, abort).then((r) => ({ who: "PREMIUM", file: "under", ...r })),
        upload(server.url, granular, over, abort).then((r) => ({ who: "GRANULAR", file: "over", ...r })),
      ]);
      const mixMs = performance.now() - t0;
      polling = false;
      await poll;
      clearInterval(rssTimer);

      console.log(`\n${results.length} uploads in ${(mixMs / 1000).toFixed(1)} s`);
      for (const r of results)
        console.log(
          `  ${r.who.padEnd(9)} ${r.file.padEnd(5)} → ${r.status}${r.retryAfter ? ` (Retry-After ${r.retryAfter})` : ""} in ${(r.ms / 1000).toFixed(1)} s ${r.status === 200 ? "" : r.message.slice(0, 90)}`,
        );
      const sorted = [...health].sort((x, y) => x - y);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const afterRss = rssMb(pid);
      console.log(`\nserver RSS: idle ${idleRss} MB, peak ${peakRss} MB during the mix`);
      console.log(
        `idle RSS after a first start on a fresh data folder: ${firstStartRss} MB (target ≤ 250 MB; before: 711-762 MB)`,
      );
      console.log(`RSS ${SETTLE_MS / 1000} s after the mix: ${afterRss} MB (target ≤ 300 MB)`);
      console.log(
        `/healthz during the mix: ${health.length} polls, p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target < 1000 ms)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
