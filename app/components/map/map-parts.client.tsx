/**
 * Pieces every interactive map shares. Leaflet is imported statically: it is CommonJS, and a dynamic import of it
 * yields a chunk without its named exports (the "o is not a function" of the flood map).
 */
import type { FeatureCollection } from "geojson";
import { latLngBounds } from "leaflet";
import { useEffect, useState } from "react";
import { GeoJSON, Pane, TileLayer, useMap } from "react-leaflet";
import { padBounds, toLatLngBounds, type Bounds } from "~/domain/location-map";

export const BASEMAP_PATH = "/map/basemap.geojson";

let basemapCache: Promise<FeatureCollection> | null = null;
function loadBasemap() {
  basemapCache ??= fetch(BASEMAP_PATH).then((r) => (r.ok ? (r.json() as Promise<FeatureCollection>) : Promise.reject(new Error(String(r.status)))));
  basemapCache.catch(() => (basemapCache = null));
  return basemapCache;
}

/** The land under the data: Natural Earth shapes served by the app, or tiles when MAP_TILE_URL is set. */
export function Basemap({ tileUrl }: { tileUrl?: string | null }) {
  const [land, setLand] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    if (tileUrl) return;
    let live = true;
    loadBasemap()
      .then((data) => live && setLand(data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tileUrl]);
  if (tileUrl) return <TileLayer url={tileUrl} attribution="Map tiles" />;
  return (
    <Pane name="basemap" style={{ zIndex: 200 }}>
      {land ? (
        <GeoJSON data={land} interactive={false} style={{ fillColor: "#f8fafc", fillOpacity: 1, color: "#94a3b8", weight: 0.6 }} />
      ) : null}
    </Pane>
  );
}

/** Fits the view to the bounds plus the spec's padding whenever they change. */
export function FitToBounds({ bounds }: { bounds: Bounds | null }) {
  const map = useMap();
  const key = bounds ? `${bounds.west},${bounds.south},${bounds.east},${bounds.north}` : "";
  useEffect(() => {
    if (!bounds) return;
    map.fitBounds(latLngBounds(toLatLngBounds(padBounds(bounds))));
    map.getContainer().dataset.fitted = key;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, map]);
  return null;
}
