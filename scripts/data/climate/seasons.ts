/**
 * Twelve-month inputs: sea-surface temperature (COADS monthly climatology) for the tropical-cyclone driver, and
 * the shape of the year of near-surface air temperature (one model year) to find the hottest and coldest months.
 */
import { readFileSync } from "node:fs";
import { NetCDFReader } from "netcdfjs";
import { haversineKm } from "../../../app/risk/land/geo";
import { ramp } from "../../../app/risk/formulas";

/** Record (time) variables come back one array per record. */
function flat(v: unknown): number[] {
  const a = v as (number | number[])[];
  return Array.isArray(a[0]) ? (a as number[][]).flat() : (a as number[]);
}

/** Sea-surface temperature above which tropical cyclones can form and keep their strength. */
export const TC_SST_C = 26.5;

export interface SstGrid {
  lat: number[];
  lon: number[];
  /** Months (fractional: ±1 °C soft edge around 26.5 °C) with SST ≥ 26.5 °C per grid point; NaN over land. */
  warmMonths: Float64Array;
}

export function readSst(coadsFile: string): SstGrid {
  const r = new NetCDFReader(readFileSync(coadsFile));
  const lon = (r.getDataVariable("COADSX") as number[]).map((x) => (x > 180 ? x - 360 : x));
  const lat = r.getDataVariable("COADSY") as number[];
  const sst = flat(r.getDataVariable("SST"));
  const nx = lon.length,
    ny = lat.length,
    nt = sst.length / (nx * ny);
  const warmMonths = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      let m = 0,
        valid = 0;
      for (let t = 0; t < nt; t++) {
        const v = sst[(t * ny + j) * nx + i]!;
        if (!(Math.abs(v) < 100)) continue;
        valid++;
        m += ramp(v, TC_SST_C - 1, TC_SST_C + 1);
      }
      // months without data (sea ice, sparse ship tracks) count as cold; a point needs most months observed
      warmMonths[j * nx + i] = valid >= 9 ? m : NaN;
    }
  return { lat, lon, warmMonths };
}

/** Most warm-SST months among sea grid points within maxKm of a point (0 when none). */
export function warmSeaMonths(g: SstGrid, lat: number, lon: number, maxKm: number): number {
  let best = 0;
  const dLat = maxKm / 111 + 2;
  for (let j = 0; j < g.lat.length; j++) {
    if (Math.abs(g.lat[j]! - lat) > dLat) continue;
    for (let i = 0; i < g.lon.length; i++) {
      const v = g.warmMonths[j * g.lon.length + i]!;
      if (!(v > best)) continue;
      if (haversineKm(lat, lon, g.lat[j]!, g.lon[i]!) <= maxKm) best = v;
    }
  }
  return best;
}

export interface SeasonalShape {
  /** How much warmer the hottest month is than the warmer of July and December, °C (≥ 0). */
  hotOffset(lat: number, lon: number): number;
  /** How much colder the coldest month is than the colder of July and December, °C (≥ 0). */
  coldOffset(lat: number, lon: number): number;
  /** Annual mean minus the mean of July and December, °C. */
  meanOffset(lat: number, lon: number): number;
}

/** Reads 12 monthly near-surface temperatures (K) on a lon × Gaussian-lat grid; bilinear sampling. */
export function readSeasonalShape(tasFile: string): SeasonalShape {
  const r = new NetCDFReader(readFileSync(tasFile));
  const lon = r.getDataVariable("lon") as number[];
  const lat = r.getDataVariable("lat") as number[];
  const tas = flat(r.getDataVariable("tas"));
  const nx = lon.length,
    ny = lat.length,
    nt = tas.length / (nx * ny);
  if (nt !== 12) throw new Error(`${tasFile}: expected 12 months, found ${nt}`);
  const hot = new Float64Array(nx * ny),
    cold = new Float64Array(nx * ny),
    mean = new Float64Array(nx * ny);
  for (let p = 0; p < nx * ny; p++) {
    const m = Array.from({ length: 12 }, (_, t) => tas[t * nx * ny + p]!);
    const jul = m[6]!,
      dec = m[11]!;
    hot[p] = Math.max(...m) - Math.max(jul, dec);
    cold[p] = Math.min(jul, dec) - Math.min(...m);
    mean[p] = m.reduce((s, v) => s + v, 0) / 12 - (jul + dec) / 2;
  }
  const dLon = lon[1]! - lon[0]!;
  const sample = (g: Float64Array, la: number, lo: number) => {
    const x = (((lo - lon[0]!) % 360) + 360) % 360 / dLon;
    const i0 = Math.floor(x) % nx,
      i1 = (i0 + 1) % nx,
      fx = x - Math.floor(x);
    let j0 = 0;
    while (j0 < ny - 2 && lat[j0 + 1]! < la) j0++;
    const fy = Math.min(1, Math.max(0, (la - lat[j0]!) / (lat[j0 + 1]! - lat[j0]!)));
    const at = (i: number, j: number) => g[j * nx + i]!;
    return (
      (1 - fy) * ((1 - fx) * at(i0, j0) + fx * at(i1, j0)) + fy * ((1 - fx) * at(i0, j0 + 1) + fx * at(i1, j0 + 1))
    );
  };
  return {
    hotOffset: (la, lo) => sample(hot, la, lo),
    coldOffset: (la, lo) => sample(cold, la, lo),
    meanOffset: (la, lo) => sample(mean, la, lo),
  };
}
