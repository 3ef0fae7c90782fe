import { basemapGeoJson } from "~/services/map-data.server";

/** GET /map/basemap.geojson: the land and country shapes every interactive map draws under its data. */
export function loader() {
  return new Response(basemapGeoJson(), {
    headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
