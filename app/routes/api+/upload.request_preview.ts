import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { RequestPreviewResponse } from "~/domain/api-contract/upload";
import { apiAnswer, apiError, apiRoute } from "~/services/api/api-response.server";
import { resolveApiCaller } from "~/services/api/keys/api-auth.server";
import { readBody } from "~/services/http/forms/form-flash.server";
import { requestPreview, resolveUpload } from "~/services/portfolio/report-requests.server";

function routeLoader({ request }: LoaderFunctionArgs) {
  return apiMethodNotAllowed(request, ["POST"]);
}

/** POST /api/upload/request_preview: preview charts, or the output blocks once the report is built. */
async function routeAction({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await resolveApiCaller(request);
    const params = new URL(request.url).searchParams;
    const { values } = await readBody(request);
    for (const [k, v] of Object.entries(values)) if (typeof v === "string" && !params.has(k)) params.set(k, v);
    const upload = await resolveUpload(params, caller?.user.id ?? null);
    return apiAnswer(RequestPreviewResponse, await requestPreview(upload));
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
