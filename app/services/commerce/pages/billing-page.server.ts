/**
 * The billing details page's loader and action, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { BillingFormSchema, billingFromForm, billingReturnPath } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { getBillingInfo, saveBillingInfo } from "~/services/commerce/billing.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";

export async function loadBillingPage(request: Request) {
  const user = await requireUser(request);
  const billing = await getBillingInfo(user.id);
  return json({
    billing,
    email: user.email,
    returnTo: billingReturnPath(new URL(request.url).searchParams.get("redirectTo")),
  });
}

export async function actBillingPage(request: Request) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: BillingFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await saveBillingInfo(user.id, billingFromForm(submission.value));
  return redirectWithToast(billingReturnPath(formData.get("redirectTo")) ?? "/dashboard/account/billing", {
    type: "success",
    description: COMMERCE_MESSAGES.billingSaved,
  });
}
