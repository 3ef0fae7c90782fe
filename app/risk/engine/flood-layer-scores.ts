/**
 * River flood (FD) and coastal flood (SS) of a point from a flood-depth layer where one covers it: the band follows
 * the depth rule (domain/flood-loss/depth-levels.ts), the index value is not given (a depth is not an index), and
 * the item says its source. Where no layer answers, the screening index stands and its note says why. No I/O here:
 * the caller reads the depths (services/flood/flood-layer-scores.server.ts) and RiskEngine.scoreAt applies them.
 */
import type { FloodKind } from "~/domain/flood-loss/aqueduct-names";
import { DEPTH_LEVEL_SOURCE, depthLevel } from "~/domain/flood-loss/depth-levels";
import { AGGREGATE_WITH_LAYER_NOTE, SCREENING_NOTES, depthLevelExplanation } from "~/domain/flood-loss/messages";
import { levelForScore } from "~/domain/hazards/risk-levels";
import type { HazardExplanation, HazardScoreItem, HazardScoresResult } from "../types";

/** The hazard each depth layer kind scores. */
export const FLOOD_LAYER_HAZARD = { river: "FD", coastal: "SS" } as const satisfies Record<FloodKind, string>;

/** One kind's depths at the point, as the layer store holds them for the slot. */
export interface FloodLayerReading {
  layer: string;
  layerScenario: string;
  layerPeriod: string;
  variant: string;
  depths: readonly { returnPeriod: number; depthM: number | null }[];
}

/** Per flood kind: the layer's depths at the point, or the note saying why the screening index stands. */
export type FloodLayerSlot = Record<FloodKind, FloodLayerReading | { note: string }>;

/** The same note for both kinds (no published slot, a store that cannot be read). */
export function screeningOnly(note: string): FloodLayerSlot {
  return { river: { note }, coastal: { note } };
}

function sentence(note: string): string {
  return note.charAt(0).toUpperCase() + note.slice(1) + ".";
}

function screeningItem(item: HazardScoreItem, note: string): HazardScoreItem {
  const explanation = item.explanation?.summary
    ? { ...item.explanation, summary: `${sentence(note)} ${item.explanation.summary}` }
    : item.explanation;
  return { ...item, ...(explanation ? { explanation } : {}), source: { type: "screening_index", note } };
}

/** Depths as the layers store them are Float32: given to the millimetre. */
const mm = (d: number | null) => (d === null ? null : Math.round(d * 1000) / 1000);

function layerItem(
  item: HazardScoreItem,
  kind: FloodKind,
  reading: FloodLayerReading,
  explain: boolean,
): HazardScoreItem {
  const known = reading.depths.flatMap((d) =>
    d.depthM === null ? [] : [{ returnPeriod: d.returnPeriod, depthM: d.depthM }],
  );
  if (known.length === 0) return screeningItem(item, SCREENING_NOTES.noValue);
  const lv = depthLevel(known);
  const level = levelForScore(lv.band);
  // the layer's depth replaces the index, and with it the index's note of where its inputs cannot see
  const { explanation: _screening, confidence_note: _indexLimit, ...rest } = item;
  const out: HazardScoreItem = {
    ...rest,
    value: null,
    score: lv.band,
    level: level.code,
    confidence: "grounded",
    applicable: true,
    state: "ok",
    source: {
      type: "flood_depth_layer",
      layer: reading.layer,
      layer_scenario: reading.layerScenario,
      layer_period: reading.layerPeriod,
      variant: reading.variant,
      depths: reading.depths.map((d) => ({ return_period: d.returnPeriod, depth_m: mm(d.depthM) })),
      rule: DEPTH_LEVEL_SOURCE,
      reason: lv.reason,
    },
  };
  if (!explain) return out;
  const explanation: HazardExplanation = {
    summary: `${depthLevelExplanation(kind, lv.reason, reading.layer)} That is ${level.label}.`,
    formula: DEPTH_LEVEL_SOURCE,
    inputs: Object.fromEntries(
      reading.depths.map((d) => [
        `depth_rp${d.returnPeriod}`,
        { value: mm(d.depthM), unit: "m", label: `water depth at the 1-in-${d.returnPeriod}-year flood` },
      ]),
    ),
    steps: [],
    note: `Read at the pixel that holds the point (${reading.layer}, ${reading.layerScenario} ${reading.layerPeriod}); not the screening index.`,
  };
  return { ...out, explanation };
}

/**
 * A point's scores with FD and SS from the depth layers where `slot` has them, from the index with its note where
 * not. The aggregate stays the index's mean and says so when a layer scored either.
 */
export function withFloodLayerScores(
  r: HazardScoresResult,
  slot: FloodLayerSlot,
  explain: boolean,
): HazardScoresResult {
  let fromLayer = false;
  const hazards = r.hazards.map((item) => {
    const kind = (Object.keys(FLOOD_LAYER_HAZARD) as FloodKind[]).find((k) => FLOOD_LAYER_HAZARD[k] === item.hazard_id);
    if (!kind) return item;
    const input = slot[kind];
    if ("note" in input) return screeningItem(item, input.note);
    const scored = layerItem(item, kind, input, explain);
    fromLayer ||= scored.source?.type === "flood_depth_layer";
    return scored;
  });
  const aggregate = fromLayer
    ? { ...r.aggregate, source: { type: "screening_index" as const, note: AGGREGATE_WITH_LAYER_NOTE } }
    : r.aggregate;
  return { ...r, hazards, aggregate };
}

/** An area's scores (hexagon, region, country): FD and SS are the index's, and say so. */
export function withAreaFloodSources(r: HazardScoresResult): HazardScoresResult {
  return withFloodLayerScores(r, screeningOnly(SCREENING_NOTES.area), false);
}
