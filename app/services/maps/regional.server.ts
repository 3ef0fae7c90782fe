/**
 * The regional view: every region of a country at one hazard, scenario and period, each region's values only when
 * the caller may read that region (the entitlement rule, as hazard_scores applies it).
 */
import { ENTITLEMENT_MESSAGES, canAccess, type PurchaseModal } from "~/domain/commerce/entitlements";
import { NO_DATA_COLOUR } from "~/domain/geo/map/map-levels";
import type { LocationMapData } from "~/domain/geo/map/location-map";
import { mapLevelColour, mapLevelLabel } from "~/domain/geo/map/map-levels";
import { REGION_LOCKED_LABEL, sortRegionalRows, type RegionalQuery, type RegionalRow } from "~/domain/geo/regional";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { accessContextFor, type AccessCaller } from "../commerce/entitlements.server";
import { NotFoundError } from "../http/errors.server";
import { regionalMapData } from "./map-data.server";

export type RegionalView =
  | { allowed: true; countryName: string; rows: RegionalRow[]; map: LocationMapData }
  | { allowed: false; countryName: string; modal: PurchaseModal | null; message: string };

/** The rows of the table and the CSV; a region `readable` refuses keeps its name and code, never its values. */
export function regionalRows(q: RegionalQuery, readable: (regionCode: string) => boolean): RegionalRow[] {
  const engine = getRiskEngine();
  const rows = engine.regions(q.country).map((r): RegionalRow => {
    if (!readable(r.region_code))
      return {
        code: r.region_code,
        name: r.region_name,
        score: null,
        value: null,
        label: REGION_LOCKED_LABEL,
        colour: NO_DATA_COLOUR,
        locked: true,
      };
    const result = engine.scores(r.region_code, q.scenario, q.period);
    const item = q.hazardId === "AL" ? result.aggregate : result.hazards.find((h) => h.hazard_id === q.hazardId)!;
    const level = { score: item.score, state: item.state };
    return {
      code: r.region_code,
      name: r.region_name,
      score: item.score,
      value: item.value,
      label: mapLevelLabel(level),
      colour: mapLevelColour(level),
      locked: false,
    };
  });
  return sortRegionalRows(rows, q.sort, q.dir);
}

/** Open when the caller may read the country or at least one of its regions; each region shows only if readable. */
export async function regionalView(caller: AccessCaller, q: RegionalQuery): Promise<RegionalView> {
  const country = getRiskEngine()
    .countries()
    .find((c) => c.country_code === q.country);
  if (!country) throw new NotFoundError(`Unknown country code ${q.country}`);
  const countryName = country.country_name;
  const ctx = await accessContextFor(caller);
  const readable = (regionCode: string) => canAccess(ctx, "region", regionCode).allowed;
  const rows = regionalRows(q, readable);
  const decision = canAccess(ctx, "country", q.country);
  if (!decision.allowed && rows.every((r) => r.locked))
    return {
      allowed: false,
      countryName,
      modal: decision.modal,
      message: ENTITLEMENT_MESSAGES.notEntitled("country", q.country),
    };
  return {
    allowed: true,
    countryName,
    rows,
    map: regionalMapData(q.country, q.hazardId, q.scenario, q.period, readable),
  };
}
