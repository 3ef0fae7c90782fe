import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { Layer, PathOptions } from "leaflet";
import { useEffect, useState } from "react";
import { GeoJSON, MapContainer, TileLayer, useMap } from "react-leaflet";
import { floodQuery, type FloodSelection } from "~/domain/flood-map";

interface Props {
  selection: FloodSelection;
  tileUrl: string | null;
  onSelectCountry: (code: string) => void;
}

type Properties = { code: string; name: string; colour: string; label: string };
type Collection = FeatureCollection<Geometry, Properties> & { truncated?: boolean };

function FitBounds({ data }: { data: Collection | null }) {
  const map = useMap();
  useEffect(() => {
    if (!data?.features.length) return;
    import("leaflet").then(({ geoJSON }) => {
      const bounds = geoJSON(data).getBounds();
      // Spec §9: map bounds padding 5%.
      if (bounds.isValid()) map.fitBounds(bounds.pad(0.05));
    });
  }, [data, map]);
  return null;
}

/** Interactive river-flood map: countries, then a country's regions or hexagons. Loaded only in the browser. */
export default function FloodMapClient({ selection, tileUrl, onSelectCountry }: Props) {
  const [layer, setLayer] = useState<"areas" | "hexagons">("areas");
  const [data, setData] = useState<Collection | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const query = floodQuery(selection);
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
              <input type="radio" name="flood-layer" value={value} checked={layer === value} onChange={() => setLayer(value)} />
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
      {status === "error" ? <p className="mb-2 text-sm text-red-700">The interactive map could not be loaded. The static map above shows the same levels.</p> : null}
      {data?.truncated ? <p className="mb-2 text-sm text-slate-700">Showing the first hexagons only; zoom into regions for the rest.</p> : null}
      <MapContainer center={[20, 0]} zoom={2} minZoom={1} worldCopyJump style={{ height: 480, background: "#f0f9ff" }} className="rounded-md border border-slate-200">
        {tileUrl ? <TileLayer url={tileUrl} attribution="Map tiles" /> : null}
        {data ? <GeoJSON key={`${query}-${effectiveLayer}-${data.features.length}`} data={data} style={style} onEachFeature={onEachFeature} /> : null}
        <FitBounds data={data} />
      </MapContainer>
    </div>
  );
}
