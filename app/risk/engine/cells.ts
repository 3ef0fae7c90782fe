/** The decoded dataset as the locator, scorer and statistics read it: cells, their fields and values, the outlines. */
import { cellToLatLng, h3IndexToSplitLong, splitLongToH3Index } from "h3-js";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import { FIELDS, dequantiseField, type DatasetArrays, type DatasetHeader, type GeoFile } from "../dataset";
import { RiskInputError, RiskNotFoundError } from "../errors";
import type { CellInputs } from "../formulas";

const FIELD_BY_NAME = new Map(FIELDS.map((f) => [f.name as string, f]));
/**
 * Every stored field and the centre, in one order: a row's inputs are copied from it so that they share one object
 * shape (properties added one by one under computed names leave an object in slow dictionary mode, which every
 * formula then reads).
 */
const FIELDS_TEMPLATE: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries([["lat", NaN], ["lon", NaN], ...FIELDS.map((f) => [f.name, NaN] as const)]),
);

export class CellTable {
  readonly header: DatasetHeader;
  readonly a: DatasetArrays;
  readonly geo: GeoFile;
  readonly countryByCode = new Map<string, number>();
  readonly regionByCode = new Map<string, number>();
  readonly regionsByCountry = new Map<string, number[]>();

  constructor(header: DatasetHeader, arrays: DatasetArrays, geo: GeoFile) {
    this.header = header;
    this.a = arrays;
    this.geo = geo;
    geo.countries.forEach((c, i) => this.countryByCode.set(c.code, i));
    geo.regions.forEach((r, i) => {
      this.regionByCode.set(r.code, i);
      const l = this.regionsByCountry.get(r.country) ?? [];
      l.push(i);
      this.regionsByCountry.set(r.country, l);
    });
  }

  /** Bytes held by the cell arrays. */
  get byteLength(): number {
    const arrays = this.a;
    let bytes = 0;
    for (const t of [
      arrays.cellHi,
      arrays.cellLo,
      arrays.cellCountry,
      arrays.cellRegion,
      arrays.values,
      arrays.countryValues,
      arrays.regionValues,
      ...Object.values(arrays.fields),
    ])
      bytes += t.byteLength;
    return bytes;
  }

  countryIdx(code: unknown): number {
    if (typeof code !== "string" || !/^[A-Za-z]{2}$/.test(code.trim()))
      throw new RiskInputError("country_code", "country_code must be an ISO 3166-1 alpha-2 code");
    const c = code.trim().toUpperCase();
    const i = this.countryByCode.get(c);
    if (i === undefined) throw new RiskNotFoundError("country", c);
    return i;
  }

  /** The H3 cell id of a dataset row. */
  cellIdOfRow(row: number): string {
    return splitLongToH3Index(this.a.cellLo[row]!, this.a.cellHi[row]!);
  }

  /** Dataset row of an H3 cell, or -1. Binary search on the sorted (hi, lo) split index. */
  cellRow(h3: string): number {
    const [lo32, hi32] = h3IndexToSplitLong(h3);
    const hi = hi32 >>> 0,
      lo = lo32 >>> 0;
    let a = 0,
      b = this.a.cellHi.length - 1;
    while (a <= b) {
      const m = (a + b) >>> 1;
      const mh = this.a.cellHi[m]!,
        ml = this.a.cellLo[m]!;
      if (mh < hi || (mh === hi && ml < lo)) a = m + 1;
      else if (mh > hi || ml > lo) b = m - 1;
      else return m;
    }
    return -1;
  }

  /** Decoded explanation inputs of a dataset row. */
  cellInputs(row: number): CellInputs {
    const inp = this.cellFields(row);
    const [lat, lon] = cellToLatLng(this.hexOfRow(row));
    inp.lat = lat;
    inp.lon = lon;
    return inp as unknown as CellInputs;
  }

  /** The stored inputs of a dataset row without its centre (a point brings its own coordinates). */
  cellFields(row: number): Record<string, number> {
    const inp: Record<string, number> = { ...FIELDS_TEMPLATE };
    for (const f of FIELDS) inp[f.name] = dequantiseField(f, this.a.fields[f.name]![row]!);
    return inp;
  }

  /** Some stored inputs of a dataset row, by name (a point's climate reads a few fields of its neighbours). */
  cellFieldsNamed(row: number, names: readonly string[]): Record<string, number> {
    const out: Record<string, number> = {};
    for (const name of names) {
      const f = FIELD_BY_NAME.get(name);
      if (f) out[name] = dequantiseField(f, this.a.fields[name]![row]!);
    }
    return out;
  }

  /** The H3 index of a dataset row. */
  hexOfRow(row: number): string {
    const hi = this.a.cellHi[row]!,
      lo = this.a.cellLo[row]!;
    return hi.toString(16).padStart(8, "0").replace(/^0+/, "") + lo.toString(16).padStart(8, "0");
  }

  /** Value code (0..VALUE_SCALE, or CODE_NA / no data above it) of a dataset row for a hazard index and slot. */
  valueCode(row: number, hazardIdx: number, slot: number): number {
    return this.a.values[(hazardIdx * SLOT_COUNT + slot) * this.header.nCells + row]!;
  }

  /** Every value code of a dataset row, layout [hazard][slot] (as a point's own codes are laid out). */
  rowCodes(row: number): Uint8Array {
    const nH = this.header.hazards.length;
    const codes = new Uint8Array(nH * SLOT_COUNT);
    for (let h = 0; h < nH; h++)
      for (let s = 0; s < SLOT_COUNT; s++) codes[h * SLOT_COUNT + s] = this.valueCode(row, h, s);
    return codes;
  }
}
