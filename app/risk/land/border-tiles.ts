/**
 * Which country holds a point near a land border, from outlines finer than Natural Earth 10m (OpenStreetMap's, at
 * 100 m): pure encode/decode and queries, no I/O. Only tiles of TILE_DEG that two or more countries' outlines pass
 * through are kept, each country's outline clipped to the tile, so the file holds the borders and not every coast.
 *
 *   "BTIL0001" | uint32 tile count | per tile: int16 column, int16 row, uint32 byte length (tiles sorted by row, column)
 *   | per tile: varint feature count, per feature: varint country index, varint ring count, varint vertex count of
 *     each ring, then its vertices as zigzag varint deltas of lon and lat in 1e-5° units (the first from 0, 0)
 */
import { PolygonIndex } from "./geo";

export const BORDER_TILES_MAGIC = "BTIL0001";
/** Tile side, degrees. */
export const TILE_DEG = 0.25;
const SCALE = 1e5;

export interface BorderTile {
  col: number;
  row: number;
  /** Country index (geo.json.gz order) and its rings clipped to the tile, flat [lon, lat, …] in degrees. */
  features: { country: number; rings: ArrayLike<number>[] }[];
}

export const tileCol = (lon: number) => Math.floor(lon / TILE_DEG);
export const tileRow = (lat: number) => Math.floor(lat / TILE_DEG);

function varintBytes(out: number[], v: number) {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}
const zigzagBytes = (out: number[], v: number) => varintBytes(out, v >= 0 ? v * 2 : -v * 2 - 1);

export function encodeBorderTiles(tiles: readonly BorderTile[]): Buffer {
  const sorted = [...tiles].sort((a, b) => a.row - b.row || a.col - b.col);
  const bodies = sorted.map((t) => {
    const out: number[] = [];
    varintBytes(out, t.features.length);
    for (const f of t.features) {
      varintBytes(out, f.country);
      varintBytes(out, f.rings.length);
      for (const r of f.rings) varintBytes(out, r.length / 2);
      let px = 0,
        py = 0;
      for (const r of f.rings)
        for (let i = 0; i < r.length; i += 2) {
          const x = Math.round(r[i]! * SCALE),
            y = Math.round(r[i + 1]! * SCALE);
          zigzagBytes(out, x - px);
          zigzagBytes(out, y - py);
          px = x;
          py = y;
        }
    }
    return Buffer.from(out);
  });
  const head = Buffer.alloc(12 + 8 * sorted.length);
  head.write(BORDER_TILES_MAGIC, 0, "ascii");
  head.writeUInt32LE(sorted.length, 8);
  sorted.forEach((t, i) => {
    head.writeInt16LE(t.col, 12 + 8 * i);
    head.writeInt16LE(t.row, 14 + 8 * i);
    head.writeUInt32LE(bodies[i]!.length, 16 + 8 * i);
  });
  return Buffer.concat([head, ...bodies]);
}

interface DecodedTile {
  countries: number[];
  index: PolygonIndex;
}

/** The tiles kept packed; a tile is decoded and indexed when a point first falls in it. */
export class BorderTiles {
  private readonly buf: Uint8Array;
  private readonly offsetByKey = new Map<number, { start: number; end: number }>();
  private readonly decoded = new Map<number, DecodedTile>();

  constructor(buf: Uint8Array) {
    const magic = Buffer.from(buf.buffer, buf.byteOffset, 8).toString("ascii");
    if (magic !== BORDER_TILES_MAGIC) throw new Error(`border tiles: bad magic ${JSON.stringify(magic)}`);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const n = view.getUint32(8, true);
    let o = 12 + 8 * n;
    for (let i = 0; i < n; i++) {
      const len = view.getUint32(16 + 8 * i, true);
      this.offsetByKey.set(key(view.getInt16(12 + 8 * i, true), view.getInt16(14 + 8 * i, true)), {
        start: o,
        end: o + len,
      });
      o += len;
    }
    if (o !== buf.length) throw new Error(`border tiles: ${buf.length} bytes, the header accounts for ${o}`);
    this.buf = buf;
  }

  get byteLength(): number {
    return this.buf.byteLength;
  }

  get tileCount(): number {
    return this.offsetByKey.size;
  }

  /** The countries whose fine outline holds the point, ascending; null where no border tile covers it. */
  countriesAt(lon: number, lat: number): number[] | null {
    const t = this.tile(lon, lat);
    return t ? t.index.query(lon, lat).map((f) => t.countries[f]!) : null;
  }

  /** The country whose fine outline in the point's tile is nearest within maxKm, or -1 (also without a tile). */
  nearestCountry(lon: number, lat: number, maxKm: number): number {
    const t = this.tile(lon, lat);
    if (!t) return -1;
    const n = t.index.nearest(lon, lat, maxKm);
    return n.feature >= 0 ? t.countries[n.feature]! : -1;
  }

  /** Every tile decoded (tests and the build's checks). */
  *tiles(): Generator<BorderTile> {
    for (const [k, at] of this.offsetByKey) yield { ...unkey(k), features: this.read(at.start, at.end) };
  }

  private tile(lon: number, lat: number): DecodedTile | null {
    const k = key(tileCol(lon), tileRow(lat));
    let t = this.decoded.get(k);
    if (t) return t;
    const at = this.offsetByKey.get(k);
    if (!at) return null;
    const features = this.read(at.start, at.end);
    t = {
      countries: features.map((f) => f.country),
      index: new PolygonIndex(
        features.map((f) => f.rings),
        0.01,
      ),
    };
    this.decoded.set(k, t);
    return t;
  }

  private read(start: number, end: number): BorderTile["features"] {
    const buf = this.buf;
    let o = start;
    const varint = () => {
      let v = 0,
        mul = 1,
        b: number;
      do {
        b = buf[o++]!;
        v += (b & 0x7f) * mul;
        mul *= 128;
      } while (b & 0x80);
      return v;
    };
    const zigzag = () => {
      const v = varint();
      return v % 2 ? -(v + 1) / 2 : v / 2;
    };
    const features: BorderTile["features"] = [];
    for (let f = 0, nf = varint(); f < nf; f++) {
      const country = varint();
      const lens: number[] = [];
      for (let r = 0, nr = varint(); r < nr; r++) lens.push(varint());
      let px = 0,
        py = 0;
      const rings = lens.map((n) => {
        const ring = new Float64Array(2 * n);
        for (let i = 0; i < n; i++) {
          px += zigzag();
          py += zigzag();
          ring[2 * i] = px / SCALE;
          ring[2 * i + 1] = py / SCALE;
        }
        return ring;
      });
      features.push({ country, rings });
    }
    if (o !== end) throw new Error("border tiles: a tile's length does not match its contents");
    return features;
  }
}

const key = (col: number, row: number) => (row + 1000) * 4000 + (col + 2000);
const unkey = (k: number) => ({ row: Math.floor(k / 4000) - 1000, col: (k % 4000) - 2000 });

/**
 * Sutherland-Hodgman clip of a closed ring to a rectangle. Containment by the even-odd rule over the clipped rings is
 * the same as over the whole rings for every point inside the rectangle.
 */
export function clipRingToRect(ring: ArrayLike<number>, x0: number, y0: number, x1: number, y1: number): number[] {
  let pts: number[] = Array.from(ring);
  const edges: [
    (x: number, y: number) => boolean,
    (ax: number, ay: number, bx: number, by: number) => [number, number],
  ][] = [
    [(x) => x >= x0, (ax, ay, bx, by) => [x0, ay + ((x0 - ax) * (by - ay)) / (bx - ax)]],
    [(x) => x <= x1, (ax, ay, bx, by) => [x1, ay + ((x1 - ax) * (by - ay)) / (bx - ax)]],
    [(_, y) => y >= y0, (ax, ay, bx, by) => [ax + ((y0 - ay) * (bx - ax)) / (by - ay), y0]],
    [(_, y) => y <= y1, (ax, ay, bx, by) => [ax + ((y1 - ay) * (bx - ax)) / (by - ay), y1]],
  ];
  for (const [inside, cross] of edges) {
    const n = pts.length / 2;
    if (!n) break;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const ax = pts[2 * ((i + n - 1) % n)]!,
        ay = pts[2 * ((i + n - 1) % n) + 1]!;
      const bx = pts[2 * i]!,
        by = pts[2 * i + 1]!;
      const aIn = inside(ax, ay),
        bIn = inside(bx, by);
      if (bIn) {
        if (!aIn) out.push(...cross(ax, ay, bx, by));
        out.push(bx, by);
      } else if (aIn) out.push(...cross(ax, ay, bx, by));
    }
    pts = out;
  }
  return pts.length >= 6 ? pts : [];
}
