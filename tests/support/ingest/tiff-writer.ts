// Minimal little-endian, uncompressed, single-strip Float32 GeoTIFF writer for tests.

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

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const SIZE: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [ASCII]: 1, [DOUBLE]: 8 };

interface Entry {
  tag: number;
  type: number;
  values: number[] | string;
}

export function writeFloat32Tiff(o: Float32TiffOptions): Uint8Array {
  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [o.width] },
    { tag: 257, type: LONG, values: [o.height] },
    { tag: 258, type: SHORT, values: [32] },
    { tag: 259, type: SHORT, values: [1] },
    { tag: 262, type: SHORT, values: [1] },
    { tag: 273, type: LONG, values: [0] }, // patched below
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [o.height] },
    { tag: 279, type: LONG, values: [o.width * o.height * 4] },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: [3] },
  ];
  if (o.pixelScale) entries.push({ tag: 33550, type: DOUBLE, values: [o.pixelScale[0], o.pixelScale[1], 0] });
  if (o.tiepoint) {
    const t = o.tiepoint;
    entries.push({ tag: 33922, type: DOUBLE, values: [t.i, t.j, 0, t.lon, t.lat, 0] });
  }
  const keys: [number, number][] = [];
  if (o.projectedEpsg) keys.push([1024, 1], [3072, o.projectedEpsg]);
  else if (o.epsg) keys.push([1024, 2], [2048, o.epsg]);
  if (keys.length) keys.push([1025, o.rasterType ?? 1]);
  keys.sort((a, b) => a[0] - b[0]);
  if (keys.length) {
    entries.push({
      tag: 34735,
      type: SHORT,
      values: [1, 1, 0, keys.length, ...keys.flatMap(([k, v]) => [k, 0, 1, v])],
    });
  }
  if (o.nodata !== undefined) entries.push({ tag: 42113, type: ASCII, values: `${o.nodata}\0` });
  entries.sort((a, b) => a.tag - b.tag);

  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = ifdOffset + ifdSize;
  const extraOffsets = entries.map((e) => {
    const bytes = SIZE[e.type] * e.values.length;
    if (bytes <= 4) return -1;
    const at = extra;
    extra += bytes + (bytes & 1);
    return at;
  });
  const dataOffset = extra;
  entries.find((e) => e.tag === 273)!.values = [dataOffset];

  const buf = new ArrayBuffer(dataOffset + o.width * o.height * 4);
  const dv = new DataView(buf);
  dv.setUint8(0, 0x49);
  dv.setUint8(1, 0x49);
  dv.setUint16(2, 42, true);
  dv.setUint32(4, ifdOffset, true);
  dv.setUint16(ifdOffset, entries.length, true);
  entries.forEach((e, k) => {
    const p = ifdOffset + 2 + k * 12;
    dv.setUint16(p, e.tag, true);
    dv.setUint16(p + 2, e.type, true);
    dv.setUint32(p + 4, e.values.length, true);
    const at = extraOffsets[k] >= 0 ? extraOffsets[k] : p + 8;
    if (extraOffsets[k] >= 0) dv.setUint32(p + 8, at, true);
    for (let i = 0; i < e.values.length; i++) {
      const v = e.values[i];
      if (e.type === ASCII) dv.setUint8(at + i, (v as string).charCodeAt(0));
      else if (e.type === SHORT) dv.setUint16(at + 2 * i, v as number, true);
      else if (e.type === LONG) dv.setUint32(at + 4 * i, v as number, true);
      else dv.setFloat64(at + 8 * i, v as number, true);
    }
  });
  dv.setUint32(ifdOffset + ifdSize - 4, 0, true);
  o.values.forEach((v, i) => dv.setFloat32(dataOffset + 4 * i, v, true));
  return new Uint8Array(buf);
}
