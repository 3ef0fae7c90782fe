/** One place's scores through the risk engine into the report model (single-location reports, benches). */
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import type { LocationScores, SlotScore } from "~/domain/reports/types";
import { SLOTS } from "~/domain/hazards/scenarios";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import type { FloodLayerSlot } from "~/risk/engine/flood-layer-scores";
import type { HazardScoreItem, PlacedPoint } from "~/risk/types";

function slotScore(item: HazardScoreItem): SlotScore {
  const s: SlotScore = { value: item.value, level: item.score, applicable: item.applicable };
  return item.source?.type === "flood_depth_layer" ? { ...s, fromDepthMap: true } : s;
}

/**
 * Every hazard (AL included) in every slot of an H3 resolution-4 cell or, given a land point in it, of that point
 * (scored from its own drivers).
 */
export function locationScores(
  engine: RiskEngine,
  hexagon: string,
  point?: PlacedPoint,
  /** The flood-depth layers read at the point, in SLOTS order (floodLayersAt): river and coastal flood from them. */
  floodLayers?: readonly FloodLayerSlot[],
): LocationScores {
  const out = Object.fromEntries(HAZARD_IDS.map((h) => [h, [] as SlotScore[]])) as LocationScores;
  for (const slot of SLOTS) {
    const r = point
      ? engine.scoreAt(point, { kind: "hexagon", code: point.hexagon_code }, slot.scenario, slot.period, {
          floodLayers: floodLayers?.[slot.index],
        })
      : engine.scores(hexagon, slot.scenario, slot.period);
    out.AL[slot.index] = slotScore(r.aggregate);
    for (const item of r.hazards) out[item.hazard_id][slot.index] = slotScore(item);
  }
  return out;
}
