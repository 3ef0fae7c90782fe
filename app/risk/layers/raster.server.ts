/**
 * Reads single values from GeoTIFF depth layers at their own resolution (the pixel that contains the point:
 * nearest pixel, never an average). geotiff.js reads only the header and the block (tile or strip) that holds the
 * pixel, by range reads from a file or a bucket; decoded blocks stay in a bounded LRU so that a warm lookup is a
 * map access.
 */
import type { GeoTIFF, GeoTIFFImage } from "geotiff";

const PIXEL_IS_POINT = 2;

export class LayerReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LayerReadError";
  }
}

export interface RasterGrid {
  width: number;
  height: number;
  /** Longitude of the west edge of column 0 and latitude of the north edge of row 0. */
  west: number;
  north: number;
  /** Degrees per pixel, both positive. */
  dx: number;
  dy: number;
  nodata: number | null;
  blockWidth: number;
  blockHeight: number;
}

export interface OpenRaster {
  tiff: GeoTIFF;
  image: GeoTIFFImage;
  grid: RasterGrid;
}

/** The grid of band 0, checked to be a north-up EPSG:4326 raster. */
export function gridOf(image: GeoTIFFImage, file: string): RasterGrid {
  const keys = (image.getGeoKeys() ?? {}) as Record<string, number | undefined>;
  if (keys.ProjectedCSTypeGeoKey !== undefined || keys.GTModelTypeGeoKey === 1) {
    throw new LayerReadError(
      `${file}: projected CRS${keys.ProjectedCSTypeGeoKey ? ` EPSG:${keys.ProjectedCSTypeGeoKey}` : ""}; layers must be EPSG:4326 (gdalwarp -t_srs EPSG:4326)`,
    );
  }
  if (keys.GeographicTypeGeoKey !== 4326) {
    throw new LayerReadError(
      `${file}: CRS ${keys.GeographicTypeGeoKey === undefined ? "not stated" : `EPSG:${keys.GeographicTypeGeoKey}`}; layers must be EPSG:4326`,
    );
  }
  const fd = image.fileDirectory;
  const transform = fd.getValue("ModelTransformation") as number[] | undefined;
  if (transform && (transform[1] !== 0 || transform[4] !== 0))
    throw new LayerReadError(`${file}: rotated rasters are not supported`);
  if (!transform && !(fd.hasTag("ModelTiepoint") && fd.hasTag("ModelPixelScale"))) {
    throw new LayerReadError(`${file}: no geo-transform (ModelTiepoint and ModelPixelScale)`);
  }
  const [ox, oy] = image.getOrigin();
  const [rx, ry] = image.getResolution();
  const dx = Math.abs(rx!);
  const dy = Math.abs(ry!);
  const pointGrid = keys.GTRasterTypeGeoKey === PIXEL_IS_POINT;
  const nodata = image.getGDALNoData();
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    west: ox! - (pointGrid ? dx / 2 : 0),
    north: oy! + (pointGrid ? dy / 2 : 0),
    dx,
    dy,
    nodata: nodata === null ? null : nodata,
    blockWidth: image.getTileWidth(),
    blockHeight: image.getTileHeight(),
  };
}

export function extentOf(g: RasterGrid): [number, number, number, number] {
  return [g.west, g.north - g.height * g.dy, g.west + g.width * g.dx, g.north];
}

/** Column and row of the pixel that holds the point, or null outside the raster. */
export function pixelAt(g: RasterGrid, lat: number, lon: number): { col: number; row: number } | null {
  const col = Math.floor((lon - g.west) / g.dx);
  const row = Math.floor((g.north - lat) / g.dy);
  if (col < 0 || row < 0 || col >= g.width || row >= g.height) return null;
  return { col, row };
}

/** Decoded blocks, least recently used dropped first, bounded by bytes. */
class BlockCache {
  private readonly blocks = new Map<string, ArrayLike<number>>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): ArrayLike<number> | undefined {
    const hit = this.blocks.get(key);
    if (hit) {
      this.blocks.delete(key);
      this.blocks.set(key, hit);
    }
    return hit;
  }
  set(key: string, block: ArrayLike<number> & { byteLength: number }): void {
    this.blocks.set(key, block);
    this.bytes += block.byteLength;
    for (const [k, b] of this.blocks) {
      if (this.bytes <= this.maxBytes) break;
      this.blocks.delete(k);
      this.bytes -= (b as unknown as { byteLength: number }).byteLength;
    }
  }
  clear(): void {
    this.blocks.clear();
    this.bytes = 0;
  }
}

/** 64 MB of decoded blocks: a few hundred 30″ strips or 256² tiles. */
export const blockCache = new BlockCache(64 * 1024 * 1024);

/** The value of band 0 at the point: null outside the raster, NaN for nodata. */
export async function sampleAt(r: OpenRaster, cacheKey: string, lat: number, lon: number): Promise<number | null> {
  const g = r.grid;
  const px = pixelAt(g, lat, lon);
  if (!px) return null;
  const bx = Math.floor(px.col / g.blockWidth);
  const by = Math.floor(px.row / g.blockHeight);
  const key = `${cacheKey}:${bx}:${by}`;
  let block = blockCache.get(key);
  const x0 = bx * g.blockWidth;
  const y0 = by * g.blockHeight;
  const x1 = Math.min(g.width, x0 + g.blockWidth);
  if (!block) {
    const y1 = Math.min(g.height, y0 + g.blockHeight);
    const rasters = await r.image.readRasters({ window: [x0, y0, x1, y1], samples: [0] });
    const data = (rasters as unknown as (ArrayLike<number> & { byteLength: number })[])[0]!;
    blockCache.set(key, data);
    block = data;
  }
  const v = Number(block[(px.row - y0) * (x1 - x0) + (px.col - x0)]);
  if (!Number.isFinite(v)) return Number.NaN;
  if (g.nodata !== null && (v === g.nodata || v === Math.fround(g.nodata))) return Number.NaN;
  return v;
}
