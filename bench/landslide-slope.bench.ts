/**
 * The scale between a point's steepest slope within one 2′ pixel and its own pixel's slope, as LS_STEEP_SLOPE_SCALE
 * states it: matching quantiles (50-99 %) of the two over a 0.5° lattice of land points above 50 m, and their median
 * ratio beside the constant. Run: npx tsx bench/landslide-slope.bench.ts
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { LS_STEEP_SLOPE_SCALE } from "../app/risk/formulas";
import { PointDrivers } from "../app/risk/point/point-drivers";

const drivers = new PointDrivers(gunzipSync(readFileSync("data/point-drivers.bin.gz")));
const own: number[] = [],
  steep: number[] = [];
for (let lat = -56; lat < 70; lat += 0.5)
  for (let lon = -180; lon < 180; lon += 0.5) {
    // off the pixel centres' lattice, so each point reads its four surrounding pixels as a lookup does
    const s = drivers.sample(lat + 0.01, lon + 0.01, false);
    if (!s || s.elevM <= 50) continue;
    own.push(s.slopeDeg);
    steep.push(s.steepSlopeDeg);
  }
own.sort((a, b) => a - b);
steep.sort((a, b) => a - b);
const ratios: number[] = [];
console.log(`${own.length} land points above 50 m`);
console.log("quantile  own slope °  steepest °  ratio");
for (const q of [0.5, 0.75, 0.9, 0.95, 0.99]) {
  const a = own[Math.floor(q * own.length)]!,
    b = steep[Math.floor(q * steep.length)]!;
  ratios.push(b / a);
  console.log(
    `${q.toFixed(2).padStart(8)}  ${a.toFixed(2).padStart(11)}  ${b.toFixed(2).padStart(10)}  ${(b / a).toFixed(2)}`,
  );
}
const median = [...ratios].sort((a, b) => a - b)[ratios.length >> 1]!;
console.log(`median ratio ${median.toFixed(2)} (LS_STEEP_SLOPE_SCALE ${LS_STEEP_SLOPE_SCALE})`);
