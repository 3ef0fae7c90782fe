/**
 * Synthetic flood-depth layers for the report benches: per site of the synthetic portfolio, a 3° × 3° clip at the
 * published 30″ resolution (as `layers:fetch --bbox` stores it, strips of 8 rows), river and coast × 9 return
 * periods, so every row of the portfolio is read from a layer as with real Aqueduct layers.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AQUEDUCT_RETURN_PERIODS, coastalFileName, riverFileName } from "../../app/domain/flood-loss/aqueduct-names";
import { EMPTY_MANIFEST, mergeEntries, type LayerEntry } from "../../app/risk/layers/manifest";
import { diskLayerStore } from "../../app/risk/layers/store.server";
import { writeDepthTiff } from "../../app/risk/layers/tiff-writer";
import { sha256Of } from "../../app/risk/layers/verify.server";

const STEP = 1 / 120;
/** 3° × 3° around each site: the distinct assets below lie within 0.3° of it. */
const SIZE = 360;

export async function syntheticSiteLayers(sites: readonly { lat: number; lon: number }[]): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flood-report-bench-"));
  const entries: LayerEntry[] = [];
  for (const [k, site] of sites.entries()) {
    const west = Math.floor(site.lon) - 1;
    const north = Math.floor(site.lat) + 2;
    for (const kind of ["river", "coastal"] as const) {
      for (const rp of AQUEDUCT_RETURN_PERIODS) {
        const values = new Float32Array(SIZE * SIZE);
        for (let i = 0; i < values.length; i++) values[i] = ((i % 89) / 60) * Math.log10(rp);
        const published =
          kind === "river"
            ? riverFileName("historical", "historical", rp)
            : coastalFileName("historical", "historical", rp);
        const file = `site${k}-${published}`;
        const full = path.join(dir, file);
        writeFileSync(full, writeDepthTiff({ width: SIZE, height: SIZE, values, west, north, dx: STEP, dy: STEP }));
        entries.push({
          file,
          kind,
          scenario: "historical",
          period: "historical",
          returnPeriod: rp,
          variant: kind === "river" ? "WATCH" : "wtsub_0",
          units: "m",
          crs: "EPSG:4326",
          bbox: [west, north - 3, west + 3, north],
          width: SIZE,
          height: SIZE,
          resolution: [STEP, STEP],
          bytes: SIZE * SIZE * 4,
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
