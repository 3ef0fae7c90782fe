/**
 * The contact page's loader (the page's content) and action (the message), with Remix's `json` called here. Only
 * app/routes/_public+/contact.tsx imports this module, so in the browser build the empty module standing for it stays
 * in the route's chunk, instead of the shared server modules each becoming a chunk and a request of their own (ADR
 * 006).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type AppLoadContext } from "@remix-run/node";
import { CONTACT_MESSAGES, ContactSchema } from "~/domain/content/forms/contact";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { requestClientAddress } from "../../http/client-address.server";
import { readFormData } from "../../http/forms/form-body.server";
import { replyWithServiceError } from "../../http/forms/form-errors.server";
import { redirectWithToast } from "../../http/forms/toast.server";
import { sendContactMessage } from "../forms/contact.server";
import { loadContentPage } from "../pages.server";

export function loadContactPage(request: Request) {
  return loadContentPage(request, "contact");
}

export async function actContactPage(request: Request, context: AppLoadContext) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await sendContactMessage({ ...submission.value, ip: requestClientAddress(request, context), honeypot: formData.get(HONEYPOT_FIELD) });
  } catch (error) {
    const { reply, status, headers } = replyWithServiceError(submission, error);
    return json(reply, { status, headers });
  }
  return redirectWithToast("/contact", { type: "success", description: CONTACT_MESSAGES.sent });
}
