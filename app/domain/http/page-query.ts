/**
 * The query parameters an anonymous public page reads: the public layout's modals (sign-in, cookie settings,
 * newsletter, a document's e-mail form), the flood map's selection and the newsletter confirmation's token. Any
 * other parameter changes nothing on a page, so the page cache keys a page by these alone and draws it without the
 * rest: `/api?z=1` is the page `/api`, not a new render.
 */
import { AUTH_QUERY, COOKIE_SETTINGS_QUERY, DOCUMENT_QUERY_PARAM, NEWSLETTER_QUERY } from "../content/site";
import { FLOOD_SELECTION_PARAMS } from "../geo/map/flood-map";

export const PUBLIC_PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  AUTH_QUERY,
  COOKIE_SETTINGS_QUERY,
  NEWSLETTER_QUERY,
  DOCUMENT_QUERY_PARAM,
  ...FLOOD_SELECTION_PARAMS,
  // the newsletter confirmation link
  "token",
]);

/** `search` ("?a=1&z=2" or "a=1&z=2") reduced to the parameters a public page reads, in their order: "?a=1" or "". */
export function publicPageQuery(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query) return "";
  const kept = query.split("&").filter((pair) => {
    const eq = pair.indexOf("=");
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      return false;
    }
    return PUBLIC_PAGE_QUERY_PARAMS.has(name);
  });
  return kept.length ? `?${kept.join("&")}` : "";
}

/** Remix's own endpoint for route discovery: its query (the routes asked for, the build's version) is its input. */
const REMIX_MANIFEST_PATH = "/__manifest";

/**
 * True for the path of a page, whose query the reduction above applies to. Remix's manifest requests and the
 * resource routes, whose paths end in a file name (`/flood-map.geojson`, `/charts/level-pie.svg`), read their query
 * and are drawn as asked.
 */
export function isPagePath(pathname: string): boolean {
  if (pathname === REMIX_MANIFEST_PATH) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}
