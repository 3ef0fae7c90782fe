/** PDF report for 1,000 locations (real points, real engine): time and peak memory. Run: npx tsx bench/report-pdf.bench.ts [rows] */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadRiskEngine } from "../app/risk/engine/load-engine.server";
import { writePortfolioPdf } from "../tests/support/portfolio-pdf";
import { mb, peakSampler } from "./support/memory";
import { syntheticPortfolio } from "./support/synthetic-portfolio";

const rows = Number(process.argv[2] ?? 1_000);
const engine = loadRiskEngine();
const report = syntheticPortfolio(engine, rows);
for (const _ of (report.locations as () => Iterable<unknown>)()) void _;
const dir = mkdtempSync(path.join(tmpdir(), "bench-pdf-"));
const file = path.join(dir, "report.pdf");
const sampler = peakSampler();
const t0 = performance.now();
await writePortfolioPdf(report, file);
const ms = performance.now() - t0;
const peak = sampler.stop();
console.log(
  `PDF ${rows.toLocaleString("en")} locations: ${(ms / 1000).toFixed(2)} s, file ${mb(statSync(file).size)}, peak RSS ${mb(peak.rss)} (baseline ${mb(peak.baseline)}, +${mb(peak.rss - peak.baseline)}), peak heap ${mb(peak.heap)}`,
);
rmSync(dir, { recursive: true, force: true });
