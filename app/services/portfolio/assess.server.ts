/** One location against the hazard engine: inland check, cell, country and every hazard × scenario × period. */
import { latLngToCell } from "h3-js";
import { HAZARD_IDS } from "~/domain/hazards";
import { HEXAGON_RESOLUTION, finestReadableLevel, type AccessContext, type LocationKind } from "~/domain/entitlements";
import { SLOTS, SLOT_COUNT } from "~/domain/scenarios";
import type { AssessedPoint } from "~/domain/portfolio/stats";
import type { RiskEngine } from "~/risk/engine";
import { VALUE_SCALE } from "~/risk/dataset";

export interface Assessment extends AssessedPoint {
  region: string | null;
}

const H = HAZARD_IDS.length;

type CellAssessment = Omit<Assessment, "weight">;

/** Cells already read, per engine: portfolios cluster, so most rows reuse a cell's values. Bounded. */
const CACHE_MAX = 50_000;
const caches = new WeakMap<RiskEngine, Map<number, CellAssessment>>();

function cellAssessment(engine: RiskEngine, row: number, hexagon: string): CellAssessment | null {
  let cache = caches.get(engine);
  if (!cache) caches.set(engine, (cache = new Map()));
  const hit = cache.get(row);
  if (hit) return hit;
  const country = engine.countryOfRow(row);
  if (!country) return null;
  const values = new Float32Array(H * SLOT_COUNT);
  for (let h = 0; h < H; h++)
    for (let s = 0; s < SLOT_COUNT; s++) {
      const code = engine.valueCode(row, h, s);
      values[h * SLOT_COUNT + s] = code > VALUE_SCALE ? NaN : code / VALUE_SCALE;
    }
  const cell = {
    country: country.code,
    countryName: country.name,
    region: engine.regionOfRow(row),
    hexagon,
    values,
    population: engine.populationOfRow(row),
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(row, cell);
  return cell;
}

/**
 * The point's land cell, or null at sea. The fast path is the cell itself; a point whose cell is not over land in
 * the dataset falls back to the outline lookup, which takes the nearest land cell along simplified coasts.
 * Scores are the cell's; country and region are the point's own (its polygon, as the API's location lookup answers):
 * a hexagon near a border holds land of two regions, and the cell's majority region is not where the point is.
 * The values array is shared between points of one cell: read it, never write it.
 */
export function assessPoint(engine: RiskEngine, lat: number, lon: number, weight = 1): Assessment | null {
  const a = assessLocation(engine, lat, lon);
  return a && { ...a, weight };
}

/**
 * assessPoint without the weight, and without a copy: the answer is shared by every caller of the same coordinates,
 * so read it, never write it. The loops over every row of a file use this one.
 */
export function assessLocation(engine: RiskEngine, lat: number, lon: number): Omit<Assessment, "weight"> | null {
  // Books repeat their sites, and a report reads every row several times: the same coordinates, the same answer.
  let points = pointCaches.get(engine);
  if (!points) pointCaches.set(engine, (points = new Map()));
  const key = pointKey(lat, lon);
  const hit = points.get(key);
  if (hit && hit.lat === lat && hit.lon === lon) return hit.a;
  const a = assessUncached(engine, lat, lon);
  if (points.size >= CACHE_MAX) points.clear();
  points.set(key, { lat, lon, a });
  return a;
}

/** Numeric key of coordinates at 5 decimals; the entry keeps the exact coordinates it answers for. */
function pointKey(lat: number, lon: number): number {
  return Math.round((lat + 90) * 1e5) * 4e7 + Math.round((lon + 180) * 1e5);
}

const pointCaches = new WeakMap<RiskEngine, Map<number, { lat: number; lon: number; a: Omit<Assessment, "weight"> | null }>>();

function assessUncached(engine: RiskEngine, lat: number, lon: number): Omit<Assessment, "weight"> | null {
  const place = engine.locate(lat, lon);
  let hexagon = latLngToCell(lat, lon, HEXAGON_RESOLUTION);
  let row = engine.cellRow(hexagon);
  if (row < 0) {
    if (place.status !== "ok") return null;
    hexagon = place.hexagon_code;
    row = engine.cellRow(hexagon);
    if (row < 0) return null;
  }
  const cell = cellAssessment(engine, row, hexagon);
  if (!cell) return null;
  if (place.status !== "ok") return cell;
  return { ...cell, country: place.country_code, countryName: place.country_name, region: place.region_code };
}

/** A country's or region's values in the cells' layout (hazard-major, NaN for no data), read once per engine. */
const areaCaches = new WeakMap<RiskEngine, Map<string, Float32Array>>();

function areaValues(engine: RiskEngine, code: string): Float32Array {
  let cache = areaCaches.get(engine);
  if (!cache) areaCaches.set(engine, (cache = new Map()));
  const hit = cache.get(code);
  if (hit) return hit;
  const values = new Float32Array(H * SLOT_COUNT).fill(NaN);
  for (const slot of SLOTS) {
    const r = engine.scores(code, slot.scenario, slot.period);
    for (const item of [r.aggregate, ...r.hazards])
      if (item.value !== null) values[HAZARD_IDS.indexOf(item.hazard_id) * SLOT_COUNT + slot.index] = item.value;
  }
  cache.set(code, values);
  return values;
}

/** What a reader sees of an assessed point: the values of one level it may read, or nothing (level null). */
export type SeenAssessment = { level: LocationKind; values: Float32Array } | { level: null; values: null };

/**
 * The entitlement rule applied to assessed points: each point shows the values of the finest level the reader may
 * read (finestReadableLevel), so a preview never shows a hexagon's values to someone who has not bought it. The
 * levels are the point's cell and the region and country that cell belongs to: the membership the rollups are
 * built from, read in O(1), so a million-row file is not slowed by outline lookups. Decisions are kept per hexagon.
 */
export function levelViewFor(engine: RiskEngine, ctx: AccessContext): (a: Omit<Assessment, "weight">) => SeenAssessment {
  const byHexagon = new Map<string, SeenAssessment>();
  return (a) => {
    const hit = byHexagon.get(a.hexagon);
    if (hit) return hit;
    const level = finestReadableLevel(ctx, { hexagon: a.hexagon, region: a.region, country: a.country });
    const seen: SeenAssessment = !level
      ? { level: null, values: null }
      : { level: level.kind, values: level.kind === "hexagon" ? a.values : areaValues(engine, level.code) };
    byHexagon.set(a.hexagon, seen);
    return seen;
  };
}
