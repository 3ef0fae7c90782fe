/** The regional view: every region of a country at one hazard, scenario and period, if the caller may read it. */
import { ENTITLEMENT_MESSAGES, type PurchaseModal } from "~/domain/entitlements";
import { mapLevelColour, mapLevelLabel, type LocationMapData } from "~/domain/location-map";
import { sortRegionalRows, type RegionalQuery, type RegionalRow } from "~/domain/regional";
import { getRiskEngine } from "~/risk/engine.server";
import { checkAccess, type AccessCaller } from "./entitlements.server";
import { NotFoundError } from "./errors.server";
import { regionalMapData } from "./map-data.server";

export type RegionalView =
  | { allowed: true; countryName: string; rows: RegionalRow[]; map: LocationMapData }
  | { allowed: false; countryName: string; modal: PurchaseModal | null; message: string };

export function regionalRows(q: RegionalQuery): RegionalRow[] {
  const engine = getRiskEngine();
  const rows = engine.regions(q.country).map((r) => {
    const result = engine.scores(r.region_code, q.scenario, q.period);
    const item = q.hazardId === "AL" ? result.aggregate : result.hazards.find((h) => h.hazard_id === q.hazardId)!;
    const level = { score: item.score, state: item.state };
    return { code: r.region_code, name: r.region_name, score: item.score, value: item.value, label: mapLevelLabel(level), colour: mapLevelColour(level) };
  });
  return sortRegionalRows(rows, q.sort, q.dir);
}

export async function regionalView(caller: AccessCaller, q: RegionalQuery): Promise<RegionalView> {
  const country = getRiskEngine().countries().find((c) => c.country_code === q.country);
  if (!country) throw new NotFoundError(`Unknown country code ${q.country}`);
  const countryName = country.country_name;
  const decision = await checkAccess(caller, { kind: "country", code: q.country });
  if (!decision.allowed) return { allowed: false, countryName, modal: decision.modal, message: ENTITLEMENT_MESSAGES.notEntitled("country", q.country) };
  return { allowed: true, countryName, rows: regionalRows(q), map: regionalMapData(q.country, q.hazardId, q.scenario, q.period) };
}
