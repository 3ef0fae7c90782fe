// Minimal classic-format (CDF-1) NetCDF writer for tests: big-endian header of dims, attributes and variables,
// then non-record data, then interleaved records.

export type NcType = "byte" | "char" | "short" | "int" | "float" | "double";
export type NcAttr = string | { type: Exclude<NcType, "char">; values: number[] };

export interface NcDim {
  name: string;
  /** 'unlimited' makes this the record dimension; its length is the number of records. */
  size: number | "unlimited";
}

export interface NcVar {
  name: string;
  dims: string[];
  type: Exclude<NcType, "char">;
  attrs?: Record<string, NcAttr>;
  /** Row-major values over `dims` (record dimension first when present). */
  data: number[];
}

export interface NcFile {
  dims: NcDim[];
  vars: NcVar[];
  globalAttrs?: Record<string, NcAttr>;
  numRecords?: number;
}

const TYPE_CODE: Record<NcType, number> = { byte: 1, char: 2, short: 3, int: 4, float: 5, double: 6 };
const TYPE_SIZE: Record<NcType, number> = { byte: 1, char: 1, short: 2, int: 4, float: 4, double: 8 };
const NC_DIMENSION = 0x0a;
const NC_VARIABLE = 0x0b;
const NC_ATTRIBUTE = 0x0c;

const pad4 = (n: number) => (n + 3) & ~3;

class Out {
  bytes: number[] = [];
  u32(n: number) {
    this.bytes.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  }
  raw(b: ArrayLike<number>) {
    for (let i = 0; i < b.length; i++) this.bytes.push(b[i]);
  }
  pad() {
    while (this.bytes.length % 4) this.bytes.push(0);
  }
  name(s: string) {
    const b = new TextEncoder().encode(s);
    this.u32(b.length);
    this.raw(b);
    this.pad();
  }
  values(type: NcType, values: number[]) {
    const size = TYPE_SIZE[type];
    const dv = new DataView(new ArrayBuffer(size * values.length));
    values.forEach((v, i) => {
      const o = i * size;
      if (type === "byte") dv.setInt8(o, v);
      else if (type === "short") dv.setInt16(o, v);
      else if (type === "int") dv.setInt32(o, v);
      else if (type === "float") dv.setFloat32(o, v);
      else if (type === "double") dv.setFloat64(o, v);
    });
    this.raw(new Uint8Array(dv.buffer));
  }
  attrs(attrs: Record<string, NcAttr> | undefined) {
    const entries = Object.entries(attrs ?? {});
    if (!entries.length) {
      this.u32(0);
      this.u32(0);
      return;
    }
    this.u32(NC_ATTRIBUTE);
    this.u32(entries.length);
    for (const [name, a] of entries) {
      this.name(name);
      if (typeof a === "string") {
        const b = new TextEncoder().encode(a);
        this.u32(TYPE_CODE.char);
        this.u32(b.length);
        this.raw(b);
      } else {
        this.u32(TYPE_CODE[a.type]);
        this.u32(a.values.length);
        this.values(a.type, a.values);
      }
      this.pad();
    }
  }
}

export function writeNetcdf3(file: NcFile): Uint8Array {
  const recordDim = file.dims.findIndex((d) => d.size === "unlimited");
  const numRecords = file.numRecords ?? 0;
  const dimIndex = new Map(file.dims.map((d, i) => [d.name, i]));
  const info = file.vars.map((v) => {
    const ids = v.dims.map((d) => {
      const id = dimIndex.get(d);
      if (id === undefined) throw new Error(`unknown dimension ${d}`);
      return id;
    });
    const isRecord = recordDim >= 0 && ids[0] === recordDim;
    const count = ids.reduce((n, id) => (id === recordDim ? n : n * (file.dims[id].size as number)), 1);
    const vsize = pad4(count * TYPE_SIZE[v.type]);
    return { v, ids, isRecord, count, vsize };
  });

  const header = (begins: number[]) => {
    const o = new Out();
    o.raw([0x43, 0x44, 0x46, 1]);
    o.u32(numRecords);
    o.u32(NC_DIMENSION);
    o.u32(file.dims.length);
    for (const d of file.dims) {
      o.name(d.name);
      o.u32(d.size === "unlimited" ? 0 : d.size);
    }
    o.attrs(file.globalAttrs);
    o.u32(NC_VARIABLE);
    o.u32(info.length);
    info.forEach(({ v, ids, vsize }, i) => {
      o.name(v.name);
      o.u32(ids.length);
      ids.forEach((id) => o.u32(id));
      o.attrs(v.attrs);
      o.u32(TYPE_CODE[v.type]);
      o.u32(vsize);
      o.u32(begins[i]);
    });
    return o.bytes;
  };

  const headerLength = header(info.map(() => 0)).length;
  const begins: number[] = [];
  let offset = headerLength;
  for (const x of info) {
    if (x.isRecord) continue;
    begins[info.indexOf(x)] = offset;
    offset += x.vsize;
  }
  const recordStart = offset;
  let recOffset = 0;
  for (const x of info) {
    if (!x.isRecord) continue;
    begins[info.indexOf(x)] = recordStart + recOffset;
    recOffset += x.vsize;
  }

  const out = new Out();
  out.raw(header(begins));
  for (const x of info) {
    if (x.isRecord) continue;
    if (x.v.data.length !== x.count) throw new Error(`${x.v.name}: ${x.v.data.length} values, expected ${x.count}`);
    out.values(x.v.type, x.v.data);
    out.pad();
  }
  for (let r = 0; r < numRecords; r++) {
    for (const x of info) {
      if (!x.isRecord) continue;
      out.values(x.v.type, x.v.data.slice(r * x.count, (r + 1) * x.count));
      out.pad();
    }
  }
  return new Uint8Array(out.bytes);
}
