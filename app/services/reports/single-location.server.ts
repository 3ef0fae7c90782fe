/**
 * Single-location report: a point with its postal address becomes a lead and an order for one single_pdf; once
 * the lead is paid its PDF (scores of that point from the risk engine) is written once and kept in the user's reports.
 */
import { and, eq } from "drizzle-orm";
import { reportFiles } from "#db/schema/index";
import { METHODOLOGY_VERSION, buildPortfolioReport } from "~/domain/reports/build";
import { SINGLE_LOCATION_MESSAGES, SINGLE_PDF_PRODUCT } from "~/domain/reports/single-location";
import { getRiskEngine } from "~/risk/engine.server";
import { createLead, requireLead } from "../commerce/leads.server";
import { createSelfServiceOrder, isLeadPaidFor } from "../commerce/orders.server";
import { getDb } from "../db.server";
import { BadRequestError, ForbiddenError, NotFoundError } from "../errors.server";
import type { SessionUser } from "../session.server";
import { assessPoint } from "./assess-point.server";
import { storeReportFile } from "./files.server";
import { writePortfolioPdf } from "./pdf.server";

export async function orderSingleLocationReport(
  user: Pick<SessionUser, "id">,
  input: { lat: number; lon: number; postalAddress: string; idempotencyKey: string },
) {
  const located = getRiskEngine().locate(input.lat, input.lon);
  if (located.status !== "ok") throw new BadRequestError(SINGLE_LOCATION_MESSAGES.atSea, "lat");
  const { leadId } = await createLead({ userId: user.id, kind: "single_location", postalAddress: input.postalAddress, lat: input.lat, lon: input.lon });
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
export async function singleLocationReportFile(user: Pick<SessionUser, "id" | "email" | "firstName" | "lastName">, leadId: number) {
  const lead = await requireLead(leadId);
  if (lead.userId !== user.id || lead.kind !== "single_location" || lead.lat === null || lead.lon === null) throw new NotFoundError();
  if (!(await isLeadPaidFor(leadId, SINGLE_PDF_PRODUCT, 1))) throw new ForbiddenError(SINGLE_LOCATION_MESSAGES.notPaid);
  const db = await getDb();
  const sourceId = `lead:${leadId}`;
  const [existing] = await db
    .select()
    .from(reportFiles)
    .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.kind, "single_pdf"), eq(reportFiles.sourceId, sourceId)));
  if (existing) return existing;
  const engine = getRiskEngine();
  const address = lead.postalAddress ?? "";
  const location = assessPoint(engine, { rowNumber: 1, assetId: `lead-${leadId}`, name: address, lat: lead.lat, lon: lead.lon });
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
  const report = buildPortfolioReport(
    {
      reportId: sourceId,
      user: { id: user.id, email: user.email, name },
      createdAt: new Date().toISOString(),
      datasetVersion: engine.header.version,
      methodologyVersion: METHODOLOGY_VERSION,
      inputFile: { name: `${address} (${lead.lat.toFixed(4)}, ${lead.lon.toFixed(4)})`, sha256: "n/a: a single point, no file" },
      weightingColumn: null,
      columns: [],
    },
    [location],
  );
  return storeReportFile(
    { userId: user.id, kind: "single_pdf", sourceId, title: `Single-location report: ${address}`, baseName: `location-report-${leadId}` },
    (target) => writePortfolioPdf(report, target, "Single-location climate risk report"),
  );
}
