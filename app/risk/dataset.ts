/**
 * Binary layout of the hazard dataset (data/risk-cells.bin.gz, gunzipped): pure encode/decode, no I/O.
 *
 *   "CRDS0001" | uint32 header length | JSON header | zero padding to 8 | typed arrays in header.arrays order
 *
 * Values are uint8 codes: 0..200 → value code/200, 254 → not applicable, 255 → no data. 0.2 = 40/200 so the
 * band edges survive quantisation exactly.
 */
import type { CellInputs } from "./formulas";
import { NOT_APPLICABLE, NO_DATA, type HazardValue } from "./formulas";

export const MAGIC = "CRDS0001";
export const VALUE_SCALE = 200;
export const CODE_NA = 254;
export const CODE_NODATA = 255;

export function encodeValue(v: HazardValue): number {
  if (v === NOT_APPLICABLE) return CODE_NA;
  if (v === NO_DATA || !Number.isFinite(v)) return CODE_NODATA;
  return Math.round(Math.min(1, Math.max(0, v)) * VALUE_SCALE);
}

export function decodeValue(code: number): HazardValue {
  if (code === CODE_NA) return NOT_APPLICABLE;
  if (code > VALUE_SCALE) return NO_DATA;
  return code / VALUE_SCALE;
}

type ArrayKind = "u8" | "u16" | "i16" | "u32" | "f32";
const CTORS = { u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, f32: Float32Array } as const;
type Typed = Uint8Array | Uint16Array | Int16Array | Uint32Array | Float32Array;

/** How each explanation input is stored: value = raw / scale; `missing` marks no data. */
export interface FieldSpec {
  /** A hexagon's inputs: a point's steepest slope is read from the point drivers, never stored per cell. */
  name: Exclude<keyof CellInputs, "lat" | "lon" | "slopeSteep" | "shoreBandShare">;
  kind: ArrayKind;
  scale: number;
  missing: number | null;
}

export const FIELDS: readonly FieldSpec[] = [
  { name: "elevMean", kind: "i16", scale: 1, missing: -32768 },
  { name: "elevMin", kind: "i16", scale: 1, missing: -32768 },
  { name: "relief", kind: "u16", scale: 1, missing: 65535 },
  { name: "slopeMean", kind: "u16", scale: 100, missing: 65535 },
  { name: "landShare", kind: "u8", scale: 250, missing: 255 },
  { name: "lowShare", kind: "u8", scale: 250, missing: 255 },
  { name: "tJul", kind: "i16", scale: 10, missing: -32768 },
  { name: "tDec", kind: "i16", scale: 10, missing: -32768 },
  { name: "pJul", kind: "u16", scale: 10, missing: 65535 },
  { name: "pDec", kind: "u16", scale: 10, missing: 65535 },
  { name: "coastKm", kind: "u16", scale: 1, missing: 65535 },
  { name: "floodplainShare", kind: "u8", scale: 250, missing: 255 },
  // drainage area in units of 100 km² (to 6.5 million km², the Amazon's 6.1 fits)
  { name: "upstreamKm2", kind: "u16", scale: 0.01, missing: 65535 },
  { name: "flowM3s", kind: "u16", scale: 0.5, missing: 65535 },
  { name: "tideM", kind: "u16", scale: 100, missing: 65535 },
  { name: "coastalPlain", kind: "u8", scale: 1, missing: null },
  { name: "population", kind: "u32", scale: 1, missing: null },
  // v2: twelve-month inputs (appended so older files keep their layout)
  { name: "tHotOffset", kind: "u8", scale: 10, missing: 255 },
  { name: "tColdOffset", kind: "u8", scale: 10, missing: 255 },
  { name: "tMeanOffset", kind: "i16", scale: 10, missing: -32768 },
  { name: "sstMonths", kind: "u8", scale: 10, missing: 255 },
  // v4: Natural Earth 50m masks (permanent ice, dense built-up areas)
  { name: "iceShare", kind: "u8", scale: 250, missing: 255 },
  { name: "urbanShare", kind: "u8", scale: 250, missing: 255 },
  // 4.2.0: top of the low band (reef islands); a file without it reads LOW_LYING_M
  { name: "lowTopM", kind: "u8", scale: 10, missing: 255 },
];

const LIMITS: Record<ArrayKind, [number, number]> = {
  u8: [0, 255],
  u16: [0, 65535],
  i16: [-32768, 32767],
  u32: [0, 4294967295],
  f32: [-Infinity, Infinity],
};

export function quantiseField(f: FieldSpec, v: number): number {
  if (!Number.isFinite(v)) {
    if (f.missing === null) return 0;
    return f.missing;
  }
  const [lo, hi] = LIMITS[f.kind];
  const top = f.missing !== null && f.missing === hi ? hi - 1 : hi;
  const bottom = f.missing !== null && f.missing === lo ? lo + 1 : lo;
  return Math.min(top, Math.max(bottom, Math.round(v * f.scale)));
}

export function dequantiseField(f: FieldSpec, raw: number): number {
  if (f.missing !== null && raw === f.missing) return NaN;
  return raw / f.scale;
}

export interface DatasetHeader {
  version: string;
  generator: string;
  nCells: number;
  nCountries: number;
  nRegions: number;
  hazards: string[];
  slots: number;
  fields: FieldSpec[];
  arrays: { name: string; kind: ArrayKind; length: number }[];
}

export interface DatasetArrays {
  /** H3 index split into high and low 32 bits, sorted ascending by (hi, lo). */
  cellHi: Uint32Array;
  cellLo: Uint32Array;
  /** Index into the countries / regions lists; 65535 = none. */
  cellCountry: Uint16Array;
  cellRegion: Uint16Array;
  /** [hazard][slot][cell] value codes. */
  values: Uint8Array;
  /** [entity][hazard][slot] value codes for the rollups. */
  countryValues: Uint8Array;
  regionValues: Uint8Array;
  fields: Record<string, Typed>;
}

export const NONE16 = 65535;

export function encodeDataset(h: Omit<DatasetHeader, "arrays">, a: DatasetArrays): Buffer {
  const list: [string, Typed][] = [
    ["cellHi", a.cellHi],
    ["cellLo", a.cellLo],
    ["cellCountry", a.cellCountry],
    ["cellRegion", a.cellRegion],
    ["values", a.values],
    ["countryValues", a.countryValues],
    ["regionValues", a.regionValues],
    ...FIELDS.map((f) => [`field:${f.name}`, a.fields[f.name]!] as [string, Typed]),
  ];
  const kindOf = (t: Typed): ArrayKind =>
    t instanceof Uint8Array
      ? "u8"
      : t instanceof Uint16Array
        ? "u16"
        : t instanceof Int16Array
          ? "i16"
          : t instanceof Uint32Array
            ? "u32"
            : "f32";
  const header: DatasetHeader = {
    ...h,
    arrays: list.map(([name, t]) => ({ name, kind: kindOf(t), length: t.length })),
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const parts: Buffer[] = [Buffer.from(MAGIC, "ascii")];
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  parts.push(len, json);
  let off = 12 + json.length;
  const pad = (8 - (off % 8)) % 8;
  parts.push(Buffer.alloc(pad));
  off += pad;
  for (const [, t] of list) {
    const b = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
    parts.push(b);
    off += b.length;
    const p = (8 - (off % 8)) % 8;
    parts.push(Buffer.alloc(p));
    off += p;
  }
  return Buffer.concat(parts);
}

/**
 * The dataset's version as answers name it: the build's version (the generator names it, e.g. "scripts/data/build.ts
 * 4.0.0") with the ingest suffix the header's format version carries ("+ingest.1"); the format version alone ("1")
 * stays the same from one dataset to the next.
 */
export function datasetVersionOf(header: Pick<DatasetHeader, "generator" | "version">): string {
  const build = /(\d+\.\d+\.\d+)\s*$/.exec(header.generator)?.[1];
  if (!build) return header.version;
  return build + (/\+.*$/.exec(header.version)?.[0] ?? "");
}

/** The header alone, from the first bytes of a decoded file; null when they do not hold all of it. */
export function decodeDatasetHeader(buf: Uint8Array): DatasetHeader | null {
  if (buf.byteLength < 12) return null;
  const magic = Buffer.from(buf.buffer, buf.byteOffset, 8).toString("ascii");
  if (magic !== MAGIC) throw new Error(`not a risk dataset (magic ${JSON.stringify(magic)})`);
  const hl = new DataView(buf.buffer, buf.byteOffset, buf.byteLength).getUint32(8, true);
  if (buf.byteLength < 12 + hl) return null;
  return JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + 12, hl).toString("utf8")) as DatasetHeader;
}

export function decodeDataset(buf: Uint8Array): { header: DatasetHeader; arrays: DatasetArrays } {
  const magic = Buffer.from(buf.buffer, buf.byteOffset, 8).toString("ascii");
  if (magic !== MAGIC) throw new Error(`not a risk dataset (magic ${JSON.stringify(magic)})`);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const hl = dv.getUint32(8, true);
  const header = JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + 12, hl).toString("utf8")) as DatasetHeader;
  // copy into an aligned buffer once so every typed view is aligned
  const aligned = new Uint8Array(buf.byteLength);
  aligned.set(buf);
  let off = 12 + hl;
  off += (8 - (off % 8)) % 8;
  const out: Record<string, Typed> = {};
  for (const a of header.arrays) {
    const C = CTORS[a.kind];
    out[a.name] = new C(aligned.buffer, off, a.length);
    off += a.length * C.BYTES_PER_ELEMENT;
    off += (8 - (off % 8)) % 8;
  }
  const fields: Record<string, Typed> = {};
  for (const f of header.fields) fields[f.name] = out[`field:${f.name}`]!;
  // fields added after a file was built read as "no data"
  for (const f of FIELDS) if (!fields[f.name]) fields[f.name] = new CTORS[f.kind](header.nCells).fill(f.missing ?? 0);
  return {
    header,
    arrays: {
      cellHi: out.cellHi as Uint32Array,
      cellLo: out.cellLo as Uint32Array,
      cellCountry: out.cellCountry as Uint16Array,
      cellRegion: out.cellRegion as Uint16Array,
      values: out.values as Uint8Array,
      countryValues: out.countryValues as Uint8Array,
      regionValues: out.regionValues as Uint8Array,
      fields,
    },
  };
}

/** Outlines and names (data/geo.json.gz). Rings are flat [lon, lat, ...] arrays rounded to 0.001°. */
export interface GeoFile {
  countries: { code: string; a3: string; name: string; rings: number[][] }[];
  regions: { code: string; name: string; country: string; rings: number[][] }[];
}

/** Values of value codes, index for index: NaN for not applicable or no data. */
export function valuesOfCodes(codes: Uint8Array): Float32Array {
  const out = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = codes[i]! > VALUE_SCALE ? NaN : codes[i]! / VALUE_SCALE;
  return out;
}
