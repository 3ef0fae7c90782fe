/**
 * Idle RSS of the production server with the risk engine and its 2′ point drivers loaded (target ≤ 300 MB). The
 * engine loads on the first request that needs it: one location lookup and one point's hazards, then the server
 * idles. Printed: RSS 5 s after those requests (the engine and the place list have loaded, and the server has given
 * back what loading let go), and the idle RSS once the server has been quiet past its quiet collection (15 s), the
 * figure the target is read on.
 * Run: `npm run build && npx tsx bench/point-rss.bench.ts` (env BENCH_PORT, default 3302).
 */
import fs from "node:fs";
import os from "node:os";
import { assertBuilt, newDataDir, rssMb, startServer } from "./support/servers";

const PORT = Number(process.env.BENCH_PORT ?? 3302);
const SETTLE_MS = 5_000;
/** Past the server's quiet collection (server/index.ts QUIET_COLLECT_MS, 15 s) after the last request. */
const IDLE_MS = 20_000;
const TARGET_MB = 300;

async function main() {
  assertBuilt();
  const dataDir = newDataDir("bench-point-rss-");
  const server = await startServer("server.ts", PORT, dataDir);
  try {
    const before = rssMb(server.child.pid!);
    const t0 = performance.now();
    const loc = await fetch(`${server.url}/api/riskdb/location_codes?lat=50.9375&lon=6.9633`);
    const first = performance.now() - t0;
    const hz = await fetch(`${server.url}/api/riskdb/get_data/hazards?lat=50.9375&lon=6.9633`);
    const sent = performance.now();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = rssMb(server.child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_MS - (performance.now() - sent)));
    const idle = rssMb(server.child.pid!);
    console.log(
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `location_codes ${loc.status}, get_data/hazards ${hz.status}; first engine request (engine and point drivers load) ${first.toFixed(0)} ms`,
    );
    const { loadPointDrivers } = await import("../app/risk/engine/load-engine.server");
    const points = loadPointDrivers();
    console.log(
      `point drivers: ${points ? `${(points.byteLength / 1024 / 1024).toFixed(1)} MB of typed arrays` : "absent"}`,
    );
    console.log(`RSS after start ${before} MB; ${SETTLE_MS / 1000} s after the first requests ${settled} MB`);
    console.log(
      `idle RSS with the engine and the point drivers loaded (${IDLE_MS / 1000} s quiet) ${idle} MB (target ≤ ${TARGET_MB} MB: ${idle <= TARGET_MB ? "met" : "MISSED"})`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
