import type { ActionFunctionArgs } from "@remix-run/node";
import { CONTACT_MESSAGES, ContactSchema } from "~/domain/content/forms/contact";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { ContactResponse } from "~/domain/api-contract/content";
import { apiAnswer, apiError, apiJson, apiRoute, parseBody } from "~/services/api/api-response.server";
import { sendContactMessage } from "~/services/content/forms/contact.server";
import { readBody } from "~/services/http/forms/form-flash.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function routeLoader() {
  return apiJson(
    { ...API_ERROR_MARK, error: "Use POST with {message, firstname, lastname, email}" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** POST /api/v1/contact {message, firstname, lastname, email}: stored and mailed to the team. */
async function routeAction({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiJson({ ...API_ERROR_MARK, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  try {
    const { values } = await readBody(request);
    const data = parseBody(ContactSchema, values);
    await sendContactMessage({ ...data, ip: requestClientAddress(request, context), honeypot: values[HONEYPOT_FIELD] });
    return apiAnswer(ContactResponse, { status: "success", message: CONTACT_MESSAGES.apiSent });
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
