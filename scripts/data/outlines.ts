/**
 * Writes data/outlines.bin.gz and data/border-tiles.bin.gz alone (the data build writes them too) and their entries
 * in data/manifest.json, from the same Natural Earth package as geo.json.gz. Refuses when the countries or regions
 * would not line up with geo.json.gz.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { GeoFile } from "../../app/risk/dataset";
import { loadCountries, loadRegions } from "./geography/geography";
import { BORDER_TILES_FILE, borderTilesFile, borderTilesManifest, buildBorderTiles, readFineCountries } from "./geography/border-tiles-file";
import { OUTLINES_FILE, outlinesFile, outlinesManifest } from "./geography/outlines-file";
import { MissingInputError, ROOT, ensureOutlineInputs, sha256File } from "./inputs";

const DATA = path.join(ROOT, "data");

function main(): void {
  const inputs = ensureOutlineInputs();
  const input = inputs.naturalEarth;
  const countries = loadCountries(input.dir);
  const regions = loadRegions(input.dir, new Set(countries.map((c) => c.code)));
  const geo = JSON.parse(gunzipSync(readFileSync(path.join(DATA, "geo.json.gz"))).toString("utf8")) as GeoFile;
  const same = (a: readonly { code: string }[], b: readonly { code: string }[]) => a.length === b.length && a.every((x, i) => x.code === b[i]!.code);
  if (!same(countries, geo.countries) || !same(regions, geo.regions))
    throw new Error("the outlines package does not give geo.json.gz's countries and regions in its order: run npm run data:build");
  const file = path.join(DATA, OUTLINES_FILE);
  const buf = outlinesFile(countries, regions);
  writeFileSync(file, buf);
  const { fine, unmatched } = readFineCountries(inputs.osm.dir, countries);
  const tiles = buildBorderTiles(fine);
  const tilesFile = path.join(DATA, BORDER_TILES_FILE);
  const tilesBuf = borderTilesFile(tiles);
  writeFileSync(tilesFile, tilesBuf);
  const manifestFile = path.join(DATA, "manifest.json");
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>) : {};
  const outputs = {
    ...(manifest.outputs as Record<string, unknown> | undefined),
    [OUTLINES_FILE]: { bytes: buf.length, sha256: sha256File(file) },
    [BORDER_TILES_FILE]: { bytes: tilesBuf.length, sha256: sha256File(tilesFile) },
  };
  const records = ((manifest.inputs as { id: string }[] | undefined) ?? []).filter((r) => r.id !== inputs.osm.record.id);
  const at = records.findIndex((r) => r.id === input.record.id);
  records.splice(at + 1, 0, inputs.osm.record);
  writeFileSync(
    manifestFile,
    `${JSON.stringify({ ...manifest, inputs: records, outlines: outlinesManifest(input.record, countries, regions), border_tiles: borderTilesManifest(inputs.osm.record, tiles, unmatched), outputs }, null, 2)}\n`,
  );
  process.stderr.write(`[data:outlines] ${countries.length} countries, ${regions.length} regions → ${file} (${buf.length} bytes); ${tiles.length} border tiles → ${tilesFile} (${tilesBuf.length} bytes)\n`);
}

try {
  main();
} catch (e) {
  process.stderr.write(`${e instanceof MissingInputError ? e.message : e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(e instanceof MissingInputError ? 3 : 1);
}
