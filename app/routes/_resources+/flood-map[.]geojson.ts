import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseFloodSelection } from "~/domain/flood-map";
import { apiError, apiJson } from "~/services/api-response.server";
import { floodGeoJson } from "~/services/flood-map.server";

/** GET /flood-map.geojson?scenario&period[&country][&layer=hexagons]: the interactive flood map's layer. */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  try {
    const layer = params.get("layer") === "hexagons" ? "hexagons" : "areas";
    return apiJson(floodGeoJson(parseFloodSelection(params), layer), { headers: { "Cache-Control": "public, max-age=3600" } });
  } catch (error) {
    return apiError(error);
  }
}
