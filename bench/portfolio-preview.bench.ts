/**
 * Upload preview of 100k rows against the floor on the same machine: csv-parse plus latLngToCell alone.
 * Target: preview ≤ 2× the floor. Prints both times, the ratio and the peak RSS above the start.
 * Run: npx tsx bench/portfolio-preview.bench.ts   (ROWS=… to change the size)
 */
import { parse } from "csv-parse";
import { latLngToCell } from "h3-js";
import { Readable } from "node:stream";
import { createTestDatabase } from "../db/testing";
import { setDbForTesting } from "../app/services/db.server";
import { getRiskEngine } from "../app/risk/engine.server";
import { ingestUpload } from "../app/services/portfolio/uploads.server";
import { largeCsvLines } from "../tests/support/portfolio-files";

const ROWS = Number(process.env.ROWS ?? 100_000);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

function chunks(buf: Buffer, size = 64 * 1024): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}
async function* iterate(parts: Uint8Array[]) {
  for (const p of parts) yield p;
}

async function floor(parts: Uint8Array[]): Promise<number> {
  const t0 = performance.now();
  const parser = Readable.from(iterate(parts)).pipe(parse({ delimiter: ",", from_line: 2 }));
  let n = 0;
  for await (const rec of parser as AsyncIterable<string[]>) {
    latLngToCell(Number(rec[2]), Number(rec[3]), 4);
    n++;
  }
  if (n !== ROWS) throw new Error(`floor read ${n} rows`);
  return performance.now() - t0;
}

function peakSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

const buf = Buffer.from([...largeCsvLines(ROWS)].join(""));
const parts = chunks(buf);
getRiskEngine();
const test = await createTestDatabase();
setDbForTesting(test.db);
// warm both paths once on a small slice
await ingestUpload({ fileName: "warm.csv", data: iterate(chunks(Buffer.from([...largeCsvLines(2000)].join("")))), owner: { userId: null, plan: "PREMIUM" } });

const floors: number[] = [];
for (let i = 0; i < 3; i++) floors.push(await floor(parts));
const floorMs = Math.min(...floors);

global.gc?.();
const start = process.memoryUsage().rss;
const stop = peakSampler();
const t0 = performance.now();
const r = await ingestUpload({ fileName: "bench.csv", data: iterate(parts), owner: { userId: null, plan: "PREMIUM" } });
const previewMs = performance.now() - t0;
const peak = stop();
if (r.valid_locations !== ROWS) throw new Error(`preview found ${r.valid_locations} valid rows of ${ROWS}`);

console.log(`portfolio preview, ${ROWS.toLocaleString("en")} rows (${mb(buf.length)} CSV)`);
console.log(`  floor (csv-parse + latLngToCell): ${floorMs.toFixed(0)} ms`);
console.log(`  preview (parse, checks, engine, stats, stored chunks): ${previewMs.toFixed(0)} ms`);
console.log(`  ratio: ${(previewMs / floorMs).toFixed(2)}× the floor (target ≤ 2×)`);
console.log(`  peak RSS above start: ${mb(peak - start)} (start ${mb(start)})`);
await test.close();
