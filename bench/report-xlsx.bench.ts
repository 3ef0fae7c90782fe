/** XLSX report for 100k locations (real points, real engine): time and peak memory. Run: npx tsx bench/report-xlsx.bench.ts [rows] */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadRiskEngine } from "../app/risk/engine/load-engine.server";
import { writePortfolioXlsx } from "../app/services/reports/xlsx/xlsx.server";
import { syntheticPortfolio } from "./support/synthetic-portfolio";
import { mb, peakSampler } from "./support/memory";

const rows = Number(process.argv[2] ?? 100_000);
const engine = loadRiskEngine();
const report = syntheticPortfolio(engine, rows);
// warm the engine's outline index and score cache outside the timing
for (const _ of (report.locations as () => Iterable<unknown>)()) void _;
const dir = mkdtempSync(path.join(tmpdir(), "bench-xlsx-"));
const file = path.join(dir, "report.xlsx");
const sampler = peakSampler();
const t0 = performance.now();
await writePortfolioXlsx(report, file);
const ms = performance.now() - t0;
const peak = sampler.stop();
console.log(
  `XLSX ${rows.toLocaleString("en")} locations: ${(ms / 1000).toFixed(1)} s, ${Math.round(rows / (ms / 1000))} rows/s, file ${mb(statSync(file).size)}, peak RSS ${mb(peak.rss)} (baseline ${mb(peak.baseline)}, +${mb(peak.rss - peak.baseline)}), peak heap ${mb(peak.heap)}`,
);
rmSync(dir, { recursive: true, force: true });
