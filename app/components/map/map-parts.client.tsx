/**
 * Pieces every interactive map shares. Leaflet is imported statically: it is CommonJS, and a dynamic import of it
 * yields a chunk without its named exports (the "o is not a function" of the flood map).
 */
import type { Feature, FeatureCollection, Point } from "geojson";
import { DomEvent, divIcon, latLngBounds, type Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { GeoJSON, Marker, Pane, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { basemapLevelForZoom, basemapRequestBounds, basemapUrl } from "~/domain/geo/map/basemap";
import { padBounds, toLatLngBounds, type Bounds } from "~/domain/geo/map/location-map";
import { escapeHtml } from "~/utils/html";

const answers = new Map<string, Promise<FeatureCollection>>();
function loadBasemap(url: string) {
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url).then((r) =>
      r.ok ? (r.json() as Promise<FeatureCollection>) : Promise.reject(new Error(String(r.status))),
    );
    answer.catch(() => answers.delete(url));
    answers.set(url, answer);
  }
  return answer;
}

function viewBounds(map: LeafletMap): Bounds {
  const b = map.getBounds();
  return {
    west: Math.max(-180, b.getWest()),
    south: Math.max(-90, b.getSouth()),
    east: Math.min(180, b.getEast()),
    north: Math.min(90, b.getNorth()),
  };
}

/** The basemap URL for what the map shows now: detail from the zoom, the box around the view. */
function urlFor(map: LeafletMap, outline: string | null) {
  // the zoom in view, readable from the page (tests, user scripts)
  map.getContainer().dataset.zoom = String(map.getZoom());
  const level = basemapLevelForZoom(map.getZoom());
  return basemapUrl(level, basemapRequestBounds(viewBounds(map), level), outline);
}

const byKind = (data: FeatureCollection, kind: string): FeatureCollection => ({
  type: "FeatureCollection",
  features: data.features.filter((f) => f.properties?.kind === kind),
});

/**
 * The land under the data, the place's outline and labels of large places, from the same shapes as the scores,
 * fetched again for each view at its zoom's detail; or tiles when MAP_TILE_URL is set (outline still ours).
 */
export function Basemap({ tileUrl, outline = null }: { tileUrl?: string | null; outline?: string | null }) {
  const map = useMap();
  const [url, setUrl] = useState(() => urlFor(map, outline));
  const [data, setData] = useState<{
    url: string;
    land: FeatureCollection;
    outline: FeatureCollection;
    labels: Feature<Point>[];
  } | null>(null);
  useMapEvents({ moveend: () => setUrl(urlFor(map, outline)), zoomend: () => setUrl(urlFor(map, outline)) });
  useEffect(() => setUrl(urlFor(map, outline)), [map, outline]);
  useEffect(() => {
    let live = true;
    loadBasemap(url)
      .then(
        (fc) =>
          live &&
          setData({
            url,
            land: byKind(fc, "land"),
            outline: byKind(fc, "outline"),
            labels: byKind(fc, "label").features as Feature<Point>[],
          }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <>
      {tileUrl ? <TileLayer url={tileUrl} attribution="Map tiles" /> : null}
      <Pane name="basemap" style={{ zIndex: 200 }}>
        {data && !tileUrl ? (
          <GeoJSON
            key={`land-${data.url}`}
            data={data.land}
            interactive={false}
            style={{ fillColor: "#f8fafc", fillOpacity: 1, color: "#94a3b8", weight: 0.6 }}
          />
        ) : null}
      </Pane>
      <Pane name="outline" style={{ zIndex: 450, pointerEvents: "none" }}>
        {data ? (
          <GeoJSON
            key={`outline-${data.url}`}
            data={data.outline}
            interactive={false}
            style={{ color: "#1e293b", weight: 1.8, fill: false }}
          />
        ) : null}
      </Pane>
      {data && !tileUrl
        ? data.labels.map((f) => (
            <Marker
              key={`${data.url}-${String(f.properties?.name)}-${f.geometry.coordinates.join(",")}`}
              position={[f.geometry.coordinates[1]!, f.geometry.coordinates[0]!]}
              interactive={false}
              keyboard={false}
              icon={divIcon({
                className: "map-label",
                html: escapeHtml(String(f.properties?.name ?? "")),
                iconSize: undefined,
              })}
            />
          ))
        : null}
    </>
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

/**
 * "Fit to place" (the selected area, or the place) and "Reset view" (the place as first shown): real buttons, so
 * keyboard and screen-reader users have them too. Clicks stay in the buttons and never reach the map.
 */
export function MapViewControls({ place, selected }: { place: Bounds; selected: Bounds | null }) {
  const map = useMap();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    DomEvent.disableClickPropagation(ref.current);
    DomEvent.disableScrollPropagation(ref.current);
  }, []);
  const fit = (b: Bounds) => map.fitBounds(latLngBounds(toLatLngBounds(padBounds(b))));
  return (
    <div ref={ref} className="leaflet-top leaflet-right">
      <div className="leaflet-control flex flex-col gap-1">
        <button type="button" className="map-control-button" onClick={() => fit(selected ?? place)}>
          Fit to place
        </button>
        <button type="button" className="map-control-button" onClick={() => fit(place)}>
          Reset view
        </button>
      </div>
    </div>
  );
}
