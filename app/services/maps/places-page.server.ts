/**
 * The place search page's loader, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { clampPlaceLimit, readPlaceQuery, toPlaceChoice } from "~/domain/geo/places";
import { searchPlaces } from "~/services/maps/places.server";
import { requireUser } from "~/services/auth/session.server";

/** The no-JavaScript result page; the combobox loads the same data as JSON (?_data). */
export async function loadPlacesPage(request: Request) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const { q, tooShort } = readPlaceQuery(params.get("q"));
  const results = tooShort
    ? []
    : searchPlaces(q, clampPlaceLimit(params.get("limit"))).map((p) => toPlaceChoice(p, params));
  // the place list only changes with a deploy; a short private cache spares slow connections a round trip
  return json({ q, tooShort, results }, { headers: { "Cache-Control": "private, max-age=300" } });
}
