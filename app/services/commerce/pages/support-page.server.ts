/**
 * The tech support page's loader and action, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { SupportSchema } from "~/domain/content/forms/support";
import { submitSupportRequest } from "~/services/commerce/documents.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";

export async function loadSupportPage(request: Request) {
  await requireUser(request);
  return null;
}

export async function actSupportPage(request: Request) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: SupportSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await submitSupportRequest(user, submission.value);
  return redirectWithToast("/dashboard/account/support", {
    type: "success",
    description: COMMERCE_MESSAGES.supportSent,
  });
}
