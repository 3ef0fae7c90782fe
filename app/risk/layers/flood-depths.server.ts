/**
 * Flood depth at a point from the layer store: for each flood kind (river, coastal), the depth in metres at every
 * return period stored for the scenario and period asked, read from the pixel that holds the point. A kind is
 * "not covered" when no stored layer of it contains the point; then nothing is derived from the screening index.
 */
import type { GeoTIFF } from "geotiff";
import type { FloodKind } from "~/domain/flood-loss/aqueduct-names";
import type { LayerEntry, LayerManifest } from "./manifest";
import { gridOf, LayerReadError, sampleAt, type OpenRaster } from "./raster.server";
import type { LayerStore } from "./store.server";

export interface DepthAtReturnPeriod {
  returnPeriod: number;
  /** Metres; null where the pixel holds no data. */
  depthM: number | null;
  file: string;
}

export interface FloodDepthCurve {
  kind: FloodKind;
  scenario: string;
  period: string;
  variant: string;
  depths: DepthAtReturnPeriod[];
  /** Degrees per pixel of the layers read. */
  resolution: [number, number];
  method: "nearest pixel (the pixel containing the point)";
  sources: { name: string; url: string; licence: string; attribution: string }[];
}

export interface FloodDepths {
  river: FloodDepthCurve | null;
  coastal: FloodDepthCurve | null;
}

/** Preferred variants when several are stored: the published historical run, then the 95th-percentile sea level with subsidence. */
const VARIANT_ORDER = ["WATCH", "wtsub_0", "nosub_0"];

function variantRank(v: string): number {
  const i = VARIANT_ORDER.indexOf(v);
  return i === -1 ? VARIANT_ORDER.length : i;
}

function covers(e: LayerEntry, lat: number, lon: number): boolean {
  const [w, s, east, n] = e.bbox;
  return lon >= w && lon < east && lat > s && lat <= n;
}

/** Reads depth layers from one store; re-reads the manifest when it changes (checked at most every `recheckMs`). */
export class FloodDepthReader {
  private manifest: LayerManifest | null = null;
  private stamp: string | null = null;
  private checkedAt = 0;
  private readonly open = new Map<string, Promise<OpenRaster>>();

  constructor(
    private readonly store: LayerStore,
    private readonly recheckMs = 2000,
  ) {}

  async layers(): Promise<LayerEntry[]> {
    const now = Date.now();
    if (!this.manifest || now - this.checkedAt > this.recheckMs) {
      this.checkedAt = now;
      const stamp = await this.store.manifestStamp();
      if (!this.manifest || stamp !== this.stamp) {
        this.manifest = await this.store.readManifest();
        this.stamp = stamp;
        await this.closeAll();
      }
    }
    return this.manifest.layers;
  }

  private raster(e: LayerEntry): Promise<OpenRaster> {
    const key = `${e.file}:${e.sha256}`;
    let r = this.open.get(key);
    if (!r) {
      r = this.store.openTiff(e.file).then(async (tiff: GeoTIFF) => {
        const image = await tiff.getImage(0);
        return { tiff, image, grid: gridOf(image, e.file) };
      });
      r.catch(() => this.open.delete(key));
      this.open.set(key, r);
    }
    return r;
  }

  async depthsAt(lat: number, lon: number, scenario: string, period: string): Promise<FloodDepths> {
    const layers = (await this.layers()).filter(
      (e) => e.scenario === scenario && e.period === period && covers(e, lat, lon),
    );
    const out: FloodDepths = { river: null, coastal: null };
    for (const kind of ["river", "coastal"] as const) {
      const ofKind = layers.filter((e) => e.kind === kind);
      if (ofKind.length === 0) continue;
      const variant = [...new Set(ofKind.map((e) => e.variant))].sort(
        (a, b) => variantRank(a) - variantRank(b) || a.localeCompare(b),
      )[0]!;
      const chosen = ofKind.filter((e) => e.variant === variant).sort((a, b) => a.returnPeriod - b.returnPeriod);
      const depths = await Promise.all(
        chosen.map(async (e) => {
          const v = await sampleAt(await this.raster(e), `${e.file}:${e.sha256}`, lat, lon);
          if (v === null)
            throw new LayerReadError(
              `${e.file}: point ${lat}, ${lon} is inside the manifest extent but outside the raster`,
            );
          return { returnPeriod: e.returnPeriod, depthM: Number.isNaN(v) ? null : Math.max(0, v), file: e.file };
        }),
      );
      const sources = new Map(
        chosen.map((e) => [
          e.source.name,
          { name: e.source.name, url: e.source.url, licence: e.licence, attribution: e.attribution },
        ]),
      );
      out[kind] = {
        kind,
        scenario,
        period,
        variant,
        depths,
        resolution: chosen[0]!.resolution,
        method: "nearest pixel (the pixel containing the point)",
        sources: [...sources.values()],
      };
    }
    return out;
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    for (const r of all) {
      try {
        (await r).tiff.close();
      } catch {
        // a layer that failed to open has nothing to close
      }
    }
  }
}
