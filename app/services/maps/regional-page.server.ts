/**
 * The country-regional page's loader, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { parseRegionalQuery } from "~/domain/geo/regional";
import { getEnv } from "~/env.server";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { isAppError } from "~/services/http/errors.server";
import { mapDataForPage } from "~/services/maps/map-data.server";
import { regionalView } from "~/services/maps/regional.server";
import { requireUser } from "~/services/auth/session.server";

export async function loadRegionalPage(request: Request) {
  const user = await requireUser(request);
  const query = parseRegionalQuery(new URL(request.url).searchParams);
  try {
    const view = await regionalView({ user, viaApiKey: false }, query);
    return json({
      query,
      view: view.allowed ? { ...view, map: mapDataForPage(view.map) } : view,
      countries: getRiskEngine().countries(),
      tileUrl: getEnv().MAP_TILE_URL ?? null,
    });
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
