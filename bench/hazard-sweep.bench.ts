/**
 * Land-wide sweep of the point scores: a seeded sample of random land points (uniform on the sphere, 60° S to 75° N,
 * points the shoreline mask puts at sea skipped), each scored in the historical slot with a neighbour 2 km away in a
 * random direction. Prints, per hazard, the share of points in each score band (0 not applicable, 1-5) and the share
 * of neighbour pairs whose scores differ by 2 or more bands and by 3 or more (target ≤ 0.1 %), and river flood High or above (target
 * ≤ 15 %), then river flood's bands per continent (bench/support/continents.json, Natural Earth's continents; a
 * country on two, Russia west of 60° E in Europe, the others in Asia). Run: npx tsx bench/hazard-sweep.bench.ts
 * [N=20000] [SEED=20261129]
 */
import { loadRiskEngine } from "../app/risk/engine/load-engine.server";
import { seededRandom } from "../app/utils/seeded-random";
import continentsFile from "./support/continents.json";

const n = Number(process.argv[2] ?? 20000);
const rnd = seededRandom(Number(process.argv[3] ?? 20261129));
const engine = loadRiskEngine(undefined, { points: true });
const R_KM = 6371.0088,
  STEP_KM = 2;

const CONTINENTS = continentsFile.continents as Record<string, { name: string; countries: string[] }>;
const continentsOf = new Map<string, string[]>();
for (const [code, c] of Object.entries(CONTINENTS))
  for (const country of c.countries) continentsOf.set(country, [...(continentsOf.get(country) ?? []), code]);
/** The continent a point lies on, by its country; a country on two: Russia west of 60° E is Europe's, the rest Asia's. */
function continentOf(country: string, lon: number): string {
  const on = continentsOf.get(country) ?? ["??"];
  if (on.length === 1) return on[0]!;
  return country === "RU" && lon < 60 ? "EU" : on.includes("AS") ? "AS" : on[0]!;
}

type Scores = Map<string, number>;
const continentBands = new Map<string, number[]>();
function scores(lat: number, lon: number, tally = false): Scores | null {
  const r = engine.pointHazards(lat, lon, "hist", "hist");
  if (r.status !== "ok" || r.snapped_to_land) return null;
  if (tally) {
    const k = continentOf(r.country_code, lon);
    const b = continentBands.get(k) ?? [0, 0, 0, 0, 0, 0];
    const fd = r.hazards.find((h) => h.hazard_id === "FD")!;
    b[fd.applicable === false || fd.score == null ? 0 : Number(fd.score)]!++;
    continentBands.set(k, b);
  }
  const m: Scores = new Map();
  for (const h of r.hazards) m.set(h.hazard_id, h.applicable === false || h.score == null ? 0 : Number(h.score));
  return m;
}

const bands = new Map<string, number[]>();
const jumps = new Map<string, { pairs: number; big: number; two: number }>();
let got = 0;
const t0 = performance.now();
while (got < n) {
  const lat = (Math.asin(2 * rnd() - 1) * 180) / Math.PI,
    lon = rnd() * 360 - 180,
    dir = rnd() * 2 * Math.PI;
  if (lat < -60 || lat > 75) continue;
  const a = scores(lat, lon, true);
  if (!a) continue;
  got++;
  for (const [h, s] of a) {
    const b = bands.get(h) ?? [0, 0, 0, 0, 0, 0];
    b[s]!++;
    bands.set(h, b);
  }
  const dLat = ((STEP_KM / R_KM) * Math.cos(dir) * 180) / Math.PI;
  const dLon = ((STEP_KM / R_KM) * Math.sin(dir) * 180) / Math.PI / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  const b = scores(lat + dLat, ((lon + dLon + 540) % 360) - 180);
  if (!b) continue;
  for (const [h, s] of a) {
    const t = b.get(h);
    if (t === undefined || !s || !t) continue;
    const j = jumps.get(h) ?? { pairs: 0, big: 0, two: 0 };
    j.pairs++;
    if (Math.abs(s - t) >= 3) j.big++;
    if (Math.abs(s - t) >= 2) j.two++;
    jumps.set(h, j);
  }
}
const pct = (x: number, of: number) => ((100 * x) / Math.max(1, of)).toFixed(1).padStart(5);
console.log(
  `hazard sweep: ${got} random land points, seed ${process.argv[3] ?? 20261129}, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
console.log(`hazard   n/a     1     2     3     4     5   ≥ High   ≥ 2 bands   2-km jumps ≥ 3 bands (target ≤ 0.1 %)`);
for (const [h, b] of [...bands].sort()) {
  const j = jumps.get(h) ?? { pairs: 0, big: 0, two: 0 };
  const hi = b[3]! + b[4]! + b[5]!;
  const jr = (100 * j.big) / Math.max(1, j.pairs);
  console.log(
    `${h.padEnd(6)} ${b.map((x) => pct(x, got)).join(" ")}   ${pct(hi, got)}   ${((100 * j.two) / Math.max(1, j.pairs)).toFixed(2).padStart(6)} %   ${jr.toFixed(2).padStart(5)} % of ${j.pairs} pairs ${jr <= 0.1 ? "met" : "MISSED"}${h === "FD" ? `; FD ≥ High ${(100 * hi) / got <= 15 ? "met" : "MISSED"} (target ≤ 15 %)` : ""}`,
  );
}
console.log(`\nriver flood by continent   points     1     2     3     4     5   ≥ High`);
for (const [k, b] of [...continentBands].sort((x, y) => y[1].reduce((p, q) => p + q) - x[1].reduce((p, q) => p + q))) {
  const n = b.reduce((p, q) => p + q);
  console.log(
    `${(CONTINENTS[k]?.name ?? k).padEnd(24)} ${String(n).padStart(7)} ${b
      .slice(1)
      .map((x) => pct(x, n))
      .join(" ")}   ${pct(b[3]! + b[4]! + b[5]!, n)}`,
  );
}
