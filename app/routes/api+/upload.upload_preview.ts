import type { ActionFunctionArgs } from "@remix-run/node";
import { PreviewResponse } from "~/domain/api-contract/upload";
import { apiAnswer, apiError, apiJson, apiRoute } from "~/services/api/api-response.server";
import { resolveApiCaller } from "~/services/api/keys/api-auth.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { previewFromMultipart } from "~/services/portfolio/upload/preview.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function routeLoader() {
  return apiJson(
    { ...API_ERROR_MARK, error: "Use POST with a multipart form holding the file in the field 'file'" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** POST /api/upload/upload_preview (multipart `file`): open to visitors for a small file. */
async function routeAction({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiJson({ ...API_ERROR_MARK, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  try {
    const caller = await resolveApiCaller(request);
    const { result } = await previewFromMultipart(request, caller, requestClientAddress(request, context));
    return apiAnswer(PreviewResponse, result);
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
