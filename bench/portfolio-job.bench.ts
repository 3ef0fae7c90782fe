/**
 * A large portfolio through the background job (pg-boss queue, report built from the stored chunks), on the
 * embedded database and on PostgreSQL, each in its own process so the RSS figures do not mix.
 * Targets for 1M rows: the job ≤ 180 s on 2 cores; PostgreSQL peak RSS ≤ 400 MB; PGlite ≤ 300 MB above the idle RSS
 * (database open, dataset loaded).
 * Run: npx tsx bench/portfolio-job.bench.ts   (ROWS=… to change the size; BENCH_PG_URL for the server; BENCH_DB=pglite
 * or BENCH_DB=postgres runs that one only)
 * FLOOD_LAYERS=1: the job on PGlite without and then with flood-depth layers covering every row, the rows distinct
 * assets (each asset's flood losses read from 18 layers at 30″); target for 100,000 rows: with layers ≤ 2× without.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { ALLOCATOR_ENV } from "./support/servers";
import { collectGarbage } from "../app/services/infra/memory.server";

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function runOne(mode: "pglite" | "postgres") {
  if (mode === "postgres") process.env.DATABASE_URL = PG_URL;
  else delete process.env.DATABASE_URL;
  const { createTestDatabase, dropTemplate } = await import("../db/testing");
  const { setDbForTesting } = await import("../app/services/infra/db.server");
  const { getRiskEngine } = await import("../app/risk/engine/load-engine.server");
  const { ingestUpload, findUpload } = await import("../app/services/portfolio/upload/uploads.server");
  const { requestReport, reportOfUpload } = await import("../app/services/portfolio/report/report.server");
  const { startJobs, stopJobs } = await import("../app/services/infra/jobs.server");
  const { createUser } = await import("../db/factories");
  const { largeCsvLines, LAND_SITES } = await import("../tests/support/portfolio-files");
  const { distinctAssetCsvLines } = await import("./support/flood-layers");
  // With FLOOD_LAYERS the rows are distinct assets, each assessed (repeated places are assessed once).
  const lines = process.env.FLOOD_LAYERS === "1" ? distinctAssetCsvLines(ROWS, LAND_SITES) : largeCsvLines(ROWS);

  getRiskEngine();
  const test = await createTestDatabase();
  setDbForTesting(test.db);
  const user = await createUser(test.db, {});
  await startJobs();
  collectGarbage();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

  async function* source() {
    let batch: string[] = [];
    for (const line of lines) {
      batch.push(line);
      if (batch.length === 2000) {
        yield Buffer.from(batch.join(""));
        batch = [];
      }
    }
    if (batch.length) yield Buffer.from(batch.join(""));
  }
  const t0 = performance.now();
  const preview = await ingestUpload({
    fileName: "million.csv",
    data: source(),
    owner: { userId: user.id, plan: "PREMIUM" },
  });
  const ingestMs = performance.now() - t0;
  const ingestPeak = peak;
  const upload = await findUpload(preview.upload_id, { userId: user.id });
  const ingestCpu = process.cpuUsage();
  const t1 = performance.now();
  await requestReport(upload, user.id);
  let report = await reportOfUpload(upload.id);
  while (report && report.status !== "done" && report.status !== "failed") {
    await new Promise((r) => setTimeout(r, 250));
    report = await reportOfUpload(upload.id);
  }
  const jobMs = performance.now() - t1;
  const jobCpu = process.cpuUsage(ingestCpu);
  clearInterval(timer);
  const result = {
    mode,
    rows: ROWS,
    status: report?.status,
    processed: report?.processed,
    idle,
    ingestMs,
    ingestPeak,
    jobMs,
    jobCpuMs: (jobCpu.user + jobCpu.system) / 1000,
    peak: Math.max(peak, process.memoryUsage().rss),
  };
  await stopJobs();
  await test.close();
  await dropTemplate();
  console.log(JSON.stringify(result));
}

const child = process.argv[2];
if (child === "pglite" || child === "postgres") {
  await runOne(child);
  process.exit(0);
} else if (process.env.FLOOD_LAYERS === "1") {
  const self = fileURLToPath(import.meta.url);
  const { syntheticSiteLayers } = await import("./support/flood-layers");
  const { LAND_SITES } = await import("../tests/support/portfolio-files");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const withLayers = await syntheticSiteLayers(LAND_SITES);
  const without = mkdtempSync(`${os.tmpdir()}/no-layers-`);
  console.log(
    `portfolio job with flood-depth layers, ${ROWS.toLocaleString("en")} rows on PGlite (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}); target: with layers ≤ 2× without`,
  );
  const jobSeconds: number[] = [];
  for (const [label, dir] of [
    ["without layers", without],
    ["with layers", withLayers],
  ] as const) {
    const out = spawnSync(process.execPath, ["--import", "tsx", self, "pglite"], {
      encoding: "utf8",
      env: { ...process.env, ...ALLOCATOR_ENV, LAYERS_DIR: dir, S3_URL: "" },
      maxBuffer: 1 << 24,
    });
    const line = out.stdout
      .trim()
      .split("\n")
      .reverse()
      .find((l) => l.startsWith('{"mode":"pglite"'));
    if (!line) {
      console.log(`  ${label}: failed\n${out.stdout.slice(-1000)}\n${out.stderr.slice(-2000)}`);
      continue;
    }
    const r = JSON.parse(line) as Record<string, number | string>;
    jobSeconds.push(Number(r.jobMs) / 1000);
    console.log(
      `  ${label}: job ${(Number(r.jobMs) / 1000).toFixed(1)} s (CPU ${(Number(r.jobCpuMs) / 1000).toFixed(1)} s; ${r.status}, ${r.processed} rows), peak ${mb(Number(r.peak) - Number(r.idle))} above idle`,
    );
  }
  if (jobSeconds.length === 2) {
    const ratio = jobSeconds[1]! / jobSeconds[0]!;
    console.log(`  with / without: ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? "met" : "MISSED"})`);
  }
  rmSync(withLayers, { recursive: true, force: true });
  rmSync(without, { recursive: true, force: true });
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(
    `portfolio job, ${ROWS.toLocaleString("en")} rows (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}); 1M-row target: job ≤ 180 s on 2 cores (before: 561 s on PGlite, PostgreSQL never finished)`,
  );
  const only = process.env.BENCH_DB;
  if (only && only !== "pglite" && only !== "postgres") throw new Error(`BENCH_DB=${only}: pglite or postgres`);
  for (const mode of ["pglite", "postgres"] as const) {
    if (only && only !== mode) continue;
    const out = spawnSync(process.execPath, ["--import", "tsx", self, mode], {
      encoding: "utf8",
      env: { ...process.env, ...ALLOCATOR_ENV },
      maxBuffer: 1 << 24,
    });
    // The child's stdout also carries the app's JSON log lines: its figures are the line that names the mode.
    const line = out.stdout
      .trim()
      .split("\n")
      .reverse()
      .find((l) => l.startsWith(`{"mode":"${mode}"`));
    if (!line) {
      console.log(`  ${mode}: failed\n${out.stdout.slice(-1000)}\n${out.stderr.slice(-2000)}`);
      continue;
    }
    const r = JSON.parse(line) as Record<string, number | string>;
    const above = Number(r.peak) - Number(r.idle);
    const target =
      mode === "postgres"
        ? `peak RSS ${mb(Number(r.peak))} (target ≤ 400 MB)`
        : `peak ${mb(above)} above idle (target ≤ 300 MB; before: 369 MB)`;
    console.log(
      `  ${mode}: upload+preview ${(Number(r.ingestMs) / 1000).toFixed(1)} s, job ${(Number(r.jobMs) / 1000).toFixed(1)} s (CPU ${(Number(r.jobCpuMs) / 1000).toFixed(1)} s in this process; ${r.status}, ${r.processed} rows); idle RSS ${mb(Number(r.idle))}, peak during upload ${mb(Number(r.ingestPeak))}, overall peak ${mb(Number(r.peak))}; ${target}`,
    );
  }
}
