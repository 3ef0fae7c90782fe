import type { LeafletMouseEvent, PathOptions } from "leaflet";
import { Fragment } from "react";
import { CircleMarker, MapContainer, Pane, Polygon, Tooltip } from "react-leaflet";
import {
  boundsOfRings,
  toLatLngBounds,
  padBounds,
  type LocationMapData,
  type MapArea,
} from "~/domain/geo/map/location-map";
import { Basemap, FitToBounds, MapViewControls } from "./map-parts.client";

export interface MapPick {
  /** Hexagon id or region code of the clicked area. */
  id: string;
  kind: MapArea["kind"];
  lat: number;
  lon: number;
}

export interface LocationMapProps {
  data: LocationMapData;
  /** Called when the user clicks an area (hexagon or region). */
  onPick?: (pick: MapPick) => void;
  /** Optional XYZ tile URL (env MAP_TILE_URL); without it the basemap is the app's Natural Earth shapes. */
  tileUrl?: string | null;
  /** The area drawn highlighted (the chosen hexagon); defaults to the place's own code. */
  selectedId?: string | null;
  height?: number;
  /** Accessible name of the map region. */
  label: string;
  /** Called once Leaflet has drawn the map (the static SVG it replaces can go). */
  onReady?: () => void;
}

const latLngs = (a: Pick<MapArea, "rings">) =>
  a.rings.map((ring) => ring.map(([lon, lat]) => [lat, lon] as [number, number]));

/** Interactive map of a place (Leaflet, browser only): basemap, outline, coloured areas, click to pick. */
export default function LocationMap({
  data,
  onPick,
  tileUrl = null,
  selectedId,
  height = 420,
  label,
  onReady,
}: LocationMapProps) {
  const selected = selectedId === undefined ? data.place.code : selectedId;
  const selectedArea = data.areas.find((a) => a.id === selected) ?? null;
  const style = (a: MapArea): PathOptions => ({
    fillColor: a.colour,
    fillOpacity: 0.75,
    color: a.id === selected ? "#0f172a" : "#475569",
    weight: a.id === selected ? 3 : a.kind === "hexagon" ? 0.4 : 0.8,
  });
  return (
    <div role="region" aria-label={label} data-testid="location-map">
      <MapContainer
        bounds={toLatLngBounds(padBounds(data.bounds))}
        minZoom={1}
        whenReady={onReady}
        style={{ height, background: "#e0f2fe" }}
        // its own stacking context: Leaflet's panes and zoom buttons (z-index 400-1000) stay under modals
        className="isolate rounded-md border border-slate-200"
      >
        <Basemap tileUrl={tileUrl} outline={data.outlineCode} />
        {data.outlineCode === null && data.outline.length ? (
          <Pane name="outline-own" style={{ zIndex: 450, pointerEvents: "none" }}>
            <Polygon
              positions={latLngs({ rings: data.outline })}
              interactive={false}
              pathOptions={{ color: "#1e293b", weight: 1.5, fill: false }}
            />
          </Pane>
        ) : null}
        {data.areas.map((a) => (
          <Fragment key={a.id}>
            <Polygon
              positions={latLngs(a)}
              // lets tests and user styles find an area's path (Leaflet reads className only when it creates the path)
              className={`map-area map-area-${a.id}`}
              pathOptions={style(a)}
              eventHandlers={
                onPick
                  ? {
                      click: (e: LeafletMouseEvent) =>
                        onPick({ id: a.id, kind: a.kind, lat: e.latlng.lat, lon: e.latlng.lng }),
                    }
                  : undefined
              }
            >
              <Tooltip sticky>{`${a.name}: ${a.label}`}</Tooltip>
            </Polygon>
          </Fragment>
        ))}
        {data.point ? (
          <CircleMarker
            center={[data.point.lat, data.point.lon]}
            radius={6}
            pathOptions={{ color: "#0f172a", fillColor: "#ffffff", fillOpacity: 1 }}
          />
        ) : null}
        <FitToBounds bounds={data.bounds} />
        <MapViewControls place={data.bounds} selected={selectedArea ? boundsOfRings(selectedArea.rings) : null} />
      </MapContainer>
    </div>
  );
}
