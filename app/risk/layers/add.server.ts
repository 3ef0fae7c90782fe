/** An operator's own depth layer into the store: staged, verified like a fetched one, recorded with its metadata. */
import { copyFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { LayerFetchError } from "./fetch.server";
import { LayerEntrySchema, mergeEntries, type LayerEntry } from "./manifest";
import type { LayerStore } from "./store.server";
import { verifyGeoTiff } from "./verify.server";

export type OwnLayerMeta = Pick<
  LayerEntry,
  "kind" | "scenario" | "period" | "returnPeriod" | "source" | "licence" | "attribution"
> & {
  variant?: string;
  /** Name in the store; defaults to the input's base name. */
  file?: string;
};

export async function addLayer(
  store: LayerStore,
  input: string,
  meta: OwnLayerMeta,
  stagingDir: string,
): Promise<LayerEntry> {
  const file = meta.file ?? path.basename(input);
  if (!/\.tiff?$/i.test(input))
    throw new LayerFetchError(
      `${input}: only GeoTIFF layers can be added (convert NetCDF with gdal_translate -of GTiff)`,
    );
  await mkdir(stagingDir, { recursive: true });
  const staged = path.join(stagingDir, `${file}.part`);
  await copyFile(input, staged);
  try {
    const v = await verifyGeoTiff(staged, file);
    const entry = LayerEntrySchema.parse({
      file: file.replace(/\.tiff$/i, ".tif"),
      kind: meta.kind,
      scenario: meta.scenario,
      period: meta.period,
      returnPeriod: meta.returnPeriod,
      variant: meta.variant ?? "own",
      units: "m",
      crs: "EPSG:4326",
      bbox: v.bbox,
      width: v.grid.width,
      height: v.grid.height,
      resolution: [v.grid.dx, v.grid.dy],
      bytes: v.bytes,
      sha256: v.sha256,
      source: meta.source,
      licence: meta.licence,
      attribution: meta.attribution,
      addedAt: new Date().toISOString(),
    });
    await store.putFile(staged, entry.file);
    await store.writeManifest(mergeEntries(await store.readManifest(), [entry]));
    return entry;
  } finally {
    await rm(staged, { force: true });
  }
}
