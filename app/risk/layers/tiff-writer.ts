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

/** TIFF field types the writer uses. */
export const TIFF_TYPE = { ASCII: 2, SHORT: 3, LONG: 4, DOUBLE: 12 } as const;
type TiffType = (typeof TIFF_TYPE)[keyof typeof TIFF_TYPE];
const SIZE: Record<TiffType, number> = { 2: 1, 3: 2, 4: 4, 12: 8 };

/** One IFD entry: its tag, field type and values (an ASCII value as a string ending in NUL). */
export interface TiffTag {
  tag: number;
  type: TiffType;
  values: number[] | string;
}

export function writeDepthTiff(r: DepthRaster, rowsPerStrip = 8): Uint8Array {
  const geo: TiffTag[] = [
    { tag: 33550, type: TIFF_TYPE.DOUBLE, values: [r.dx, r.dy, 0] },
    { tag: 33922, type: TIFF_TYPE.DOUBLE, values: [0, 0, 0, r.west, r.north, 0] },
    // GeoKeyDirectory: geographic model, PixelIsArea, EPSG:4326.
    { tag: 34735, type: TIFF_TYPE.SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326] },
  ];
  if (r.nodata !== undefined) geo.push({ tag: 42113, type: TIFF_TYPE.ASCII, values: `${r.nodata}\0` });
  return encodeFloat32Tiff(r.width, r.height, r.values, rowsPerStrip, geo);
}

/**
 * Lays out a little-endian, uncompressed, one-band Float32 TIFF in strips of `rowsPerStrip` rows: the image-structure
 * tags are its own, `extraTags` add the georeferencing (pixel scale, tie point, geo-keys, nodata).
 */
export function encodeFloat32Tiff(
  width: number,
  height: number,
  values: ArrayLike<number>,
  rowsPerStrip: number,
  extraTags: readonly TiffTag[],
): Uint8Array {
  if (values.length !== width * height)
    throw new Error(`raster has ${values.length} values, expected ${width * height}`);
  const { SHORT, LONG, ASCII } = TIFF_TYPE;
  const strips = Math.ceil(height / rowsPerStrip);
  const stripBytes = Array.from(
    { length: strips },
    (_, s) => Math.min(rowsPerStrip, height - s * rowsPerStrip) * width * 4,
  );
  const entries: TiffTag[] = [
    { tag: 256, type: LONG, values: [width] },
    { tag: 257, type: LONG, values: [height] },
    { tag: 258, type: SHORT, values: [32] },
    { tag: 259, type: SHORT, values: [1] },
    { tag: 262, type: SHORT, values: [1] },
    { tag: 273, type: LONG, values: new Array<number>(strips).fill(0) },
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [rowsPerStrip] },
    { tag: 279, type: LONG, values: stripBytes },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: [3] },
    ...extraTags.map((t) => ({ ...t })),
  ];
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
  new Float32Array(buf, dataOffset, values.length).set(values);
  return new Uint8Array(buf);
}
