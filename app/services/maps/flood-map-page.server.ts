/**
 * The flood map page's loader, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { parseFloodSelection } from "~/domain/geo/map/flood-map";
import { getEnv } from "~/env.server";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";
import { countryOptions, floodMapView, topFloodAreas } from "~/services/maps/flood-map.server";
import { countryBounds } from "~/services/maps/map-data.server";
import { getPage } from "~/services/content/pages.server";

export async function loadFloodMapPage(request: Request) {
  const page = await getPage("flood-map");
  const selection = parseFloodSelection(new URL(request.url).searchParams);
  const view = floodMapView(selection);
  return json(
    {
      title: page.title,
      description: page.description,
      updatedAt: page.updatedAt,
      html: page.html,
      selection,
      view,
      top: topFloodAreas(view),
      countries: countryOptions(),
      tileUrl: getEnv().MAP_TILE_URL ?? null,
      countryBounds: selection.country ? countryBounds(selection.country) : null,
    },
    { headers: publicCacheHeaders(request) },
  );
}
