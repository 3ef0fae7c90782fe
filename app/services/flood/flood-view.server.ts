/**
 * The dashboard's flood-loss view of a point: the historical baseline and the page's scenario and period, read from
 * the layer store with the occupancy, value and protection standard the view's form names.
 */
import type { FloodKindResult } from "~/domain/api-contract/flood";
import { aqueductSlotFor } from "~/domain/flood-loss/aqueduct-names";
import { NO_PUBLISHED_SLOT } from "~/domain/flood-loss/messages";
import { FLOOD_VIEW_PARAMS } from "~/domain/flood-loss/point-view";
import { parseFloodViewParams, type FloodViewSelection } from "~/domain/flood-loss/point-view-params";
import { PERIODS, SCENARIOS, type PeriodId, type ScenarioId } from "~/domain/hazards/scenarios";
import { logger } from "../infra/logger.server";
import { floodLossAtPoint } from "./flood-loss.server";

export interface FloodViewSlot {
  label: string;
  /** Why this slot has no maps at all (RCP2.6, 2040), or null. */
  unpublished: string | null;
  river: FloodKindResult | null;
  coastal: FloodKindResult | null;
}

export interface FloodView {
  point: { lat: number; lon: number };
  selection: FloodViewSelection;
  slots: FloodViewSlot[];
  /** The page's other URL parameters, kept as hidden fields by the view's form. */
  keep: [string, string][];
  /** A layer that could not be read: said, not hidden behind a figure. */
  error: string | null;
}

const FLOOD_PARAM_NAMES: readonly string[] = Object.values(FLOOD_VIEW_PARAMS);

export async function floodViewForPage(
  point: { lat: number; lon: number } | null,
  slot: { scenario: string; period: string },
  url: URL,
): Promise<FloodView | null> {
  if (!point) return null;
  const selection = parseFloodViewParams(url.searchParams);
  const wanted = [{ scenario: "hist", period: "hist" }, ...(slot.scenario === "hist" ? [] : [slot])];
  const keep = [...url.searchParams].filter(([k]) => !FLOOD_PARAM_NAMES.includes(k));
  try {
    const slots = await Promise.all(
      wanted.map(async (s): Promise<FloodViewSlot> => {
        const label =
          s.scenario === "hist"
            ? SCENARIOS.hist.name
            : `${SCENARIOS[s.scenario as ScenarioId]?.name ?? s.scenario} ${PERIODS[s.period as PeriodId]?.name ?? s.period}`;
        if (!aqueductSlotFor(s.scenario, s.period))
          return { label, unpublished: NO_PUBLISHED_SLOT(label), river: null, coastal: null };
        const r = await floodLossAtPoint({
          ...point,
          ...s,
          occupancy: selection.occupancy,
          valueEur: selection.valueEur,
          protectionYears: selection.protectionYears,
        });
        return { label, unpublished: null, river: r.river, coastal: r.coastal };
      }),
    );
    return { point, selection, slots, keep, error: null };
  } catch (error) {
    logger.error({ err: error }, "flood-depth layer could not be read");
    return {
      point,
      selection,
      slots: [],
      keep,
      error: `The flood-depth layers could not be read: ${(error as Error).message}`,
    };
  }
}
