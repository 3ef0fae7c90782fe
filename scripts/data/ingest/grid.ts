import { latLngToCell } from 'h3-js';
import { H3_RESOLUTION } from './axes';
import { IngestError, type IngestedLayer, type IngestFormat, type ScaleOption } from './types';

/**
 * A lat/lon grid given by its pixel-centre coordinates. Rows follow `lats`, columns follow `lons`;
 * neither needs to be ascending or evenly spaced. `values` is row-major (row * lons.length + col), NaN = missing.
 */
export interface PointGrid {
  lats: ArrayLike<number>;
  lons: ArrayLike<number>;
  values: Float64Array;
}

export interface AggregateOptions {
  hazard: string;
  slot: string;
  scale?: ScaleOption;
  areaWeighted?: boolean;
  format: IngestFormat;
  file: string;
  /** Warnings gathered by the reader before aggregation; aggregation appends to them. */
  warnings: string[];
}

// H3 res-4 hexagons are ~0.4° across at the equator; sparser pixel centres leave some cells without a sample.
const COARSE_SPACING_DEG = 0.2;
const RANGE_TOLERANCE = 1e-6;

/** Wraps any longitude (e.g. CF 0..360) into [-180, 180). */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

export function checkScale(scale: ScaleOption | undefined): void {
  if (!scale) return;
  if (!Number.isFinite(scale.min) || !Number.isFinite(scale.max) || scale.max <= scale.min) {
    throw new IngestError(`scale needs finite min < max, got min=${scale.min} max=${scale.max}`);
  }
}

function medianStep(coords: ArrayLike<number>): number {
  if (coords.length < 2) return 0;
  const steps: number[] = [];
  for (let i = 1; i < coords.length; i++) steps.push(Math.abs(coords[i] - coords[i - 1]));
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1];
}

/** Samples every pixel centre into its H3 res-4 cell and averages per cell. Shared by all gridded readers. */
export function aggregateGrid(grid: PointGrid, opts: AggregateOptions): IngestedLayer {
  const { lats, lons, values } = grid;
  const nx = lons.length;
  const ny = lats.length;
  if (values.length !== nx * ny) {
    throw new IngestError(`grid has ${values.length} values but ${ny} rows × ${nx} columns`);
  }
  checkScale(opts.scale);
  const warnings = opts.warnings;
  const weighted = opts.areaWeighted !== false;
  const scale = opts.scale;

  const sums = new Map<string, { sum: number; weight: number }>();
  let missing = 0;
  let badLat = 0;
  let clamped = 0;
  let lo = Infinity;
  let hi = -Infinity;

  const wrapped = new Float64Array(nx);
  for (let c = 0; c < nx; c++) wrapped[c] = wrapLongitude(lons[c]);

  for (let r = 0; r < ny; r++) {
    const lat = lats[r];
    const rowOk = Number.isFinite(lat) && lat >= -90 && lat <= 90;
    const w = weighted ? Math.max(Math.cos((lat * Math.PI) / 180), 0) : 1;
    for (let c = 0; c < nx; c++) {
      let v = values[r * nx + c];
      if (Number.isNaN(v)) {
        missing++;
        continue;
      }
      if (!rowOk || !Number.isFinite(wrapped[c])) {
        badLat++;
        continue;
      }
      if (scale) {
        v = (v - scale.min) / (scale.max - scale.min);
        if (v < 0 || v > 1) {
          clamped++;
          v = v < 0 ? 0 : 1;
        }
      } else {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
        // Packed data often lands a hair outside 0..1 (e.g. 250 × float32 0.004); beyond the tolerance we throw below.
        if (v < 0 || v > 1) {
          if (v < -RANGE_TOLERANCE || v > 1 + RANGE_TOLERANCE) continue;
          v = v < 0 ? 0 : 1;
        }
      }
      const cell = latLngToCell(lat, wrapped[c], H3_RESOLUTION);
      // Pixels at the poles have zero cos-weight; keep them countable.
      const weight = w > 0 ? w : 1e-12;
      const acc = sums.get(cell);
      if (acc) {
        acc.sum += v * weight;
        acc.weight += weight;
      } else {
        sums.set(cell, { sum: v * weight, weight });
      }
    }
  }

  if (!scale && (lo < -RANGE_TOLERANCE || hi > 1 + RANGE_TOLERANCE)) {
    throw new IngestError(`values range ${lo}..${hi} is outside 0..1: pass scale {min, max} to normalise them`);
  }

  const cells = new Map<string, number>();
  for (const [cell, { sum, weight }] of sums) cells.set(cell, Math.min(1, Math.max(0, sum / weight)));

  if (missing) warnings.push(`${missing} pixels were missing (fill/nodata) and skipped`);
  if (badLat) warnings.push(`${badLat} pixels had latitudes outside -90..90 and were skipped`);
  if (clamped)
    warnings.push(`${clamped} pixels fell outside scale ${scale!.min}..${scale!.max} and were clamped to 0..1`);
  const step = Math.max(medianStep(lats), medianStep(lons));
  if (step > COARSE_SPACING_DEG) {
    warnings.push(
      `grid spacing ~${step.toFixed(3)}° is coarser than H3 res-4 cells (~0.4° across): cells between pixel centres get no value`,
    );
  }
  if (cells.size === 0) throw new IngestError('no valid pixels: every value was missing or out of range', warnings);

  return {
    hazard: opts.hazard,
    slots: new Map([[opts.slot, cells]]),
    source: {
      format: opts.format,
      file: opts.file,
      cellsWritten: cells.size,
      rowsRead: nx * ny,
      rowsSkipped: missing + badLat,
      warnings,
    },
  };
}
