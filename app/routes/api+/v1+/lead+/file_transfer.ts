import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { LeadIdResponse } from "~/domain/api-contract/orders";
import { apiAnswer, apiError, apiJson, apiRoute } from "~/services/api/api-response.server";
import { resolveApiCaller } from "~/services/api/keys/api-auth.server";
import { readBody } from "~/services/http/forms/form-flash.server";
import { resolveUpload } from "~/services/portfolio/report-requests.server";
import { fileTransfer } from "~/services/portfolio/report/purchase.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function routeLoader() {
  return apiJson(
    { ...API_ERROR_MARK, error: "Use POST with {upload_id, access_token}" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** POST /api/v1/lead/file_transfer {upload_id, access_token}: the uploaded portfolio becomes a lead (lead_id). */
async function routeAction({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await resolveApiCaller(request);
    const params = new URLSearchParams();
    const { values } = await readBody(request);
    for (const [k, v] of Object.entries(values))
      if (typeof v === "string" || typeof v === "number") params.set(k, String(v));
    const upload = await resolveUpload(params, caller?.user.id ?? null);
    return apiAnswer(LeadIdResponse, { status: "ok", lead_id: await fileTransfer(upload, caller?.user.id ?? null) });
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
