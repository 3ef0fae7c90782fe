/**
 * A 100 MB report file into the configured file store and back out (disk without DATABASE_URL, large objects with
 * it): time and peak memory, which must stay far below the file's size since both directions stream.
 * Run: npx tsx bench/report-storage.bench.ts [megabytes]
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { closeDb, getDb } from "../app/services/infra/db.server";
import { configuredFileStore } from "../app/services/file-storage/store.server";
import { mb, peakSampler } from "./support/memory";

const megabytes = Number(process.argv[2] ?? 100);
/** Target: the file passes through in chunks, never whole. */
const RSS_GROWTH_TARGET = 64 * 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), "bench-storage-"));
process.env.DATA_DIR = dir;
await getDb();
const store = configuredFileStore();

const file = path.join(dir, "report.xlsx");
const out = createWriteStream(file);
const block = randomBytes(1024 * 1024);
for (let i = 0; i < megabytes; i++) if (!out.write(block)) await once(out, "drain");
out.end();
await once(out, "finish");

const sampler = peakSampler();
const t0 = performance.now();
const locator = await store.save(file, "bench/report.xlsx");
const saved = performance.now() - t0;
let bytes = 0;
for await (const chunk of (await store.open(locator))!) bytes += (chunk as Buffer).length;
const read = performance.now() - t0 - saved;
const peak = sampler.stop();
await store.remove(locator);
const growth = peak.rss - peak.baseline;
console.log(
  `report storage (${store.kind}) ${megabytes} MB: save ${(saved / 1000).toFixed(1)} s, read ${(read / 1000).toFixed(1)} s, ` +
    `peak RSS +${mb(growth)} (target ≤ +${mb(RSS_GROWTH_TARGET)}) ${growth <= RSS_GROWTH_TARGET ? "ok" : "OVER"}, read back ${mb(bytes)}`,
);
await closeDb();
rmSync(dir, { recursive: true, force: true });
