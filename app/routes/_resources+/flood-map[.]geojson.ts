import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseFloodSelection } from "~/domain/geo/map/flood-map";
import { apiError, apiJson } from "~/services/api/api-response.server";
import { resolveApiCaller } from "~/services/api/keys/api-auth.server";
import { hexagonVisibilityFor } from "~/services/commerce/entitlements.server";
import { floodGeoJson } from "~/services/maps/flood-map.server";

/** GET /flood-map.geojson?scenario&period[&country][&layer=hexagons]: the interactive flood map's layer. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  try {
    const layer = params.get("layer") === "hexagons" ? "hexagons" : "areas";
    const selection = parseFloodSelection(params);
    if (layer === "areas")
      return apiJson(floodGeoJson(selection, layer), { headers: { "Cache-Control": "public, max-age=3600" } });
    // Cells show their own values only to a viewer who bought them: the answer depends on who asks.
    const caller = await resolveApiCaller(request);
    const body = floodGeoJson(selection, layer, await hexagonVisibilityFor(caller));
    return apiJson(body, {
      headers: {
        "Cache-Control": caller ? "private, no-store" : "public, max-age=3600",
        Vary: "Authorization, Cookie",
      },
    });
  } catch (error) {
    return apiError(error);
  }
}
