/**
 * Plain reasons for a location's hazards, read from the engine's explanations: the same sentences the dashboard,
 * the API (`explain=1`) and the single-location report show.
 */
import type { HazardId } from "~/domain/hazards/hazards";
import { withLimitNote } from "~/domain/hazards/input-limits";
import type { PeriodId, ScenarioId } from "~/domain/hazards/scenarios";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import type { HazardScoresResult } from "~/risk/types";
import { nearestPlaceName } from "../maps/places.server";

export type HazardReasons = (
  loc: { lat: number | null; lon: number | null; hexagon: string | null },
  hazard: HazardId,
  slot: { scenario: ScenarioId; period: PeriodId },
) => string | null;

/** Reasons from the engine; a hexagon is named by the town its point is in or near. Null where there is none. */
export function engineHazardReasons(engine: () => RiskEngine = getRiskEngine): HazardReasons {
  const explained = new Map<string, HazardScoresResult | null>();
  return (loc, hazard, slot) => {
    if (!loc.hexagon) return null;
    const key = `${loc.hexagon}:${loc.lat}:${loc.lon}:${slot.scenario}:${slot.period}`;
    let r = explained.get(key);
    if (r === undefined) {
      let name: string | null = null;
      try {
        if (loc.lat !== null && loc.lon !== null) name = nearestPlaceName(loc.lat, loc.lon);
      } catch {
        // without the place list the sentence says "the point's hexagon"
      }
      try {
        const e = engine();
        r =
          loc.lat !== null && loc.lon !== null
            ? e.pointScores(loc.lat, loc.lon, loc.hexagon, slot.scenario, slot.period, {
                explain: true,
                place: { kind: "point", name },
              })
            : e.scores(loc.hexagon, slot.scenario, slot.period, { explain: true, place: { kind: "hexagon", name } });
      } catch {
        r = null;
      }
      explained.set(key, r);
    }
    const item = r ? (hazard === "AL" ? r.aggregate : r.hazards.find((h) => h.hazard_id === hazard)) : undefined;
    return item?.explanation?.summary ? withLimitNote(item.explanation.summary, item.confidence_note) : null;
  };
}
