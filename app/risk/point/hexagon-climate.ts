/**
 * A point's climate between hexagon centres. The climate inputs (10′ temperature and precipitation, the model year's
 * shape, warm-sea months) are stored once per resolution-4 hexagon (≈ 45 km across); a point that took its own
 * hexagon's would jump where two hexagons meet. Instead it reads them linearly between the centres of the three
 * hexagons around it (the triangle of centres it lies in), so they change gradually across every hexagon edge, and a
 * point at its hexagon's centre reads its hexagon's alone. Pure.
 */
import type { CellInputs } from "../formulas";

/**
 * The inputs that describe the climate over a hexagon rather than its ground, read between hexagon centres.
 * `elevMean` is the height the hexagon's temperatures belong to: blended with them, the point's lapse-rate step
 * (point-score.ts) starts from the height of the blended temperatures.
 */
export const CLIMATE_FIELDS = [
  "elevMean",
  "tJul",
  "tDec",
  "pJul",
  "pDec",
  "tHotOffset",
  "tColdOffset",
  "tMeanOffset",
  "sstMonths",
] as const satisfies readonly (keyof CellInputs)[];

/**
 * The weights of the hexagons whose climate a point reads: the barycentric weights of the point in the triangle of
 * the three hexagon centres nearest to it (its own and two neighbours), in a local plane (degrees of longitude
 * shortened by the cosine of the latitude). A weight that falls below 0 (a point just outside the triangle, as
 * hexagon centres are not a perfect lattice) counts 0; the weights sum to 1. The centres are `count` from `offset`
 * of `lats`/`lons` (the own hexagon's and its neighbours', in gridDisk order); each weight names its centre's index
 * from `offset`. null where the nearest three centres make no triangle (the own hexagon's climate alone).
 */
export function triangleWeights(
  lat: number,
  lon: number,
  lats: ArrayLike<number>,
  lons: ArrayLike<number>,
  offset: number,
  count: number,
): { index: number; weight: number }[] | null {
  const kx = Math.cos((lat * Math.PI) / 180);
  const near: { index: number; x: number; y: number; d2: number }[] = [];
  for (let i = 0; i < count; i++) {
    // longitude difference through the shorter way round (hexagons across the antimeridian)
    const dLon = ((((lons[offset + i]! - lon) % 360) + 540) % 360) - 180;
    const x = dLon * kx,
      y = lats[offset + i]! - lat;
    const p = { index: i, x, y, d2: x * x + y * y };
    // nearest first; a tie keeps gridDisk's order
    let at = near.length;
    while (at > 0 && near[at - 1]!.d2 > p.d2) at--;
    near.splice(at, 0, p);
  }
  const [a, b, c] = near;
  if (!a || !b || !c) return null;
  // the point is the origin of the plane: its barycentric coordinates in triangle abc
  const det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
  if (Math.abs(det) < 1e-12) return null;
  const wa = ((b.y - c.y) * (0 - c.x) + (c.x - b.x) * (0 - c.y)) / det;
  const wb = ((c.y - a.y) * (0 - c.x) + (a.x - c.x) * (0 - c.y)) / det;
  const raw = [wa, wb, 1 - wa - wb].map((w) => Math.max(0, w));
  const total = raw[0]! + raw[1]! + raw[2]!;
  return [a, b, c].map((p, i) => ({ index: p.index, weight: raw[i]! / total })).filter((w) => w.weight > 0);
}

/**
 * The climate inputs blended from the hexagons read (each field over the hexagons that have it, by their weights),
 * written into `target` (inputs its caller owns: the own hexagon's, copied), which it returns; a field no hexagon
 * read has keeps the target's value.
 */
export function blendClimateInto(
  target: CellInputs,
  read: readonly { fields: Readonly<Record<string, number>>; weight: number }[],
): CellInputs {
  for (const name of CLIMATE_FIELDS) {
    let sum = 0,
      weights = 0;
    for (const r of read) {
      const v = r.fields[name];
      if (v === undefined || !Number.isFinite(v)) continue;
      sum += r.weight * v;
      weights += r.weight;
    }
    if (weights > 0) target[name] = sum / weights;
  }
  return target;
}
