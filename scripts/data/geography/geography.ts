/** Country and region outlines, the land cell set and each cell's country/region. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { cellToChildren, cellToLatLng, getRes0Cells, h3IndexToSplitLong, latLngToCell } from "h3-js";
import { PolygonIndex, ringBounds, simplifyRing, type FeatureRings } from "../../../app/risk/land/geo";
import { COUNTRY_TOLERANCE_DEG, REGION_TOLERANCE_DEG } from "../../../app/risk/land/outlines";

export const H3_RES = 4;

interface Feature {
  geometry: { type: "Polygon" | "MultiPolygon"; coordinates: number[][][] | number[][][][] } | null;
  properties: Record<string, unknown>;
}

function ringsOf(geom: Feature["geometry"]): FeatureRings {
  if (!geom) return [];
  const polys = (geom.type === "Polygon" ? [geom.coordinates] : geom.coordinates) as number[][][][];
  const out: FeatureRings = [];
  for (const poly of polys)
    for (const ring of poly) {
      const flat: number[] = [];
      for (const [x, y] of ring as number[][]) flat.push(x!, y!);
      const n = flat.length;
      if (n >= 4 && flat[0] === flat[n - 2] && flat[1] === flat[n - 1]) flat.length = n - 2;
      if (flat.length >= 6) out.push(flat);
    }
  return out;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const round5 = (v: number) => Math.round(v * 100000) / 100000;
/** Rings smaller than this (degrees of diagonal) keep 5 decimals: 0.001° would fold a micro-state such as the Vatican. */
const SMALL_RING_DEG = 0.1;

function ringDiagonal(r: number[]): number {
  const b = ringBounds(r);
  return Math.hypot(b.x1 - b.x0, b.y1 - b.y0);
}

/** Tolerance shrinks for small rings so micro-states and islets keep their shape. */
function simplifyFeature(rings: FeatureRings, tol: number): FeatureRings {
  return rings
    .map((r) => {
      const diagonal = ringDiagonal(r);
      return simplifyRing(r, Math.min(tol, diagonal / 40)).map(diagonal < SMALL_RING_DEG ? round5 : round3);
    })
    .filter((r) => r.length >= 6);
}

export interface Country {
  code: string;
  a3: string;
  name: string;
  /** Generalised outline: maps, cell assignment. */
  rings: FeatureRings;
  /** The source's own outline (Natural Earth 10m, five decimals): which country holds a point. */
  precise: FeatureRings;
}
export interface Region {
  code: string;
  name: string;
  country: string;
  rings: FeatureRings;
  precise: FeatureRings;
}

/**
 * Natural Earth units that the country list files under their host's ISO code, so the host's outline (CU.json,
 * CY.json, PS.json) came out named after the unit: Havana read "US Naval Base Guantanamo Bay". The outline is the
 * whole country's; the country keeps its own name and alpha-3.
 */
export const SUB_UNITS_NAMED_FOR_HOST: Readonly<Record<string, { a3: string; name: string; unit: string }>> = {
  USG: { a3: "CUB", name: "Cuba", unit: "US Naval Base Guantanamo Bay (leased by the United States)" },
  ESB: { a3: "CYP", name: "Cyprus", unit: "Dhekelia Sovereign Base Area (British)" },
  PSX: { a3: "PSE", name: "Palestine", unit: "Gaza Strip (one of Palestine's two parts)" },
};

export interface CountryListEntry {
  country_a2: string;
  country_a3: string;
  country_name: string;
}

/** The country an entry of the list stands for: a sub-unit filed under its host's code becomes the host. */
export function countryIdentity(entry: CountryListEntry): { code: string; a3: string; name: string } {
  const host = SUB_UNITS_NAMED_FOR_HOST[entry.country_a3];
  if (host) return { code: entry.country_a2, a3: host.a3, name: host.name };
  return { code: entry.country_a2, a3: entry.country_a3, name: entry.country_name };
}

export function loadCountries(placesDir: string): Country[] {
  const list = JSON.parse(readFileSync(path.join(placesDir, "data/countries/countries.json"), "utf8")) as CountryListEntry[];
  const byCode = new Map<string, Country>();
  for (const c of list) {
    const f = JSON.parse(readFileSync(path.join(placesDir, "data/countries", `${c.country_a2}.json`), "utf8")) as Feature;
    const precise = ringsOf(f.geometry);
    const rings = simplifyFeature(precise, COUNTRY_TOLERANCE_DEG);
    // one outline file per code: a code listed twice (host and sub-unit) is one country
    if (rings.length && !byCode.has(c.country_a2)) byCode.set(c.country_a2, { ...countryIdentity(c), rings, precise: precise.map((r) => r.map(round5)) });
  }
  return [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}

/**
 * The English name of an admin-1 region, else its own. Natural Earth gives a few capital regions the country's name
 * as their English name (Hovedstaden → "Denmark", Distrito Federal → "Mexico"): there the region's own name stands.
 */
export function regionName(p: Record<string, unknown>, code: string): string {
  const own = typeof p.name === "string" && p.name ? p.name : code;
  const english = typeof p.name_en === "string" && p.name_en ? p.name_en : null;
  if (!english || (english === p.admin && own !== p.admin)) return own;
  return english;
}

export function loadRegions(placesDir: string, countryCodes: Set<string>): Region[] {
  const fc = JSON.parse(readFileSync(path.join(placesDir, "data/states/admin1.json"), "utf8")) as { features: Feature[] };
  const byCode = new Map<string, Region>();
  for (const f of fc.features) {
    const p = f.properties;
    const code = String(p.iso_3166_2 ?? "");
    const country = String(p.iso_a2 ?? "");
    if (!/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(code) || !countryCodes.has(country) || !code.startsWith(`${country}-`)) continue;
    const full = ringsOf(f.geometry);
    const rings = simplifyFeature(full, REGION_TOLERANCE_DEG);
    const precise = full.map((r) => r.map(round5));
    const name = regionName(p, code);
    const r = byCode.get(code);
    if (r) {
      r.rings.push(...rings);
      r.precise.push(...precise);
    } else byCode.set(code, { code, name, country, rings, precise });
  }
  return [...byCode.values()].filter((r) => r.rings.length).sort((a, b) => (a.code < b.code ? -1 : 1));
}

/** Samples every ring edge at ≤ step degrees and calls back with the H3 cell of each sample. */
function sampleBoundary(rings: FeatureRings, step: number, cb: (cell: string) => void): void {
  for (const r of rings) {
    const n = r.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x1 = r[2 * i]!, y1 = r[2 * i + 1]!, x2 = r[2 * j]!, y2 = r[2 * j + 1]!;
      const k = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / step));
      for (let s = 0; s < k; s++) cb(latLngToCell(y1 + ((y2 - y1) * s) / k, x1 + ((x2 - x1) * s) / k, H3_RES));
    }
  }
}

export interface CellSet {
  cells: string[];
  hi: Uint32Array;
  lo: Uint32Array;
  lat: Float64Array;
  lon: Float64Array;
  index: Map<string, number>;
  country: Uint16Array;
  region: Uint16Array;
  /** Cells touched by each country's / region's outline (used when no cell centroid falls inside). */
  countryEdgeCells: Map<number, number[]>;
  regionEdgeCells: Map<number, number[]>;
}

export function buildCells(countries: Country[], regions: Region[]): CellSet {
  const cIdx = new PolygonIndex(countries.map((c) => c.rings));
  const rIdx = new PolygonIndex(regions.map((r) => r.rings));
  const all = getRes0Cells().flatMap((c) => cellToChildren(c, H3_RES));
  const centroidCountry = new Map<string, number>();
  for (const h of all) {
    const [la, lo] = cellToLatLng(h);
    const c = cIdx.first(lo, la);
    if (c >= 0) centroidCountry.set(h, c);
  }
  const cEdge = new Map<string, Map<number, number>>();
  countries.forEach((c, ci) =>
    sampleBoundary(c.rings, 0.05, (h) => {
      let m = cEdge.get(h);
      if (!m) cEdge.set(h, (m = new Map()));
      m.set(ci, (m.get(ci) ?? 0) + 1);
    }),
  );
  const rEdge = new Map<string, Map<number, number>>();
  regions.forEach((r, ri) =>
    sampleBoundary(r.rings, 0.05, (h) => {
      let m = rEdge.get(h);
      if (!m) rEdge.set(h, (m = new Map()));
      m.set(ri, (m.get(ri) ?? 0) + 1);
    }),
  );
  const land = new Set<string>([...centroidCountry.keys(), ...cEdge.keys()]);
  const split = [...land].map((h) => {
    const [lo, hi] = h3IndexToSplitLong(h);
    return { h, hi: hi >>> 0, lo: lo >>> 0 };
  });
  split.sort((a, b) => a.hi - b.hi || a.lo - b.lo);
  const n = split.length;
  const set: CellSet = {
    cells: split.map((s) => s.h),
    hi: Uint32Array.from(split.map((s) => s.hi)),
    lo: Uint32Array.from(split.map((s) => s.lo)),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    index: new Map(split.map((s, i) => [s.h, i])),
    country: new Uint16Array(n).fill(65535),
    region: new Uint16Array(n).fill(65535),
    countryEdgeCells: new Map(),
    regionEdgeCells: new Map(),
  };
  const argmax = (m: Map<number, number> | undefined, allow?: (k: number) => boolean): number => {
    let best = -1, bestN = -1;
    if (m)
      for (const [k, v] of m)
        if ((!allow || allow(k)) && (v > bestN || (v === bestN && k < best))) {
          best = k;
          bestN = v;
        }
    return best;
  };
  split.forEach((s, i) => {
    const [la, lo] = cellToLatLng(s.h);
    set.lat[i] = la;
    set.lon[i] = lo;
    const c = centroidCountry.get(s.h) ?? argmax(cEdge.get(s.h));
    set.country[i] = c;
    const cc = countries[c]!.code;
    const inside = rIdx.query(lo, la).filter((r) => regions[r]!.country === cc);
    const r = inside.length ? inside[0]! : argmax(rEdge.get(s.h), (k) => regions[k]!.country === cc);
    if (r >= 0) set.region[i] = r;
    for (const k of cEdge.get(s.h)?.keys() ?? []) {
      const l = set.countryEdgeCells.get(k) ?? [];
      l.push(i);
      set.countryEdgeCells.set(k, l);
    }
    for (const k of rEdge.get(s.h)?.keys() ?? []) {
      const l = set.regionEdgeCells.get(k) ?? [];
      l.push(i);
      set.regionEdgeCells.set(k, l);
    }
  });
  return set;
}
