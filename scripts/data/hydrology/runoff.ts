/**
 * A runoff proxy for weighting flow accumulation: mean annual runoff from annual precipitation P and potential
 * evapotranspiration PET by Schreiber's (1904) curve of the Budyko family, R = P·exp(−PET/P). Wet climates turn
 * most of their rain into runoff, deserts almost none, so a river fed from wet highlands (the Nile from
 * Ethiopia) carries its discharge across a desert that adds nothing.
 */
import { heatIndex, potentialEvap } from "../../../app/risk/formulas";

export function schreiberRunoffMm(pAnnMm: number, petMm: number): number {
  if (!(pAnnMm > 0)) return 0;
  return pAnnMm * Math.exp(-Math.max(petMm, 0) / pAnnMm);
}

/** Mean flow, m³/s, of a catchment area (km²) times runoff (mm/yr): km² · mm = 1000 m³. */
export const SECONDS_PER_YEAR = 365.25 * 86400;
export function meanFlowM3s(areaTimesRunoffKm2Mm: number): number {
  return (areaTimesRunoffKm2Mm * 1000) / SECONDS_PER_YEAR;
}

/** A yearly amount of water, mm/yr, on a coarse latitude-longitude grid (runoff, or a lake's evaporation deficit). */
export interface RunoffGrid {
  /** Degrees per cell. */
  step: number;
  nx: number;
  ny: number;
  /** mm/yr, row 0 at 90° N, column 0 at 180° W. */
  mm: Float32Array;
}

type AnnualClimate = (lat: number, lon: number) => { pAnnMm: number; petMm: number } | null;

/** A yearly amount (mm/yr) of the climate on a coarse grid (`step` degrees): the climate is far coarser than the 2′ relief anyway. */
function climateGrid(step: number, climate: AnnualClimate, amount: (pAnnMm: number, petMm: number) => number): RunoffGrid {
  const nx = Math.round(360 / step), ny = Math.round(180 / step);
  const mm = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    const lat = 90 - (j + 0.5) * step;
    for (let i = 0; i < nx; i++) {
      const c = climate(lat, -180 + (i + 0.5) * step);
      mm[j * nx + i] = c ? amount(c.pAnnMm, c.petMm) : 0;
    }
  }
  return { step, nx, ny, mm };
}

/** Runoff (Schreiber's curve) on a coarse grid. */
export function runoffGrid(step: number, climate: AnnualClimate): RunoffGrid {
  return climateGrid(step, climate, schreiberRunoffMm);
}

/** What a lake's surface loses in a year, potential evaporation less precipitation (never below 0), on a coarse grid. */
export function evaporationDeficitGrid(step: number, climate: AnnualClimate): RunoffGrid {
  return climateGrid(step, climate, (pAnnMm, petMm) => Math.max(0, petMm - pAnnMm));
}

export function runoffAt(r: RunoffGrid, lat: number, lon: number): number {
  const j = Math.min(r.ny - 1, Math.max(0, Math.floor((90 - lat) / r.step)));
  const i = ((Math.floor((lon + 180) / r.step) % r.nx) + r.nx) % r.nx;
  return r.mm[j * r.nx + i]!;
}

/**
 * Camargo et al.'s (1999) effective temperature for Thornthwaite's method, Tef = 0.36·(3·Tmax − Tmin), °C, from a
 * month's mean and its day-night range: Thornthwaite's temperature-only PET reads low in arid climates, where dry
 * air and advected heat drive evaporation, and a wide day-night range is their mark (Camargo, Marin, Sentelhas &
 * Picini 1999, fitted against Penman-Monteith at stations worldwide). Held between the month's mean and its mean
 * daily maximum: it never reads a month cooler than Thornthwaite's own method does, nor hotter than its days.
 */
export function effectiveTemperature(tMeanC: number, rangeC: number): number {
  const tMax = tMeanC + rangeC / 2, tMin = tMeanC - rangeC / 2;
  return Math.min(tMax, Math.max(tMeanC, 0.36 * (3 * tMax - tMin)));
}

/**
 * Potential evapotranspiration, mm/yr, by Thornthwaite's method on Camargo's effective temperatures of twelve
 * months (mean temperatures and day-night ranges); the heat index stays that of the mean temperatures, as in
 * Camargo et al. (1999).
 */
export function effectiveThornthwaitePet(monthlyT: readonly number[], monthlyRangeC: readonly number[], lat: number): number {
  const tef = monthlyT.map((t, m) => effectiveTemperature(t, monthlyRangeC[m]!));
  return potentialEvap(tef, lat, heatIndex(monthlyT));
}
