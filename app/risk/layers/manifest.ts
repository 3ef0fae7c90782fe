import { z } from "zod";

/**
 * The layer store's manifest: one entry per raster file, each a hazard × scenario × period × return period of
 * inundation depth in metres, with where it came from, under which licence, and the checksum it was verified with.
 */
export const LayerEntrySchema = z.object({
  /** File name in the store (the published name for fetched layers). */
  file: z.string().regex(/^[A-Za-z0-9._-]+\.tif$/),
  kind: z.enum(["river", "coastal"]),
  /** Aqueduct scenario id: historical, rcp4p5, rcp8p5. */
  scenario: z.string().min(1),
  /** 'historical' or a year. */
  period: z.string().min(1),
  returnPeriod: z.number().positive(),
  /** Climate model (river) or subsidence and sea-level percentile (coast); 'own' for an operator's layer. */
  variant: z.string().min(1),
  units: z.literal("m"),
  crs: z.literal("EPSG:4326"),
  /** [west, south, east, north] of the raster, degrees. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Degrees per pixel [x, y]. */
  resolution: z.tuple([z.number(), z.number()]),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  source: z.object({ name: z.string(), url: z.string() }),
  licence: z.string().min(1),
  attribution: z.string().min(1),
  addedAt: z.string(),
  /** For a layer cut from the published file: the box asked for. */
  clippedTo: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  /** For a layer converted from another format (NetCDF): the original file and its checksum. */
  convertedFrom: z.object({ file: z.string(), sha256: z.string() }).optional(),
});
export type LayerEntry = z.infer<typeof LayerEntrySchema>;

export const LayerManifestSchema = z.object({
  version: z.literal(1),
  layers: z.array(LayerEntrySchema),
});
export type LayerManifest = z.infer<typeof LayerManifestSchema>;

export const EMPTY_MANIFEST: LayerManifest = { version: 1, layers: [] };

/** Adds or replaces entries by file name, keeping the rest; sorted by file for stable diffs. */
export function mergeEntries(manifest: LayerManifest, entries: readonly LayerEntry[]): LayerManifest {
  const byFile = new Map(manifest.layers.map((l) => [l.file, l]));
  for (const e of entries) byFile.set(e.file, e);
  return { version: 1, layers: [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file)) };
}
