import { Component, lazy, Suspense, type ReactNode } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { LocationMapData, MapArea } from "~/domain/location-map";
import type { MapPick } from "./location-map.client";
import { MapLegend } from "./map-legend";
import { StaticLocationMap } from "./static-location-map";

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
 * the map's code loads, or if it cannot load). Never both.
 */
export function PlaceMap({ data, title, description, legendTitle, selectedId, pickHref, onPick, tileUrl = null }: PlaceMapProps) {
  const staticMap = <StaticLocationMap data={data} title={title} description={description} selectedId={selectedId} pickHref={pickHref} />;
  return (
    <figure>
      <ClientOnly fallback={staticMap}>
        {() => (
          <MapLoadBoundary fallback={staticMap}>
            <Suspense fallback={staticMap}>
              <LocationMap data={data} label={title} tileUrl={tileUrl} selectedId={selectedId} onPick={(pick: MapPick) => onPick(pickHref(pick))} />
            </Suspense>
          </MapLoadBoundary>
        )}
      </ClientOnly>
      <figcaption className="mt-3">
        <MapLegend title={legendTitle} />
        {data.hiddenCount > 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            {data.hiddenCount} {data.hiddenKind === "region" ? "regions" : "hexagons"} of this place are not in your plan and are not shown.
          </p>
        ) : null}
        {data.truncated ? <p className="mt-2 text-sm text-slate-700">The map shows the first {data.areas.length} hexagons of this place.</p> : null}
      </figcaption>
    </figure>
  );
}
