/**
 * Flood depth, level and money at one point, from the layer store only: per flood kind either the depths, the
 * level and the loss, or the "not available" answer. Never a figure derived from the screening index.
 */
import { continentOf } from "~/domain/flood-loss/continents";
import { aqueductSlotFor } from "~/domain/flood-loss/aqueduct-names";
import { assetFloodLoss, type AssetFloodLossResult } from "~/domain/flood-loss/asset-loss";
import type { Occupancy } from "~/domain/flood-loss/depth-damage-functions";
import { depthLevel, type DepthLevelResult } from "~/domain/flood-loss/depth-levels";
import { DEFAULT_PROTECTION_YEARS } from "~/domain/flood-loss/expected-damage";
import { depthLevelExplanation, HOW_TO_ADD_LAYER, NO_DEPTH_LAYER } from "~/domain/flood-loss/messages";
import { DEFAULT_OCCUPANCY } from "~/domain/flood-loss/occupancy";
import type { FloodDepthCurve, FloodDepthReader } from "./flood-depths.server";

export type FloodKindAnswer =
  | { available: false; message: string; howToAdd: string }
  | {
      available: true;
      curve: FloodDepthCurve;
      level: DepthLevelResult;
      explanation: string;
      loss: AssetFloodLossResult;
    };

export interface FloodAtPointInput {
  lat: number;
  lon: number;
  countryCode: string | null;
  scenario: string;
  period: string;
  occupancy?: Occupancy | null;
  valueEur?: number | null;
  protectionYears?: number;
}

export async function floodAtPoint(
  reader: FloodDepthReader,
  q: FloodAtPointInput,
): Promise<Record<"river" | "coastal", FloodKindAnswer>> {
  const slot = aqueductSlotFor(q.scenario, q.period);
  const depths = slot
    ? await reader.depthsAt(q.lat, q.lon, slot.scenario, slot.period)
    : { river: null, coastal: null };
  const continent = continentOf(q.countryCode);
  const answer = (curve: FloodDepthCurve | null): FloodKindAnswer => {
    if (!curve) return { available: false, message: NO_DEPTH_LAYER, howToAdd: HOW_TO_ADD_LAYER };
    const known = curve.depths
      .filter((d) => d.depthM !== null)
      .map((d) => ({ returnPeriod: d.returnPeriod, depthM: d.depthM! }));
    const level = depthLevel(known);
    const loss: AssetFloodLossResult = continent
      ? assetFloodLoss(curve.depths, {
          occupancy: q.occupancy ?? DEFAULT_OCCUPANCY,
          continent,
          protectionYears: q.protectionYears ?? DEFAULT_PROTECTION_YEARS,
          valueEur: q.valueEur,
        })
      : { ok: false, reason: "no-curve", message: "no continent known for this place, so no damage function applies" };
    return {
      available: true,
      curve,
      level,
      explanation: depthLevelExplanation(curve.kind, level.reason, curve.sources.map((s) => s.name).join("; ")),
      loss,
    };
  };
  return { river: answer(depths.river), coastal: answer(depths.coastal) };
}
