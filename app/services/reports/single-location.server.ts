/**
 * Single-location report: a point with its postal address becomes a lead and an order for one single_pdf; once
 * the lead is paid its PDF (scores of that point from the risk engine) is written once and kept in the user's reports.
 */
import { and, eq } from "drizzle-orm";
import { reportFiles } from "#db/schema/index";
import { cellToBoundary } from "h3-js";
import { formatCoordinates } from "~/domain/dashboard/dashboard";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { locationReportHazards, type LocationReportModel } from "~/domain/reports/location-report";
import { SINGLE_LOCATION_MESSAGES, SINGLE_PDF_PRODUCT } from "~/domain/reports/single-location";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { createLead, requireLead } from "../commerce/orders/leads.server";
import { createSelfServiceOrder, isLeadPaidFor } from "../commerce/orders/orders.server";
import { getDb } from "../infra/db.server";
import { BadRequestError, ForbiddenError, NotFoundError } from "../http/errors.server";
import type { SessionUser } from "../auth/session.server";
import { locationMapData } from "../maps/map-data.server";
import { nearestPlaceName } from "../maps/places.server";
import { locationScores } from "./location-scores.server";
import { floodLayersAt } from "../flood/flood-layer-scores.server";
import { locationFloodFigures } from "../flood/report-flood.server";
import { SLOTS } from "~/domain/hazards/scenarios";
import { storeReportFile } from "./files.server";
import { writeLocationPdf } from "./pdf/location-pdf.server";

export async function orderSingleLocationReport(
  user: Pick<SessionUser, "id">,
  input: { lat: number; lon: number; postalAddress: string; idempotencyKey: string },
) {
  const located = getRiskEngine().locate(input.lat, input.lon);
  if (located.status !== "ok") throw new BadRequestError(SINGLE_LOCATION_MESSAGES.atSea, "lat");
  const { leadId } = await createLead({
    userId: user.id,
    kind: "single_location",
    postalAddress: input.postalAddress,
    lat: input.lat,
    lon: input.lon,
  });
  const order = await createSelfServiceOrder({
    userId: user.id,
    leadId,
    products: [SINGLE_PDF_PRODUCT],
    idempotencyKey: input.idempotencyKey,
  });
  // The order is for the address the buyer typed; the region and country only say where that point lies.
  const area = [located.region_name, located.country_name].filter(Boolean).join(", ");
  return { order, address: input.postalAddress, area };
}

/** The stored PDF of a paid single-location lead, written on first request. */
export async function singleLocationReportFile(
  user: Pick<SessionUser, "id" | "email" | "firstName" | "lastName">,
  leadId: number,
) {
  const lead = await requireLead(leadId);
  if (lead.userId !== user.id || lead.kind !== "single_location" || lead.lat === null || lead.lon === null)
    throw new NotFoundError();
  if (!(await isLeadPaidFor(leadId, SINGLE_PDF_PRODUCT, 1))) throw new ForbiddenError(SINGLE_LOCATION_MESSAGES.notPaid);
  const db = await getDb();
  const sourceId = `lead:${leadId}`;
  const [existing] = await db
    .select()
    .from(reportFiles)
    .where(
      and(eq(reportFiles.userId, user.id), eq(reportFiles.kind, "single_pdf"), eq(reportFiles.sourceId, sourceId)),
    );
  if (existing) return existing;
  const engine = getRiskEngine();
  const address = lead.postalAddress ?? "";
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const model = await locationReportModel(engine, {
    reportId: sourceId,
    preparedFor: name ? `${name} <${user.email}>` : user.email,
    address,
    lat: lead.lat,
    lon: lead.lon,
  });
  return storeReportFile(
    {
      userId: user.id,
      kind: "single_pdf",
      sourceId,
      title: `Single-location report: ${address}`,
      baseName: `location-report-${leadId}`,
    },
    (target) => writeLocationPdf(model, target),
  );
}

/** The one-place report of a point on land: where it is, its map shapes, and every hazard in every slot with reasons. */
export async function locationReportModel(
  engine: RiskEngine,
  input: { reportId: string; preparedFor: string; address: string; lat: number; lon: number; createdAt?: string },
): Promise<LocationReportModel> {
  const located = engine.placePoint(input.lat, input.lon);
  if (located.status !== "ok") throw new BadRequestError(SINGLE_LOCATION_MESSAGES.atSea, "lat");
  const hexagon = located.hexagon_code;
  // river and coastal flood from a depth layer where one covers the point, in every slot, as on every path
  const floodLayers = await floodLayersAt(located, SLOTS);
  const scores = locationScores(engine, hexagon, located, floodLayers);
  const explained = new Map<string, ReturnType<RiskEngine["scores"]>>();
  // the reasons name the hexagon by the town the point is in or near, as the dashboard and the API do
  let name: string | null = null;
  try {
    name = nearestPlaceName(input.lat, input.lon);
  } catch {
    // without the place list the reasons say "the point's hexagon"
  }
  const place = { kind: "point" as const, name };
  const explain = (h: string, slot: { scenario: string; period: string }) => {
    const key = `${slot.scenario}:${slot.period}`;
    let r = explained.get(key);
    if (!r)
      explained.set(
        key,
        (r = engine.scoreAt(located, { kind: "hexagon", code: hexagon }, slot.scenario, slot.period, {
          explain: true,
          place,
          floodLayers: floodLayers[SLOTS.findIndex((s) => s.scenario === slot.scenario && s.period === slot.period)],
        })),
      );
    const item = h === "AL" ? r.aggregate : r.hazards.find((x) => x.hazard_id === h);
    return item?.explanation && { ...item.explanation, limit: item.confidence_note };
  };
  // The outline only: an anonymous map shows no hexagon's values, and the report draws its own hexagon.
  const map = await locationMapData(null, { lat: input.lat, lon: input.lon, scenario: "hist", period: "hist" });
  const country = located.region_code
    ? (await locationMapData(null, { locationCode: located.country_code, scenario: "hist", period: "hist" })).outline
    : [];
  const today = scores.AL[0]?.level;
  return {
    reportId: input.reportId,
    preparedFor: input.preparedFor,
    createdAt: input.createdAt ?? new Date().toISOString(),
    address: input.address,
    lat: input.lat,
    lon: input.lon,
    coordinates: formatCoordinates(input.lat, input.lon),
    hexagon,
    regionName: located.region_name,
    countryName: located.country_name,
    countryCode: located.country_code,
    datasetVersion: engine.datasetVersion,
    methodologyVersion: METHODOLOGY_VERSION,
    map: {
      outline: map.outline,
      outlineName: located.region_name ? `${located.region_name}, ${located.country_name}` : located.country_name,
      country,
      hexagon: cellToBoundary(hexagon, true).map(([lon, lat]) => [lon, lat] as [number, number]),
      hexagonColour: today ? RISK_LEVELS[today - 1]!.colour : "#cbd5e1",
    },
    hazards: locationReportHazards(scores, (h, slot) => explain(h, slot)),
    flood: await locationFloodFigures(located.at, located.country_code),
  };
}
