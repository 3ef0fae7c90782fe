/** Lookup throughput of the risk engine, dataset load time and memory. Run: npx tsx bench/risk-lookup.bench.ts */
import { loadRiskEngine } from "../app/risk/engine/load-engine.server";
import { collectGarbage } from "../app/services/infra/memory.server";
import { seededRandom } from "../app/utils/seeded-random";

function mb(b: number): string {
  return `${(b / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * µs per call, wall and CPU. The machine is shared: wall time includes waiting for a core, so the targets are read on
 * this process's own CPU time per call (user + system), and the point lookup also as a ratio to the hexagon lookup
 * measured in the same run.
 */
function bench(
  name: string,
  n: number,
  fn: (i: number) => unknown,
  targetUs?: number,
): { wallUs: number; cpuUs: number } {
  for (let i = 0; i < Math.min(1000, n); i++) fn(i);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const us = (ms * 1000) / n;
  const cpuUs = (cpu.user + cpu.system) / n;
  const target =
    targetUs === undefined ? "" : `  (target ≤ ${targetUs} µs of CPU: ${cpuUs <= targetUs ? "met" : "MISSED"})`;
  console.log(
    `${name.padEnd(46)} ${String(Math.round((n / ms) * 1000)).padStart(10)} ops/s  ${us.toFixed(2).padStart(8)} µs/op  ${cpuUs.toFixed(2).padStart(7)} µs CPU${target}`,
  );
  return { wallUs: us, cpuUs };
}

collectGarbage();
const before = process.memoryUsage();
const t0 = performance.now();
const e = loadRiskEngine(undefined, { points: true });
const loadMs = performance.now() - t0;
collectGarbage();
const after = process.memoryUsage();
console.log(`dataset load: ${loadMs.toFixed(0)} ms (decode ${e.loadMs} ms); typed arrays ${mb(e.memoryBytes)}`);
console.log(
  `memory delta: rss ${mb(after.rss - before.rss)}, heap ${mb(after.heapUsed - before.heapUsed)}, external+arrayBuffers ${mb(after.external + after.arrayBuffers - before.external - before.arrayBuffers)}`,
);

// what the shoreline mask adds on its own (the point lookups' 1′ land/water test and snapping)
{
  const { readFileSync } = await import("node:fs");
  const { gunzipSync } = await import("node:zlib");
  const { LandMask } = await import("../app/risk/land/landmask");
  const { defaultDataDir } = await import("../app/risk/engine/load-engine.server");
  collectGarbage();
  const m0 = process.memoryUsage();
  const mask = new LandMask(gunzipSync(readFileSync(`${defaultDataDir()}/landmask.bin.gz`)));
  collectGarbage();
  const m1 = process.memoryUsage();
  console.log(
    `land mask: ${mb(mask.byteLength)} of typed arrays; added heap+arrayBuffers ${mb(m1.heapUsed + m1.arrayBuffers - m0.heapUsed - m0.arrayBuffers)} (target: server idle RSS ≤ 300 MB)`,
  );
  // the 2′ point drivers a point is scored from
  const { loadPointDrivers } = await import("../app/risk/engine/load-engine.server");
  collectGarbage();
  const p0 = process.memoryUsage();
  const points = loadPointDrivers();
  collectGarbage();
  const p1 = process.memoryUsage();
  console.log(
    `point drivers: ${points ? `${points.nLand} land pixels, ${points.nMembers} floodplain pixels, ${mb(points.byteLength)} of typed arrays` : "absent"}; added rss ${mb(p1.rss - p0.rss)} (target: server idle RSS ≤ 300 MB)`,
  );
}

// deterministic pseudo-random points over land-ish latitudes
const rnd = seededRandom(42);
const pts = Array.from({ length: 4096 }, () => [rnd() * 120 - 55, rnd() * 360 - 180] as const);
const t1 = performance.now();
e.locate(0, 0);
console.log(`first locate (builds the outline index): ${(performance.now() - t1).toFixed(0)} ms`);
const hexes = pts.map(([la, lo]) => e.locate(la, lo)).flatMap((r) => (r.status === "ok" ? [r.hexagon_code] : []));
console.log(`${hexes.length} of ${pts.length} random points on land`);
const countries = e.countries().map((c) => c.country_code);

bench("cellRow (hex → row, binary search)", 500_000, (i) => e.cellRow(hexes[i % hexes.length]!));
bench("locate(lat, lon)", 100_000, (i) => e.locate(pts[i % pts.length]![0], pts[i % pts.length]![1]));
bench("scores(hexagon, rcp85, 2050)", 200_000, (i) => e.scores(hexes[i % hexes.length]!, "rcp85", "2050"));
bench("scores(country, rcp45, 2030)", 200_000, (i) => e.scores(countries[i % countries.length]!, "rcp45", "2030"));
const shore = [
  [55.7, 12.65],
  [41.02, 29.0],
  [-12.47, 130.83],
  [22.3, 91.8],
] as const;
bench("locate(point just off the shore → snap)", 50_000, (i) => e.locate(shore[i % 4]![0], shore[i % 4]![1]));
{
  // land by the shoreline mask, uniform over the sphere: coasts, small islands and Antarctica in their true shares
  const { loadLandMask } = await import("../app/risk/engine/load-engine.server");
  const { sampleLandPoints } = await import("../app/risk/land/landmask");
  const land = sampleLandPoints(loadLandMask()!, 40_000);
  bench("locate(land point by the mask)", 100_000, (i) =>
    e.locate(land[i % land.length]!.lat, land[i % land.length]!.lon),
  );
}
// a point lookup: locate, then every hazard of one slot from the point's own drivers
const point = bench(
  "pointHazards(lat, lon, hist)",
  100_000,
  (i) => e.pointHazards(pts[i % pts.length]![0], pts[i % pts.length]![1], "hist"),
  50,
);
// the same lookup answered by the hexagon alone (locate, then the hexagon's stored scores): the point path's reference
// on this machine at this load
const hexagon = bench("locate + scores(hexagon, hist) (hexagon only)", 100_000, (i) => {
  const r = e.locate(pts[i % pts.length]![0], pts[i % pts.length]![1]);
  return r.status === "ok" ? e.scores(r.hexagon_code, "hist") : r;
});
console.log(
  `point lookup / hexagon lookup: ${(point.cpuUs / hexagon.cpuUs).toFixed(2)} × in CPU time, ${(point.wallUs / hexagon.wallUs).toFixed(2)} × in wall time`,
);
{
  // the point path alone, on land points with their cell known: drivers read, the hexagon's formulas run
  const { latLngToCell } = await import("h3-js");
  const { sampleLandPoints } = await import("../app/risk/land/landmask");
  const { loadLandMask } = await import("../app/risk/engine/load-engine.server");
  const land = sampleLandPoints(loadLandMask()!, 4096).flatMap((p) => {
    const hex = latLngToCell(p.lat, p.lon, 4);
    const row = e.cellRow(hex);
    return row >= 0 ? [{ ...p, hex, row }] : [];
  });
  bench(
    "pointInputsAt (2′ drivers of a point)",
    200_000,
    (i) => e.pointInputsAt(land[i % land.length]!.lat, land[i % land.length]!.lon, land[i % land.length]!.row),
    50,
  );
  bench(
    "pointScores(point, hexagon, rcp85, 2050)",
    100_000,
    (i) =>
      e.pointScores(
        land[i % land.length]!.lat,
        land[i % land.length]!.lon,
        land[i % land.length]!.hex,
        "rcp85",
        "2050",
      ),
    50,
  );
  bench("pointValues (all hazards × 10 slots)", 20_000, (i) =>
    e.pointValues(land[i % land.length]!.lat, land[i % land.length]!.lon, land[i % land.length]!.row),
  );
}
bench("scores(hexagon, explain)", 20_000, (i) =>
  e.scores(hexes[i % hexes.length]!, "rcp26", "2040", { explain: true }),
);
const { loadavg, cpus } = await import("node:os");
console.log(
  `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const final = process.memoryUsage();
console.log(`rss after benchmarks: ${mb(final.rss)}`);
