/** Natural Earth 10m populated places (dBASE table of the "simple" shapefile, as shipped by Debian libmagics++-data). */
import { readFileSync } from "node:fs";
import { latLngToCell } from "h3-js";
import { haversineKm } from "../../../app/risk/land/geo";
import type { LandMask } from "../../../app/risk/land/landmask";
import type { CellSet } from "./geography";
import { H3_RES } from "./geography";
import type { Place } from "../climate/physical";

export interface NePlace extends Place {
  /** Metropolitan population (Natural Earth pop_max), 0 when unknown. */
  popMax: number;
}

/** Reads the fields of a dBASE III table by name; deleted records are skipped. */
export function readDbf(file: string): Record<string, string>[] {
  const b = readFileSync(file);
  const n = b.readUInt32LE(4), headerLen = b.readUInt16LE(8), recLen = b.readUInt16LE(10);
  const fields: { name: string; off: number; len: number }[] = [];
  let off = 1;
  for (let o = 32; b[o] !== 0x0d; o += 32) {
    const name = b.toString("latin1", o, o + 11).replace(/\0.*$/, "");
    const len = b[o + 16]!;
    fields.push({ name, off, len });
    off += len;
  }
  const out: Record<string, string>[] = [];
  for (let r = 0; r < n; r++) {
    const base = headerLen + r * recLen;
    if (b[base] === 0x2a) continue;
    const rec: Record<string, string> = {};
    for (const f of fields) rec[f.name] = b.toString("utf8", base + f.off, base + f.off + f.len).trim();
    out.push(rec);
  }
  return out;
}

export function readNePlaces(dbfFile: string): NePlace[] {
  return readDbf(dbfFile)
    .map((r) => {
      const popMax = Math.max(0, Number(r.pop_max) || 0);
      return { name: r.name ?? "", country: (r.iso_a2 ?? "").replace(/^-.*$/, ""), population: popMax, popMax, lat: Number(r.latitude), lon: Number(r.longitude) };
    })
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon));
}

/**
 * Exposure weight per cell: the larger of the GeoNames population and the Natural Earth metropolitan
 * population placed in the cell. GeoNames counts a metropolis as separate districts or only its core city;
 * pop_max counts the agglomeration, so the larger of the two is the better estimate of people exposed.
 */
export function metroPopulation(ne: NePlace[], cells: CellSet, geonames: Float64Array): { pop: Float64Array; raised: number } {
  const neSum = new Float64Array(cells.cells.length);
  for (const p of ne) {
    const k = cells.index.get(latLngToCell(p.lat, p.lon, H3_RES));
    if (k !== undefined) neSum[k]! += p.popMax;
  }
  const pop = Float64Array.from(geonames);
  let raised = 0;
  for (let k = 0; k < pop.length; k++)
    if (neSum[k]! > pop[k]!) {
      pop[k] = neSum[k]!;
      raised++;
    }
  return { pop, raised };
}

/** Natural Earth metros ≥ minPop on the coast (by the shoreline mask) that the GeoNames list does not hold within 25 km. */
export function extraCoastalMetros(ne: NePlace[], geonamesCoastal: Place[], mask: LandMask, minPop = 500_000, maxKm = 10): NePlace[] {
  return ne
    .filter((p) => p.popMax >= minPop && p.country && mask.nearestPixel(p.lat, p.lon, maxKm, false) !== null)
    .filter((p) => !geonamesCoastal.some((c) => Math.abs(c.lat - p.lat) < 0.5 && haversineKm(c.lat, c.lon, p.lat, p.lon) < 25))
    .sort((a, b) => b.popMax - a.popMax || a.name.localeCompare(b.name, "en"));
}
