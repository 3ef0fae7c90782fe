import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { openApiDocuments } from "~/services/api/openapi-document.server";
import { apiRoute } from "~/services/api/api-response.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the public API, as stored (compressed) bytes. */
function routeLoader({ request }: LoaderFunctionArgs) {
  return openApiDocuments().json.respond(request);
}

/** Reads only: any other method gets the API's JSON 405. */

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
