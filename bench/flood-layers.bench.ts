/**
 * Flood-depth layers: warm point lookup of 10 return periods × 2 hazards (river, coastal) from the layer store,
 * and the store size per region. Run: npx tsx bench/flood-layers.bench.ts
 * Layers here are synthetic Float32 GeoTIFFs at the published 30″ resolution over a 10° × 10° box, stored the way
 * `layers:fetch --bbox` stores a clip (strips of 8 rows); a lookup reads one strip per layer, then the block cache.
 */
import { rmSync } from "node:fs";
import { assetFloodLoss } from "../app/domain/flood-loss/asset-loss";
import { FloodDepthReader } from "../app/risk/layers/flood-depths.server";
import { diskLayerStore } from "../app/risk/layers/store.server";
import { writeLayerStore } from "./support/flood-layers";

const RPS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];
const W = 5;
const N = 55;
const SIZE = 1200; // 10° at 30″

const dir = await writeLayerStore([{ west: W, north: N, size: SIZE, depth: (_kind, _rp, i) => (i % 97) / 40 }], RPS);
const store = diskLayerStore(dir);
const reader = new FloodDepthReader(store, 60_000);

// Sites spread over the box: 20 (their strips stay in the block cache: the warm case) and 2,000 (most lookups
// read strips again: 2,000 sites × 20 layers of 38 kB strips exceed the 64 MB cache).
const SITES = Number(process.argv[2] ?? 20);
const pts = Array.from({ length: SITES }, (_, i) => ({
  lat: N - 0.05 - ((i * 37) % 99) / 10,
  lon: W + 0.05 + ((i * 53) % 99) / 10,
}));

const c0 = performance.now();
for (const p of pts) await reader.depthsAt(p.lat, p.lon, "historical", "historical");
const coldMs = (performance.now() - c0) / pts.length;

const n = 2000;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < n; i++) {
  const p = pts[i % pts.length]!;
  const d = await reader.depthsAt(p.lat, p.lon, "historical", "historical");
  assetFloodLoss(d.river!.depths, { occupancy: "residential", continent: "europe", protectionYears: 2, valueEur: 1e6 });
}
const warmMs = (performance.now() - t0) / n;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000 / n;
console.log(`first lookup per site (opens files, reads strips): ${coldMs.toFixed(2)} ms`);
console.log(
  `lookup over ${SITES} sites, 10 return periods × 2 hazards + EAD: ${warmMs.toFixed(3)} ms wall, ${cpuMs.toFixed(3)} ms CPU (target for warm ≤ 5 ms: ${warmMs <= 5 ? "met" : "MISSED"})`,
);

// Store size for Europe (W 25 … E 45, S 34 … N 72) at 30″ Float32, as layers:fetch --bbox stores it.
const europe = 70 * 120 * (38 * 120) * 4;
console.log(
  `store size, Europe box -25,34,45,72 at 30″: ${(europe / 1e6).toFixed(0)} MB per layer; historical river + coast, 9 return periods each: ${((europe * 18) / 1e9).toFixed(2)} GB; each further scenario × year adds the same`,
);
await reader.closeAll();
rmSync(dir, { recursive: true, force: true });
