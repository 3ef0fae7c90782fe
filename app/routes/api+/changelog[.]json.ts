import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { API_CHANGELOG, API_VERSION } from "~/domain/api/api-changelog";
import { API_VERSIONS, API_VERSION_RETIREMENTS, LATEST_API_VERSION } from "~/domain/api/api-versions";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";

/** GET /api/changelog.json: the changelog of /api/changelog for machines, with the dated versions a request may pin. */
export function loader({ request }: LoaderFunctionArgs) {
  return json(
    {
      status: "ok",
      api_version: API_VERSION,
      api_versions: API_VERSIONS,
      latest_api_version: LATEST_API_VERSION,
      deprecated_api_versions: Object.entries(API_VERSION_RETIREMENTS).map(([version, r]) => ({
        version,
        deprecated: r.deprecated,
        sunset: r.sunset,
      })),
      entries: API_CHANGELOG,
    },
    {
      headers: { ...Object.fromEntries(new Headers(publicCacheHeaders(request))), "Access-Control-Allow-Origin": "*" },
    },
  );
}

export const action = getOnlyAction;
