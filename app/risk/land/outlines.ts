/**
 * Country and region outlines at their source's full precision (Natural Earth 10m, 1e-5°): pure encode/decode, no I/O.
 * The generalised outlines (geo.json.gz) draw maps; these decide which country and region hold a point.
 *
 *   "OUTL0001" | uint32 country count | uint32 region count | uint32 byte length of each feature
 *   | per feature: varint ring count, varint vertex count of each ring, then its vertices as zigzag varint deltas
 *     of lon and lat in 1e-5° units (the first from 0, 0)
 *
 * Countries come first, then regions, in the order of geo.json.gz, so a feature's index is its index there.
 */
import { PolygonIndex } from "./geo";

export const OUTLINES_MAGIC = "OUTL0001";
/** Units per degree: Natural Earth 10m ships five decimals. */
export const OUTLINE_SCALE = 1e5;

/** Douglas-Peucker tolerances of the generalised outlines (geo.json.gz), degrees. */
export const COUNTRY_TOLERANCE_DEG = 0.01;
export const REGION_TOLERANCE_DEG = 0.02;
/** Generalised coordinates are rounded to 0.001° (half a step off at most, on both axes). */
const ROUNDING_DEG = 0.0005 * Math.SQRT2;
/**
 * How far a generalised boundary can lie from the full one: a generalised outline and the full one differ only
 * within the tolerance of the generalised boundary, so a point farther than this from it is answered by it alone.
 */
export const COUNTRY_MARGIN_DEG = COUNTRY_TOLERANCE_DEG + ROUNDING_DEG + 0.001;
export const REGION_MARGIN_DEG = REGION_TOLERANCE_DEG + ROUNDING_DEG + 0.001;

export interface FullOutlines {
  countries: readonly (readonly ArrayLike<number>[])[];
  regions: readonly (readonly ArrayLike<number>[])[];
}

class Writer {
  private buf = Buffer.alloc(1 << 20);
  private o = 0;
  private ensure(n: number) {
    if (this.o + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.o + n));
    this.buf.copy(next, 0, 0, this.o);
    this.buf = next;
  }
  bytes(b: Buffer) {
    this.ensure(b.length);
    b.copy(this.buf, this.o);
    this.o += b.length;
  }
  u32(v: number) {
    this.ensure(4);
    this.buf.writeUInt32LE(v, this.o);
    this.o += 4;
  }
  varint(v: number) {
    this.ensure(5);
    while (v >= 0x80) {
      this.buf[this.o++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.o++] = v;
  }
  zigzag(v: number) {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  done(): Buffer {
    return this.buf.subarray(0, this.o);
  }
}

/** Encodes countries then regions; coordinates are rounded to 1e-5°. Each feature restarts its deltas, so one can be read alone. */
export function encodeOutlines(o: FullOutlines): Buffer {
  const all = [...o.countries, ...o.regions];
  const bodies = all.map((f) => {
    const w = new Writer();
    w.varint(f.length);
    for (const r of f) w.varint(r.length / 2);
    let px = 0,
      py = 0;
    for (const r of f)
      for (let i = 0; i < r.length; i += 2) {
        const x = Math.round(r[i]! * OUTLINE_SCALE),
          y = Math.round(r[i + 1]! * OUTLINE_SCALE);
        w.zigzag(x - px);
        w.zigzag(y - py);
        px = x;
        py = y;
      }
    return w.done();
  });
  const w = new Writer();
  w.bytes(Buffer.from(OUTLINES_MAGIC, "ascii"));
  w.u32(o.countries.length);
  w.u32(o.regions.length);
  for (const b of bodies) w.u32(b.length);
  for (const b of bodies) w.bytes(b);
  return w.done();
}

/**
 * The outlines file kept packed (about 8 MB): a feature's rings are decoded when a point near its boundary needs
 * them, and its point-in-polygon index is kept for the next point there.
 */
export class PackedOutlines {
  readonly countryCount: number;
  readonly regionCount: number;
  private readonly buf: Uint8Array;
  private readonly start: Uint32Array;
  private readonly indexes = new Map<number, PolygonIndex>();

  constructor(buf: Uint8Array) {
    const magic = Buffer.from(buf.buffer, buf.byteOffset, 8).toString("ascii");
    if (magic !== OUTLINES_MAGIC) throw new Error(`outlines: bad magic ${JSON.stringify(magic)}`);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.countryCount = view.getUint32(8, true);
    this.regionCount = view.getUint32(12, true);
    const n = this.countryCount + this.regionCount;
    this.start = new Uint32Array(n + 1);
    let o = 16 + 4 * n;
    for (let f = 0; f < n; f++) {
      this.start[f] = o;
      o += view.getUint32(16 + 4 * f, true);
    }
    this.start[n] = o;
    if (o !== buf.length) throw new Error(`outlines: ${buf.length} bytes, the header accounts for ${o}`);
    this.buf = buf;
  }

  get byteLength(): number {
    return this.buf.byteLength;
  }

  /** Rings of feature f (countries first, then regions), degrees. */
  rings(f: number): Float64Array[] {
    const buf = this.buf;
    let o = this.start[f]!;
    const varint = () => {
      let v = 0,
        shift = 0,
        b: number;
      do {
        b = buf[o++]!;
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      return v;
    };
    const zigzag = () => {
      const v = varint();
      return v % 2 ? -(v + 1) / 2 : v / 2;
    };
    const lens: number[] = [];
    for (let r = 0, nRings = varint(); r < nRings; r++) lens.push(varint());
    let px = 0,
      py = 0;
    return lens.map((n) => {
      const ring = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        px += zigzag();
        py += zigzag();
        ring[2 * i] = px / OUTLINE_SCALE;
        ring[2 * i + 1] = py / OUTLINE_SCALE;
      }
      return ring;
    });
  }

  private index(f: number): PolygonIndex {
    let idx = this.indexes.get(f);
    if (!idx) this.indexes.set(f, (idx = new PolygonIndex([this.rings(f)], PRECISE_BAND_DEG)));
    return idx;
  }

  /** Whether feature f's full outline holds the point. */
  contains(f: number, lon: number, lat: number): boolean {
    return this.index(f).first(lon, lat) === 0;
  }

  /** Distance in km from the point to feature f's full outline, when within maxKm; else Infinity. */
  distanceKm(f: number, lon: number, lat: number, maxKm: number): number {
    const n = this.index(f).nearest(lon, lat, maxKm);
    return n.feature === 0 ? n.km : Infinity;
  }

  /** Every feature decoded, countries then regions (the build's checks and tests). */
  decodeAll(): { countries: Float64Array[][]; regions: Float64Array[][] } {
    const all = Array.from({ length: this.countryCount + this.regionCount }, (_, f) => this.rings(f));
    return { countries: all.slice(0, this.countryCount), regions: all.slice(this.countryCount) };
  }
}

/** Latitude band of a single feature's full-precision index: NE 10m vertices lie about a kilometre apart. */
const PRECISE_BAND_DEG = 0.02;
