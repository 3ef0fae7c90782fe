/**
 * Synthetic flood-depth layer stores for the benches and the screenshots: boxes at the published 30″ resolution,
 * stored as `layers:fetch --bbox` stores a clip (strips of 8 rows), river and coast × the given return periods under
 * the published Aqueduct names, so every lookup reads a layer as with real Aqueduct layers.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AQUEDUCT_RETURN_PERIODS, coastalFileName, riverFileName } from "../../app/domain/flood-loss/aqueduct-names";
import { EMPTY_MANIFEST, mergeEntries, type LayerEntry } from "../../app/risk/layers/manifest";
import { diskLayerStore } from "../../app/risk/layers/store.server";
import { writeDepthTiff } from "../../app/risk/layers/tiff-writer";
import { sha256Of } from "../../app/risk/layers/verify.server";

const STEP = 1 / 120;

/** A box of the store: its north-west corner, its side in pixels, and the depth of each pixel per kind and return period. */
export interface LayerBox {
  west: number;
  north: number;
  size: number;
  /** Prefixed to the published file name when the store holds several boxes. */
  prefix?: string;
  depth: (kind: "river" | "coastal", returnPeriod: number, pixel: number) => number;
}

/** Writes the boxes' layers and the manifest into `dir` (a fresh temporary folder when absent); returns the folder. */
export async function writeLayerStore(
  boxes: readonly LayerBox[],
  returnPeriods: readonly number[] = AQUEDUCT_RETURN_PERIODS,
  dir = mkdtempSync(path.join(os.tmpdir(), "flood-layers-")),
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const entries: LayerEntry[] = [];
  for (const box of boxes) {
    const { west, north, size } = box;
    for (const kind of ["river", "coastal"] as const) {
      for (const rp of returnPeriods) {
        const values = new Float32Array(size * size);
        for (let i = 0; i < values.length; i++) values[i] = box.depth(kind, rp, i);
        const published =
          kind === "river"
            ? riverFileName("historical", "historical", rp)
            : coastalFileName("historical", "historical", rp);
        const file = `${box.prefix ?? ""}${published}`;
        const full = path.join(dir, file);
        writeFileSync(full, writeDepthTiff({ width: size, height: size, values, west, north, dx: STEP, dy: STEP }));
        entries.push({
          file,
          kind,
          scenario: "historical",
          period: "historical",
          returnPeriod: rp,
          variant: kind === "river" ? "WATCH" : "wtsub_0",
          units: "m",
          crs: "EPSG:4326",
          bbox: [west, north - size * STEP, west + size * STEP, north],
          width: size,
          height: size,
          resolution: [STEP, STEP],
          bytes: size * size * 4,
          sha256: await sha256Of(full),
          source: { name: "bench", url: `file:${file}` },
          licence: "CC BY 4.0",
          attribution: "bench",
          addedAt: new Date().toISOString(),
        });
      }
    }
  }
  await diskLayerStore(dir).writeManifest(mergeEntries(EMPTY_MANIFEST, entries));
  return dir;
}

/** Per site of the synthetic portfolio, a 3° × 3° clip: the distinct assets below lie within 0.3° of it. */
export function syntheticSiteLayers(sites: readonly { lat: number; lon: number }[]): Promise<string> {
  return writeLayerStore(
    sites.map((site, k) => ({
      west: Math.floor(site.lon) - 1,
      north: Math.floor(site.lat) + 2,
      size: 360,
      prefix: `site${k}-`,
      depth: (_kind, rp, i) => ((i % 89) / 60) * Math.log10(rp),
    })),
  );
}

/** A portfolio of distinct assets (no row repeats another's place, so each is assessed): within 0.3° of the sites. */
export function* distinctAssetCsvLines(
  rows: number,
  sites: readonly { name: string; lat: number; lon: number }[],
): Generator<string> {
  yield "id,name,lat,lon,value\n";
  const per = Math.ceil(rows / sites.length);
  for (let i = 0; i < rows; i++) {
    const s = sites[i % sites.length]!;
    const k = Math.floor(i / sites.length);
    const dlat = (((k * 7919) % per) / per) * 0.6 - 0.3;
    const dlon = (((k * 104729) % (per + 3)) / (per + 3)) * 0.6 - 0.3;
    yield `A${i},${s.name} ${i},${(s.lat + dlat).toFixed(5)},${(s.lon + dlon).toFixed(5)},${1000 + (i % 97)}\n`;
  }
}
