/**
 * Idle RSS of the production server once the risk engine is loaded (target ≤ 300 MB), and what the 2′ point drivers
 * would add when the server loads them to answer point scores: the RSS they add when loaded in this process. The
 * engine loads on the first request that needs it: one location lookup and one point's hazards, then the server
 * idles.
 * Run: `npm run build && npx tsx bench/point-rss.bench.ts` (env BENCH_PORT, default 3302).
 */
import fs from "node:fs";
import os from "node:os";
import { assertBuilt, newDataDir, rssMb, startServer } from "./support/servers";

const PORT = Number(process.env.BENCH_PORT ?? 3302);
const IDLE_SETTLE_MS = 5_000;

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
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    const idle = rssMb(server.child.pid!);
    console.log(`${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(`location_codes ${loc.status}, get_data/hazards ${hz.status}; first engine request ${first.toFixed(0)} ms`);
    console.log(`RSS after start ${before} MB; idle RSS with the engine loaded ${idle} MB (target ≤ 300 MB: ${idle <= 300 ? "met" : "MISSED"})`);
    const { loadPointDrivers } = await import("../app/risk/engine.server");
    const r0 = process.memoryUsage().rss;
    const points = loadPointDrivers();
    const added = Math.round((process.memoryUsage().rss - r0) / 1024 / 1024);
    const projected = idle + added;
    console.log(`point drivers: ${points ? `${(points.byteLength / 1024 / 1024).toFixed(1)} MB of typed arrays, add ${added} MB of RSS` : "absent"}; idle RSS with them ${projected} MB (target ≤ 300 MB: ${projected <= 300 ? "met" : "MISSED"})`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
