import type { Feature, FeatureCollection, Geometry } from "geojson";
import { geoJSON, type Layer, type PathOptions } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { GeoJSON, MapContainer } from "react-leaflet";
import { floodQuery, WORLD_BOUNDS, type Bounds, type FloodSelection } from "~/domain/geo/map/flood-map";
import { Basemap, FitToBounds } from "./map-parts.client";

interface Props {
  selection: FloodSelection;
  /** Bounds of the chosen country's main land; the map fits them with the spec's padding. */
  countryBounds: Bounds | null;
  tileUrl: string | null;
  onSelectCountry: (code: string) => void;
}

type Properties = { code: string; name: string; colour: string; label: string };
type Collection = FeatureCollection<Geometry, Properties> & { truncated?: boolean };

function boundsOf(data: Collection | null): Bounds | null {
  if (!data?.features.length) return null;
  const b = geoJSON(data).getBounds();
  return b.isValid() ? { west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() } : null;
}

/** Interactive river-flood map: countries, then a country's regions or hexagons. Loaded only in the browser. */
export default function FloodMapClient({ selection, countryBounds, tileUrl, onSelectCountry }: Props) {
  const [layer, setLayer] = useState<"areas" | "hexagons">("areas");
  const [data, setData] = useState<Collection | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const query = floodQuery(selection);
  const dataBounds = useMemo(() => boundsOf(data), [data]);
  const bounds = selection.country ? (countryBounds ?? dataBounds) : WORLD_BOUNDS;
  const effectiveLayer = selection.country ? layer : "areas";

  useEffect(() => {
    const controller = new AbortController();
    setStatus("loading");
    fetch(`/flood-map.geojson?${query}&layer=${effectiveLayer}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Collection>) : Promise.reject(new Error(String(r.status)))))
      .then((json) => {
        setData(json);
        setStatus("ready");
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setStatus("error");
      });
    return () => controller.abort();
  }, [query, effectiveLayer]);

  const style = (feature?: Feature<Geometry, Properties>): PathOptions => ({
    fillColor: feature?.properties.colour ?? "#cbd5e1",
    fillOpacity: 0.85,
    color: "#475569",
    weight: effectiveLayer === "hexagons" ? 0.3 : 0.6,
  });
  const onEachFeature = (feature: Feature<Geometry, Properties>, target: Layer) => {
    target.bindTooltip(`${feature.properties.name}: ${feature.properties.label}`, { sticky: true });
    if (!selection.country) target.on("click", () => onSelectCountry(feature.properties.code));
  };

  return (
    <div>
      {selection.country ? (
        <fieldset className="mb-3 flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Map detail</legend>
          {(["areas", "hexagons"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="flood-layer"
                value={value}
                checked={layer === value}
                onChange={() => setLayer(value)}
              />
              {value === "areas" ? "Regions" : "Hexagons (H3 resolution 4)"}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="mb-3 text-sm text-slate-700">Click a country to see its regions and hexagons.</p>
      )}
      <p role="status" className="sr-only">
        {status === "loading" ? "Loading the map" : status === "error" ? "The map could not be loaded" : "Map loaded"}
      </p>
      {status === "error" ? (
        <p className="mb-2 text-sm text-red-700">
          The interactive map could not be loaded. The static map above shows the same levels.
        </p>
      ) : null}
      {data?.truncated ? (
        <p className="mb-2 text-sm text-slate-700">Showing the first hexagons only; zoom into regions for the rest.</p>
      ) : null}
      <MapContainer
        center={[20, 0]}
        zoom={2}
        minZoom={1}
        worldCopyJump
        style={{ height: 480, background: "#e0f2fe" }}
        className="isolate rounded-md border border-slate-200"
      >
        <Basemap tileUrl={tileUrl} />
        {data ? (
          <GeoJSON
            key={`${query}-${effectiveLayer}-${data.features.length}`}
            data={data}
            style={style}
            onEachFeature={onEachFeature}
          />
        ) : null}
        <FitToBounds bounds={bounds} />
      </MapContainer>
    </div>
  );
}
