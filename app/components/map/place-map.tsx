import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { LocationMapData, MapArea } from "~/domain/geo/map/location-map";
import type { MapPick } from "./location-map.client";
import { MapLegend } from "./map-legend";
// An empty module in the browser build (Remix drops *.server files there): the static map is drawn by the server only.
import { renderStaticLocationMap } from "./static-location-map.server";

export const MAP_NOT_LOADED = "The map could not be loaded. Reload the page to see it.";
const MAP_LOADING = "Loading the map…";

// Leaflet loads only in the browser, and only when a map is shown.
const LocationMap = lazy(() => import("./location-map.client"));

/** A map chunk that fails to load (a deploy in between, a dropped connection) leaves the static map in place. */
class MapLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface PlaceMapProps {
  data: LocationMapData;
  /** Title and description of the static map (its accessible name), and the interactive map's label. */
  title: string;
  description: string;
  legendTitle: string;
  /** The area drawn highlighted; the place's own code by default, null for none. */
  selectedId?: string | null;
  /** Where picking an area leads: a link without JavaScript, a navigation with it. */
  pickHref: (area: Pick<MapArea, "id">) => string;
  onPick: (href: string) => void;
  tileUrl?: string | null;
}

/**
 * One map of a place: the interactive Leaflet map where JavaScript runs, the server-drawn SVG otherwise (and while
 * the map's code loads, or if it cannot load). Never both: the SVG goes once Leaflet has drawn.
 *
 * The SVG is markup the server draws and hydration keeps (React leaves the children of an element with
 * dangerouslySetInnerHTML alone), so the page's data carries no outline and the browser no SVG code. After a client
 * navigation to another place the server's SVG is stale; should the map's code then fail to load, a line says so.
 */
export function PlaceMap({
  data,
  title,
  description,
  legendTitle,
  selectedId,
  pickHref,
  onPick,
  tileUrl = null,
}: PlaceMapProps) {
  const hydrated = useHydrated();
  const signature = JSON.stringify([data.place, data.areas.map((a) => [a.id, a.colour]), data.point, selectedId]);
  // Captured at first render: during hydration the DOM already holds the server's SVG for this signature.
  const [serverSignature] = useState(() => (hydrated ? null : signature));
  const [leafletDrawn, setLeafletDrawn] = useState(false);
  const onServer = typeof document === "undefined";
  const keepServerSvg = onServer || (!leafletDrawn && serverSignature === signature);
  const staticProps = { data, title, description, selectedId, pickHref };
  const note = (text: string) =>
    keepServerSvg ? null : (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{text}</p>
    );
  return (
    <figure>
      {keepServerSvg ? (
        <div
          dangerouslySetInnerHTML={{ __html: onServer ? renderStaticLocationMap(staticProps) : "" }}
          suppressHydrationWarning
        />
      ) : null}
      {hydrated ? (
        <MapLoadBoundary fallback={note(MAP_NOT_LOADED)}>
          <Suspense fallback={note(MAP_LOADING)}>
            <LocationMap
              data={data}
              label={title}
              tileUrl={tileUrl}
              selectedId={selectedId}
              onPick={(pick: MapPick) => onPick(pickHref(pick))}
              onReady={() => setLeafletDrawn(true)}
            />
          </Suspense>
        </MapLoadBoundary>
      ) : null}
      <figcaption className="mt-3">
        <MapLegend title={legendTitle} />
        {data.hiddenCount > 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            {data.hiddenCount} {data.hiddenKind === "region" ? "regions" : "hexagons"} of this place are not in your
            plan and are not shown.
          </p>
        ) : null}
        {data.truncated ? (
          <p className="mt-2 text-sm text-slate-700">
            The map shows the first {data.areas.length} hexagons of this place.
          </p>
        ) : null}
      </figcaption>
    </figure>
  );
}
