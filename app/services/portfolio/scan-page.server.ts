/**
 * /dashboard/scan's server side: the view model (the user's upload, its preview, the purchase state and the report's
 * progress) and the route's loader and action, with Remix's `json` and `redirect` called here: a page module (ADR 022).
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageUpgradeWarning } from "~/domain/dashboard/dashboard-nav";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { COLUMN_ROLES, NO_COLUMN } from "~/domain/portfolio/columns/columns";
import { requireUser } from "../auth/session.server";
import { isAppError, rethrowAsResponse } from "../http/errors.server";
import { readFormData } from "../http/forms/form-body.server";
import { generateReport, reportProgress } from "./report-requests.server";
import { confirmReportPurchase, isReportPaid, orderReport } from "./report/purchase.server";
import { reassessOffer, reassessReport } from "./report/reassess.server";
import { previewFromMultipart, remapColumns, uploadErrorInit } from "./upload/preview.server";
import {
  findUpload,
  latestUpload,
  setWeightColumn,
  uploadColumnMap,
  type PreviewResult,
} from "./upload/uploads.server";
import { DEFAULT_WEIGHTING_COLUMN } from "~/domain/portfolio/limits";
import { moneyBasis } from "~/domain/portfolio/columns/value-column";
import { WEIGHTING_TEXT, effectiveWeightColumn, weightingSummary } from "~/domain/portfolio/weighting";
import { HAZARDS, type HazardId } from "~/domain/hazards/hazards";
import type { PortfolioUpload } from "#db/schema/index";
import { reportOfUpload, type ReportOutputs } from "./report/report.server";

export type StoredPreview = Omit<PreviewResult, "access_token">;

/** `step`: "order" shows the first order of the report; "reorder" the order of a new assessment once the free period ended. */
export async function loadScanPage(userId: string, uploadId: string | null, step: string | null = null) {
  const upload: PortfolioUpload | null = uploadId ? await findUpload(uploadId, { userId }) : await latestUpload(userId);
  if (!upload) return { upload: null };
  const preview = upload.summary as unknown as StoredPreview;
  const report = await reportOfUpload(upload.id);
  const paid = await isReportPaid(upload, userId);
  const offer = paid ? await reassessOffer(upload, userId) : null;
  const reorder = step === "reorder" && offer?.decision.kind === "expired";
  const order =
    !paid && step === "order"
      ? await orderReport(upload, userId)
      : reorder
        ? await orderReport(upload, userId, offer.to)
        : null;
  return {
    upload: {
      id: upload.id,
      fileName: upload.fileName,
      leadId: upload.leadId,
      weightColumn: upload.weightColumn ?? DEFAULT_WEIGHTING_COLUMN,
      /** The column that really weighs the locations (null: none, each weighs 1) and how the page says it. */
      weighting: weightingSummary(upload.weightColumn, upload.columns),
      /** The value column's currency: amounts in money need it (stated in the column's name or chosen). */
      valueCurrency: upload.valueCurrency,
      money: moneyBasis(effectiveWeightColumn(upload.weightColumn, upload.columns), upload.valueCurrency),
      weightedBy: preview.weighted_by.map((column) => ({
        column,
        label: upload.columns.includes(column) ? column : WEIGHTING_TEXT.absentOption(column),
      })),
      createdAt: upload.createdAt.toISOString(),
      /** The file's columns and the one chosen for each role (index, or null), for the column-mapping step. */
      columns: upload.columns,
      columnMap: uploadColumnMap(upload),
    },
    preview,
    hazardNames: Object.fromEntries(Object.entries(HAZARDS).map(([id, h]) => [id, h.name])) as Record<HazardId, string>,
    paid,
    order,
    /** A new assessment with the current dataset: what the rule says of the latest finished report (null: none). */
    reassess: offer
      ? { kind: offer.decision.kind, from: offer.from, to: offer.to, message: offer.message, reorder }
      : null,
    report: reportProgress(report),
    outputs: report?.status === "done" ? (report.result as unknown as ReportOutputs) : null,
    files: report?.files ?? [],
  };
}

export async function scanPageResponse(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = await loadScanPage(user.id, url.searchParams.get("upload"), url.searchParams.get("step")).catch(
    rethrowAsResponse,
  );
  return json({
    ...page,
    step: url.searchParams.get("step"),
    plan: user.planCode,
    upgradeWarning: pageUpgradeWarning(url.pathname, user.planCode),
  });
}

/** A column-mapping choice: a column's index, or none. */
const columnChoice = z
  .string()
  .regex(/^\d{0,4}$/)
  .default(NO_COLUMN)
  .transform((v) => (v === NO_COLUMN ? null : Number(v)));

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("columns"),
    upload_id: z.string().uuid(),
    column_id: columnChoice,
    column_name: columnChoice,
    column_value: columnChoice,
    column_country: columnChoice,
    column_address: columnChoice,
    column_city: columnChoice,
    column_postcode: columnChoice,
    column_sector: columnChoice,
    column_collateral: columnChoice,
    column_carrying: columnChoice,
    column_maturity: columnChoice,
    column_stage: columnChoice,
    column_impairment: columnChoice,
  }),
  z.object({
    intent: z.literal("weight"),
    upload_id: z.string().uuid(),
    weight_column: z.string().min(1).max(200),
    currency: z.string().max(3).optional(),
  }),
  z.object({ intent: z.literal("report"), upload_id: z.string().uuid() }),
  z.object({ intent: z.literal("order"), upload_id: z.string().uuid() }),
  z.object({ intent: z.literal("reassess"), upload_id: z.string().uuid() }),
  z.object({ intent: z.literal("reorder"), upload_id: z.string().uuid() }),
  z.object({
    intent: z.literal("confirm"),
    upload_id: z.string().uuid(),
    order_id: z.coerce.number().int().positive(),
    terms: z.literal("on").optional(),
    terms_version: z.string().max(40).default(""),
    /** The order of a new assessment with the current dataset (the free period had ended). */
    reassess: z.literal("1").optional(),
  }),
]);

function errorMessage(error: unknown) {
  return isAppError(error) ? error.message : ERROR_MESSAGES.reportFailed;
}

export async function actScanPage(request: Request) {
  const user = await requireUser(request);
  // The upload streams through the preview reader; every other form is small and read with readFormData.
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    try {
      const { result } = await previewFromMultipart(request, { user, viaApiKey: false });
      return redirect(`/dashboard/scan?upload=${result.upload_id}`);
    } catch (error) {
      if (error instanceof Response) throw error;
      return json({ uploadError: errorMessage(error) }, uploadErrorInit(error));
    }
  }
  const parsed = IntentSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ uploadError: "The form was not complete; try again" }, { status: 400 });
  const data = parsed.data;
  try {
    if (data.intent === "columns") {
      const roles = Object.fromEntries(COLUMN_ROLES.map((role) => [role, data[`column_${role}`]]));
      const result = await remapColumns(data.upload_id, roles, { user, viaApiKey: false });
      return redirect(`/dashboard/scan?upload=${result.upload_id}`);
    }
    const upload = await findUpload(data.upload_id, { userId: user.id });
    if (data.intent === "weight") await setWeightColumn(upload, data.weight_column, data.currency || null);
    else if (data.intent === "reassess") await reassessReport(upload, user.id);
    else if (data.intent === "reorder") return redirect(`/dashboard/scan?upload=${upload.id}&step=reorder`);
    else if (data.intent === "order") {
      await orderReport(upload, user.id);
      return redirect(`/dashboard/scan?upload=${upload.id}&step=order`);
    } else if (data.intent === "confirm") {
      if (!data.terms) return json({ uploadError: COMMERCE_MESSAGES.termsRequired }, { status: 400 });
      const purchase = await confirmReportPurchase(upload, user.id, data.order_id, data.terms_version);
      if (purchase.status !== "paid" && purchase.checkout_url) return redirect(purchase.checkout_url);
      if (data.reassess) await reassessReport(upload, user.id);
      else await generateReport(upload, user.id);
    } else await generateReport(upload, user.id);
    return redirect(`/dashboard/scan?upload=${upload.id}`);
  } catch (error) {
    return json({ uploadError: errorMessage(error) }, { status: isAppError(error) ? error.status : 500 });
  }
}
