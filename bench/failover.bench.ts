/**
 * Failover on PostgreSQL: runs the two-instance fault test (tests/faults/instances.test.ts) and prints how long
 * instance B took to deliver the 100k-row report that A was building when it was killed with SIGKILL (target
 * ≤ 120 s), and whether sessions, API keys, cache invalidation and downloads held across the instances.
 * PGlite serves one process only: without a reachable PostgreSQL server (BENCH_DATABASE_URL, BENCH_PG_URL or
 * DATABASE_URL, else the local default the job bench uses) it says so and exits 0.
 * Run: `npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/failover.bench.ts`.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { ROOT, assertBuilt } from "./support/servers";

/** The PostgreSQL server the job bench uses too; the test creates its database beside the one named here. */
const url =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
try {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await probe.connect();
  await probe.end();
} catch (error) {
  console.log(
    `failover: skipped, no PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")} (${(error as Error).message}); set BENCH_DATABASE_URL. Target: B delivers within 120 s of A's death`,
  );
  process.exit(0);
}
assertBuilt();
const t0 = performance.now();
const out = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "tests/faults/instances.test.ts"], {
  cwd: ROOT,
  encoding: "utf8",
  env: { ...process.env, DATABASE_URL: url, FORCE_COLOR: "0" },
  maxBuffer: 1 << 26,
});
const text = `${out.stdout}\n${out.stderr}`;
const takeover = /takeover: (.*)/.exec(text)?.[1];
const passed = out.status === 0;
console.log(
  `two instances on one PostgreSQL database (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}), test run ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
// The test checks sessions, API keys and the cache signal before the kill: a takeover line means they held.
console.log(
  `  sessions, API keys and cache invalidation across instances: ${takeover ? "ok" : passed ? "ok" : "FAILED (see below)"}`,
);
console.log(`  ${takeover ?? "no takeover: the test failed before the kill"} (target: delivered ≤ 120 s after A died)`);
console.log(`  files downloaded from both instances: ${passed ? "ok" : "not reached"}`);
if (!passed) {
  console.log(
    text
      .split("\n")
      .filter((l) => /FAIL|Error|expected|not delivered/.test(l))
      .slice(0, 10)
      .join("\n"),
  );
  process.exit(1);
}
