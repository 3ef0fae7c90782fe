import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { withoutParams } from "~/components/ui/modal";
import { NEWSLETTER_QUERY } from "~/components/layout/public-footer";
import { safeRedirectPath } from "~/domain/auth/auth";
import { NEWSLETTER_FORM_ID, NEWSLETTER_MESSAGES, NewsletterSchema } from "~/domain/content/forms/newsletter";
import { HONEYPOT_FIELD, REDIRECT_FIELD } from "~/domain/content/forms/public-forms";
import { MessageResponse, NewsletterErrorBody } from "~/domain/api-contract/content";
import { apiAnswer, apiError, apiJson, apiRoute, completeErrorBody } from "~/services/api/api-response.server";
import { isAppError } from "~/services/http/errors.server";
import { readBody, redirectWithFormFlash } from "~/services/http/forms/form-flash.server";
import { logger } from "~/services/infra/logger.server";
import { subscribeToNewsletter } from "~/services/content/forms/newsletter.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function routeLoader() {
  return apiJson(
    { ...API_ERROR_MARK, error: "Use POST with {email, first_name}" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** POST /api/v1/blog/newsletter/subscribe/ {email, first_name} → {message}; starts the double opt-in. */
async function routeAction({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiJson({ ...API_ERROR_MARK, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const { values, formData } = await readBody(request);
  const back = values[REDIRECT_FIELD];
  if (formData && typeof back === "string")
    return pageFormAction(request, requestClientAddress(request, context), formData, safeRedirectPath(back, "/"));
  const parsed = NewsletterSchema.safeParse(values);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    const [field, messages] = Object.entries(errors)[0] ?? ["email", [NEWSLETTER_MESSAGES.error]];
    const body = completeErrorBody(request, 400, {
      ...API_ERROR_MARK,
      error: messages?.[0] ?? NEWSLETTER_MESSAGES.error,
      field,
      ...errors,
    });
    return apiAnswer(NewsletterErrorBody, body, 400);
  }
  try {
    const result = await subscribeToNewsletter({
      email: parsed.data.email,
      firstName: parsed.data.first_name,
      ip: requestClientAddress(request, context),
      honeypot: values[HONEYPOT_FIELD],
    });
    return apiAnswer(MessageResponse, { message: result.message });
  } catch (error) {
    return apiError(error);
  }
}

async function pageFormAction(request: Request, ip: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: NewsletterSchema });
  if (submission.status !== "success")
    return redirectWithFormFlash(back, { form: NEWSLETTER_FORM_ID, result: submission.reply() });
  try {
    const result = await subscribeToNewsletter({
      email: submission.value.email,
      firstName: submission.value.first_name,
      ip,
      honeypot: formData.get(HONEYPOT_FIELD),
    });
    return redirectWithToast(withoutParams(back, NEWSLETTER_QUERY), { type: "success", description: result.message });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "newsletter subscription failed");
    const message = isAppError(error) ? error.message : NEWSLETTER_MESSAGES.error;
    return redirectWithFormFlash(back, {
      form: NEWSLETTER_FORM_ID,
      result: submission.reply({ formErrors: [message] }),
    });
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
