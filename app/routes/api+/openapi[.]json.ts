import { buildOpenApiDocument } from "~/domain/api/openapi";
import { getEnv } from "~/env.server";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the public API. */
function routeLoader() {
  return new Response(JSON.stringify(buildOpenApiDocument(getEnv().PUBLIC_URL), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
    },
  });
}

/** Reads only: any other method gets the API's JSON 405. */

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
