import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseBasemapQuery } from "~/domain/geo/map/basemap-query";
import { basemapBrotli, basemapGeoJson } from "~/services/maps/map-data.server";

/**
 * GET /map/basemap.geojson[?level&bbox&outline]: the land, the place's outline and the labels every interactive map
 * draws under its data, for the box in view at the zoom's detail. Without parameters: the whole world, coarse.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const query = parseBasemapQuery(new URL(request.url).searchParams);
  if (!query.success)
    return new Response(query.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = {
    "Content-Type": "application/geo+json; charset=utf-8",
    "Cache-Control": "public, max-age=86400",
    Vary: "Accept-Encoding",
  };
  if (acceptsBrotli(request.headers.get("Accept-Encoding"))) {
    return new Response(new Uint8Array(basemapBrotli(query.data)), {
      headers: { ...headers, "Content-Encoding": "br" },
    });
  }
  return new Response(basemapGeoJson(query.data), { headers });
}

function acceptsBrotli(header: string | null): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";");
    return coding!.trim().toLowerCase() === "br" && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}
