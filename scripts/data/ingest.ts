/**
 * npm run data:ingest -- FILE --hazard FD [--scenario rcp85 --period 2050] [--variable NAME] [--scale MIN,MAX]
 *                        [--time N|mean] [--band N] [--data DIR] [--out DIR] [--dry-run]
 * Replaces a hazard layer with your own data (CSV long format, GeoTIFF, NetCDF3, NetCDF4/HDF5), aggregated to H3
 * resolution-4 cells; rebuilds the aggregate and the rollups and writes a new dataset version.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { decodeDataset, encodeDataset, type GeoFile } from "../../app/risk/dataset";
import { applyLayers } from "./ingest/apply";
import { readHazardFile } from "./ingest/detect";
import { IngestError, type GridReadOptions } from "./ingest/types";
import { sha256File } from "./inputs";

const USAGE = "usage: npm run data:ingest -- FILE --hazard ID [--scenario S --period P] [--variable V] [--scale MIN,MAX] [--time N|mean] [--band N] [--data DIR] [--out DIR] [--dry-run]";

function fail(message: string): never {
  process.stderr.write(`data:ingest: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseScale(raw: string | undefined): GridReadOptions["scale"] {
  if (raw === undefined) return undefined;
  const [min, max] = raw.split(",").map(Number);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min === max) fail(`--scale must be MIN,MAX with MIN ≠ MAX, got '${raw}'`);
  return { min: min!, max: max! };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      hazard: { type: "string" },
      scenario: { type: "string" },
      period: { type: "string" },
      variable: { type: "string" },
      scale: { type: "string" },
      time: { type: "string" },
      band: { type: "string" },
      data: { type: "string" },
      out: { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
  });
  const file = positionals[0];
  if (!file) fail("no input file given");
  if (!existsSync(file)) fail(`input file not found: ${file}`);
  const dataDir = path.resolve(values.data ?? "data");
  const outDir = path.resolve(values.out ?? dataDir);
  const cellsFile = path.join(dataDir, "risk-cells.bin.gz");
  if (!existsSync(cellsFile)) fail(`no dataset in ${dataDir} (run npm run data:build first)`);
  const time = values.time === undefined ? undefined : values.time === "mean" ? "mean" : Number(values.time);
  if (typeof time === "number" && !Number.isInteger(time)) fail(`--time must be an integer index or 'mean'`);

  const layers = await readHazardFile(file, {
    hazard: values.hazard,
    scenario: values.scenario,
    period: values.period,
    variable: values.variable,
    scale: parseScale(values.scale),
    time,
    band: values.band === undefined ? undefined : Number(values.band),
  } as GridReadOptions);
  if (!layers.length) fail("the file holds no usable values");

  const { header, arrays } = decodeDataset(gunzipSync(readFileSync(cellsFile)));
  const geo = JSON.parse(gunzipSync(readFileSync(path.join(dataDir, "geo.json.gz"))).toString("utf8")) as GeoFile;
  const result = applyLayers(header, arrays, geo, layers);

  for (const layer of layers) {
    const s = layer.source;
    process.stdout.write(`${layer.hazard}: ${s.format} ${path.basename(s.file)} — ${s.rowsRead} rows/pixels read, ${s.rowsSkipped} skipped\n`);
    for (const w of s.warnings.slice(0, 20)) process.stdout.write(`  warning: ${w}\n`);
  }
  for (const r of result.reports) {
    process.stdout.write(
      `${r.hazard}: ${r.cellsUpdated} cell values replaced in ${r.slots.join(", ")}; ${r.cellsOutsideDataset} cells outside the land grid ignored; ${r.cellsNowApplicable} formerly not applicable\n`,
    );
  }
  if (values["dry-run"]) {
    process.stdout.write("dry run: nothing written\n");
    return;
  }

  mkdirSync(outDir, { recursive: true });
  const outCells = path.join(outDir, "risk-cells.bin.gz");
  writeFileSync(outCells, gzipSync(encodeDataset(result.header, result.arrays), { level: 9 }));
  if (outDir !== dataDir) copyFileSync(path.join(dataDir, "geo.json.gz"), path.join(outDir, "geo.json.gz"));
  const manifestPath = path.join(dataDir, "manifest.json");
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>) : {};
  const ingests = Array.isArray(manifest.ingests) ? manifest.ingests : [];
  ingests.push({
    version: result.header.version,
    file: path.basename(file),
    sha256: sha256File(file),
    format: layers[0]!.source.format,
    layers: result.reports,
  });
  const outputs = (manifest.outputs ?? {}) as Record<string, unknown>;
  outputs["risk-cells.bin.gz"] = { bytes: readFileSync(outCells).length, sha256: sha256File(outCells) };
  writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify({ ...manifest, ingests, outputs }, null, 2)}\n`);
  process.stdout.write(`dataset version ${result.header.version} written to ${outDir}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof IngestError) {
    process.stderr.write(`data:ingest: ${error.message}\n${error.issues.map((i) => `  - ${i}`).join("\n")}\n`);
    process.exit(2);
  }
  throw error;
});
