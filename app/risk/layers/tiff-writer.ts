/**
 * Writes a north-up EPSG:4326 Float32 GeoTIFF in strips of a few rows (uncompressed, little-endian), the form the
 * store keeps a clipped or converted layer in: a point read decodes one strip, not the whole image.
 */

export interface DepthRaster {
  width: number;
  height: number;
  /** Row-major, north row first. */
  values: Float32Array;
  /** West edge of column 0 and north edge of row 0 (PixelIsArea), degrees. */
  west: number;
  north: number;
  dx: number;
  dy: number;
  nodata?: number;
}

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const SIZE: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [ASCII]: 1, [DOUBLE]: 8 };

export function writeDepthTiff(r: DepthRaster, rowsPerStrip = 8): Uint8Array {
  if (r.values.length !== r.width * r.height)
    throw new Error(`raster has ${r.values.length} values, expected ${r.width * r.height}`);
  const strips = Math.ceil(r.height / rowsPerStrip);
  const stripBytes = Array.from(
    { length: strips },
    (_, s) => Math.min(rowsPerStrip, r.height - s * rowsPerStrip) * r.width * 4,
  );
  const entries: { tag: number; type: number; values: number[] | string }[] = [
    { tag: 256, type: LONG, values: [r.width] },
    { tag: 257, type: LONG, values: [r.height] },
    { tag: 258, type: SHORT, values: [32] },
    { tag: 259, type: SHORT, values: [1] },
    { tag: 262, type: SHORT, values: [1] },
    { tag: 273, type: LONG, values: new Array<number>(strips).fill(0) },
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [rowsPerStrip] },
    { tag: 279, type: LONG, values: stripBytes },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: [3] },
    { tag: 33550, type: DOUBLE, values: [r.dx, r.dy, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, r.west, r.north, 0] },
    // GeoKeyDirectory: geographic model, PixelIsArea, EPSG:4326.
    { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326] },
  ];
  if (r.nodata !== undefined) entries.push({ tag: 42113, type: ASCII, values: `${r.nodata}\0` });
  entries.sort((a, b) => a.tag - b.tag);

  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = ifdOffset + ifdSize;
  const extraAt = entries.map((e) => {
    const n = SIZE[e.type]! * e.values.length;
    if (n <= 4) return -1;
    const at = extra;
    extra += n + (n & 1);
    return at;
  });
  const dataOffset = (extra + 3) & ~3;
  const offsets = entries.find((e) => e.tag === 273)!;
  let at = dataOffset;
  offsets.values = stripBytes.map((n) => {
    const o = at;
    at += n;
    return o;
  });
  const buf = new ArrayBuffer(at);
  const dv = new DataView(buf);
  dv.setUint16(0, 0x4949, true);
  dv.setUint16(2, 42, true);
  dv.setUint32(4, ifdOffset, true);
  dv.setUint16(ifdOffset, entries.length, true);
  entries.forEach((e, k) => {
    const p = ifdOffset + 2 + k * 12;
    dv.setUint16(p, e.tag, true);
    dv.setUint16(p + 2, e.type, true);
    dv.setUint32(p + 4, e.values.length, true);
    const to = extraAt[k]! >= 0 ? extraAt[k]! : p + 8;
    if (extraAt[k]! >= 0) dv.setUint32(p + 8, to, true);
    for (let i = 0; i < e.values.length; i++) {
      const v = e.values[i]!;
      if (e.type === ASCII) dv.setUint8(to + i, (v as string).charCodeAt(0));
      else if (e.type === SHORT) dv.setUint16(to + 2 * i, v as number, true);
      else if (e.type === LONG) dv.setUint32(to + 4 * i, v as number, true);
      else dv.setFloat64(to + 8 * i, v as number, true);
    }
  });
  dv.setUint32(ifdOffset + ifdSize - 4, 0, true);
  new Float32Array(buf, dataOffset, r.values.length).set(r.values);
  return new Uint8Array(buf);
}
