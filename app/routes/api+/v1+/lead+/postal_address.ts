import type { ActionFunctionArgs } from "@remix-run/node";
import { PostalAddressLeadSchema } from "~/domain/reports/single-location";
import { ENTITLEMENT_MESSAGES } from "~/domain/commerce/entitlements";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { PostalAddressLeadResponse } from "~/domain/api-contract/orders";
import { apiAnswer, apiError, apiJson, apiRoute, parseBody } from "~/services/api/api-response.server";
import { resolveApiCaller } from "~/services/api/keys/api-auth.server";
import { createPostalAddressLead } from "~/services/commerce/orders/location-lead.server";
import { UnauthorizedError } from "~/services/http/errors.server";
import { readBody } from "~/services/http/forms/form-flash.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function routeLoader() {
  return apiJson(
    { ...API_ERROR_MARK, error: "Use POST with {postal_address, lat, lon}" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** POST /api/v1/lead/postal_address {postal_address, lat, lon}: a point and its address become a lead (lead_id). */
async function routeAction({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await resolveApiCaller(request);
    if (!caller) throw new UnauthorizedError(ENTITLEMENT_MESSAGES.signInRequired);
    const { values } = await readBody(request);
    const data = parseBody(PostalAddressLeadSchema, values);
    return apiAnswer(PostalAddressLeadResponse, await createPostalAddressLead(caller, data));
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
