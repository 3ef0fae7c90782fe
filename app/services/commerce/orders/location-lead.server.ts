/**
 * The single-location flow's first step: a point with its postal address becomes a lead. The answer is the
 * spec's location-lead result: lead_id, and data with the point's hazards (at the finest level the caller may read,
 * the one entitlement rule) and the caller's limits.
 */
import { pointHazardsParamsSchema } from "~/domain/api/params/riskdb-params";
import { SINGLE_LOCATION_MESSAGES, type PostalAddressLeadInput } from "~/domain/reports/single-location";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import type { AccessCaller } from "../entitlements.server";
import { getAvailableLocations } from "../entitlements.server";
import { BadRequestError, isAppError } from "../../http/errors.server";
import { pointHazards } from "../../api/risk-data-api.server";
import { createLead } from "./leads.server";

export async function createPostalAddressLead(caller: AccessCaller, input: PostalAddressLeadInput) {
  if (getRiskEngine().locate(input.lat, input.lon).status !== "ok")
    throw new BadRequestError(SINGLE_LOCATION_MESSAGES.atSea, "lat");
  const { leadId } = await createLead({
    userId: caller.user.id,
    kind: "single_location",
    postalAddress: input.postal_address,
    lat: input.lat,
    lon: input.lon,
  });
  const [scores, limits] = await Promise.all([
    pointHazards(caller, pointHazardsParamsSchema.parse({ lat: String(input.lat), lon: String(input.lon) })).catch(
      (error: unknown) => {
        // No level of this place is open to the caller: the lead still stands; the report is what they buy.
        if (isAppError(error) && (error.status === 401 || error.status === 403)) return null;
        throw error;
      },
    ),
    getAvailableLocations(caller.user),
  ]);
  return {
    status: "ok" as const,
    lead_id: leadId,
    data: {
      hazards: scores?.hazards ?? null,
      location_type: scores && "location_type" in scores ? scores.location_type : null,
      limits: {
        limit_country: limits.limit_country,
        limit_region: limits.limit_region,
        limit_hexagon: limits.limit_hexagon,
      },
    },
  };
}
