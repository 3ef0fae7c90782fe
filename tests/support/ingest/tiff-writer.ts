// Single-strip Float32 GeoTIFFs for tests, with the georeferencing variants the ingest must accept or refuse.
import { encodeFloat32Tiff, TIFF_TYPE, type TiffTag } from "~/risk/layers/tiff-writer";

export interface Float32TiffOptions {
  width: number;
  height: number;
  /** Row-major, top row first. */
  values: number[];
  /** [scaleX, scaleY] in degrees. */
  pixelScale?: [number, number];
  /** Model coordinates (lon, lat) of raster point (i, j). */
  tiepoint?: { i: number; j: number; lon: number; lat: number };
  /** GTRasterTypeGeoKey: 1 = PixelIsArea (default), 2 = PixelIsPoint. */
  rasterType?: 1 | 2;
  /** Omit to write no geo-keys; a number sets GeographicTypeGeoKey. */
  epsg?: number;
  /** ProjectedCSTypeGeoKey instead of a geographic CRS. */
  projectedEpsg?: number;
  nodata?: string;
}

export function writeFloat32Tiff(o: Float32TiffOptions): Uint8Array {
  const { SHORT, ASCII, DOUBLE } = TIFF_TYPE;
  const tags: TiffTag[] = [];
  if (o.pixelScale) tags.push({ tag: 33550, type: DOUBLE, values: [o.pixelScale[0], o.pixelScale[1], 0] });
  if (o.tiepoint) {
    const t = o.tiepoint;
    tags.push({ tag: 33922, type: DOUBLE, values: [t.i, t.j, 0, t.lon, t.lat, 0] });
  }
  const keys: [number, number][] = [];
  if (o.projectedEpsg) keys.push([1024, 1], [3072, o.projectedEpsg]);
  else if (o.epsg) keys.push([1024, 2], [2048, o.epsg]);
  if (keys.length) keys.push([1025, o.rasterType ?? 1]);
  keys.sort((a, b) => a[0] - b[0]);
  if (keys.length) {
    tags.push({
      tag: 34735,
      type: SHORT,
      values: [1, 1, 0, keys.length, ...keys.flatMap(([k, v]) => [k, 0, 1, v])],
    });
  }
  if (o.nodata !== undefined) tags.push({ tag: 42113, type: ASCII, values: `${o.nodata}\0` });
  return encodeFloat32Tiff(o.width, o.height, o.values, o.height, tags);
}
