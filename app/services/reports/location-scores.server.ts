/** One point through the risk engine into the report model (single-location reports, benches). */
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import type { AssessedLocation, LocationScores, SlotScore } from "~/domain/reports/types";
import { SLOTS } from "~/domain/hazards/scenarios";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import type { HazardScoreItem, PlacedPoint } from "~/risk/types";

function slotScore(item: HazardScoreItem): SlotScore {
  return { value: item.value, level: item.score, applicable: item.applicable };
}

/**
 * Every hazard (AL included) in every slot of an H3 resolution-4 cell or, given a land point in it, of that point
 * (scored from its own drivers).
 */
export function locationScores(engine: RiskEngine, hexagon: string, point?: PlacedPoint): LocationScores {
  const out = Object.fromEntries(HAZARD_IDS.map((h) => [h, [] as SlotScore[]])) as LocationScores;
  for (const slot of SLOTS) {
    const r = point ? engine.scoreAt(point, { kind: "hexagon", code: point.hexagon_code }, slot.scenario, slot.period) : engine.scores(hexagon, slot.scenario, slot.period);
    out.AL[slot.index] = slotScore(r.aggregate);
    for (const item of r.hazards) out[item.hazard_id][slot.index] = slotScore(item);
  }
  return out;
}

export interface PointInput {
  rowNumber: number;
  assetId: string;
  name: string;
  lat: number;
  lon: number;
  weight?: number | null;
  userColumns?: Record<string, string>;
}

/** A point assessed, or excluded with the engine's reason (at sea, invalid coordinates). */
export function assessPoint(engine: RiskEngine, p: PointInput, cache?: Map<string, LocationScores>): AssessedLocation {
  const base = {
    rowNumber: p.rowNumber,
    assetId: p.assetId,
    name: p.name,
    lat: p.lat,
    lon: p.lon,
    userColumns: p.userColumns ?? {},
    weight: p.weight === undefined ? 1 : p.weight,
  };
  const loc = engine.placePoint(p.lat, p.lon);
  if (loc.status !== "ok")
    return { ...base, countryCode: null, regionCode: null, hexagon: null, status: "excluded", reason: loc.message, scores: null };
  // each point is scored from its own drivers: the cache is by the land point scored (books repeat their sites)
  const key = `${loc.at.lat},${loc.at.lon}`;
  let scores = cache?.get(key);
  if (!scores) {
    scores = locationScores(engine, loc.hexagon_code, loc);
    cache?.set(key, scores);
  }
  return {
    ...base,
    countryCode: loc.country_code,
    regionCode: loc.region_code,
    hexagon: loc.hexagon_code,
    status: "valid",
    reason: null,
    scores,
  };
}
