/** One location against the hazard engine: inland check, cell, country and every hazard × scenario × period. */
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import type { AssessedPoint } from "~/domain/portfolio/stats";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import { valuesOfCodes } from "~/risk/dataset";

export interface Assessment extends AssessedPoint {
  region: string | null;
  /**
   * The stored value codes behind `values` (layout [hazard][slot]; not applicable and no data kept apart), the
   * point's own or its cell's: the report's per-location scores read these, so every figure of a report comes from
   * the one assessment. Shared between callers like `values`: read, never write.
   */
  codes: Uint8Array;
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
  const codes = new Uint8Array(H * SLOT_COUNT);
  for (let h = 0; h < H; h++)
    for (let s = 0; s < SLOT_COUNT; s++) codes[h * SLOT_COUNT + s] = engine.valueCode(row, h, s);
  const values = valuesOfCodes(codes);
  const cell = {
    country: country.code,
    countryName: country.name,
    region: engine.regionOfRow(row),
    hexagon,
    values,
    codes,
    population: engine.populationOfRow(row),
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(row, cell);
  return cell;
}

/**
 * The point's land cell, or null where the engine's locate says the point is not on land (at sea, off every
 * outline). The cell is the point's own when the dataset has it, else the one locate snaps to along the coast.
 * Scores are the point's own (RiskEngine.pointValues: its drivers at their finest resolution), the cell's where it
 * has none; country and region are the point's own too (its polygon, as the API's location lookup answers): a
 * hexagon near a border holds land of two regions, and the cell's majority region is not where the point is.
 * The answer is shared by every caller of the same coordinates, without a copy: read it, never write it.
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

const pointCaches = new WeakMap<
  RiskEngine,
  Map<number, { lat: number; lon: number; a: Omit<Assessment, "weight"> | null }>
>();

/**
 * The engine's locate decides what is on land, for the upload as for location_codes and get_data/hazards: a point
 * it calls at sea is not scored (nor billed) even when its hexagon holds land further along the coast.
 */
function assessUncached(engine: RiskEngine, lat: number, lon: number): Omit<Assessment, "weight"> | null {
  // the one place every path scores from: the land point it snapped to, off the shore, and that point's hexagon
  const place = engine.placePoint(lat, lon);
  if (place.status !== "ok" || place.row < 0) return null;
  const cell = cellAssessment(engine, place.row, place.hexagon_code);
  if (!cell) return null;
  // the values are the point's own (its drivers at their finest resolution), the hexagon's where it has none
  const own = engine.pointValueCodes(place.at.lat, place.at.lon, place.row);
  const codes = own ?? cell.codes;
  const values = own ? valuesOfCodes(own) : cell.values;
  return {
    ...cell,
    values,
    codes,
    country: place.country_code,
    countryName: place.country_name,
    region: place.region_code,
  };
}
