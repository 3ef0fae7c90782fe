/**
 * The single-location report page's loader (the form, or the ordered report's file) and action (order, confirm), with
 * Remix's `json` and `redirect` called here: a page module (ADR 022).
 */
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { randomUUID } from "node:crypto";
import { billingInfoHref } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { SingleLocationConfirmSchema, SingleLocationOrderSchema } from "~/domain/reports/single-location";
import { confirmPurchase } from "~/services/commerce/orders/orders.server";
import { isAppError } from "~/services/http/errors.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { replyWithServiceError } from "~/services/http/forms/form-errors.server";
import { orderSingleLocationReport, singleLocationReportFile } from "~/services/reports/single-location.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";

export async function loadLocationReportPage(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const lead = Number(url.searchParams.get("lead"));
  let ready: { fileId: string; fileName: string } | null = null;
  let pending: string | null = null;
  if (Number.isInteger(lead) && lead > 0) {
    try {
      const file = await singleLocationReportFile(user, lead);
      ready = { fileId: file.id, fileName: file.fileName };
    } catch (error) {
      if (isAppError(error) && error.status === 403) pending = error.message;
      else if (isAppError(error)) throw new Response(error.message, { status: error.status });
      else throw error;
    }
  }
  return json({
    lat: url.searchParams.get("lat") ?? "",
    lon: url.searchParams.get("lon") ?? "",
    // The dashboard's place view prefills the place's name; the buyer can make it a full postal address.
    address: (url.searchParams.get("address") ?? "").slice(0, 300),
    idempotencyKey: randomUUID(),
    ready,
    pending,
  });
}

export async function actLocationReportPage(request: Request) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "confirm") {
    const parsed = SingleLocationConfirmSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const { terms, terms_version, ...purchase } = parsed.data;
    const here = `/dashboard/location-report?lead=${purchase.leadId}`;
    if (!terms) return redirectWithToast(here, { type: "error", description: COMMERCE_MESSAGES.termsRequired });
    try {
      const result = await confirmPurchase({ userId: user.id, ...purchase, acceptedTerms: terms_version });
      if (result.status === "requires_payment" && result.checkout_url) return redirect(result.checkout_url);
      return redirect(here);
    } catch (error) {
      // The purchase needs billing info first: send the buyer there and back.
      if (isAppError(error) && error.field === "billing_info") {
        return redirectWithToast(billingInfoHref(here), { type: "warning", description: error.message });
      }
      throw error;
    }
  }
  const submission = parseWithZod(formData, { schema: SingleLocationOrderSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), order: null }, { status: 400 });
  try {
    const { order, address, area } = await orderSingleLocationReport(user, submission.value);
    return json({
      result: submission.reply(),
      order: { ...order, address, area },
      confirmKey: randomUUID(),
    });
  } catch (error) {
    const { reply, status } = replyWithServiceError(submission, error);
    return json({ result: reply, order: null }, { status });
  }
}
