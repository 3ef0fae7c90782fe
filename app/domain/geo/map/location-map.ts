/** Location maps (dashboard, regional view, flood map): padding, bounds and the SVG projection. Pure. */
import type { Bounds } from "./flood-map";

import type { MapLevel } from "./map-levels";

export type { Bounds } from "./flood-map";

/** The map fits its place with 5 % padding on every side. */
export const MAP_BOUNDS_PADDING = 0.05;

/** [lon, lat] pairs; a ring closes on itself implicitly. */
export type LonLatRing = [number, number][];

export interface MapArea {
  /** Hexagon id or region code. */
  id: string;
  name: string;
  kind: "hexagon" | "region" | "country";
  score: MapLevel["score"];
  state: MapLevel["state"];
  colour: string;
  label: string;
  rings: LonLatRing[];
  /** Centre as [lat, lon]: what a pick reports when the click position is unknown (no JavaScript). */
  centre: [number, number];
}

export interface LocationMapData {
  place: { kind: "country" | "region" | "hexagon" | "point"; code: string; name: string };
  /** The country or region outline. */
  outline: LonLatRing[];
  /** Code of the country or region the outline is of (the interactive map draws it from the basemap); null for a bare hexagon. */
  outlineCode: string | null;
  areas: MapArea[];
  /** Bounds of the place, without padding (the map adds MAP_BOUNDS_PADDING). */
  bounds: Bounds;
  /** More areas existed than the map draws. */
  truncated: boolean;
  /** The point asked for, when the place is a point. */
  point: { lat: number; lon: number } | null;
  /** The hazard the colours show. */
  hazardId: string;
  /** Areas left off because the caller has not ordered them. */
  hiddenCount: number;
  /** What those areas are (hexagons of a place, regions of a country). */
  hiddenKind: "hexagon" | "region";
}

export function boundsOfRings(rings: LonLatRing[]): Bounds | null {
  let b: Bounds | null = null;
  for (const ring of rings)
    for (const [lon, lat] of ring) {
      if (!b) b = { west: lon, east: lon, south: lat, north: lat };
      else {
        b.west = Math.min(b.west, lon);
        b.east = Math.max(b.east, lon);
        b.south = Math.min(b.south, lat);
        b.north = Math.max(b.north, lat);
      }
    }
  return b;
}

/** Grows bounds by a fraction of their width and height on each side (Leaflet's LatLngBounds.pad does the same). */
export function padBounds(b: Bounds, ratio = MAP_BOUNDS_PADDING): Bounds {
  const dx = (b.east - b.west) * ratio;
  const dy = (b.north - b.south) * ratio;
  return {
    west: Math.max(-180, b.west - dx),
    east: Math.min(180, b.east + dx),
    south: Math.max(-90, b.south - dy),
    north: Math.min(90, b.north + dy),
  };
}

/** Leaflet's [[south, west], [north, east]]. */
export function toLatLngBounds(b: Bounds): [[number, number], [number, number]] {
  return [
    [b.south, b.west],
    [b.north, b.east],
  ];
}

/**
 * Equirectangular projection of padded bounds into an SVG box of a given width, with longitudes shrunk by the
 * cosine of the middle latitude so countries far from the equator keep their shape. Height is capped.
 */
export function fitProjection(bounds: Bounds, width: number, maxHeight = width) {
  const b = padBounds(bounds);
  const midLat = ((b.north + b.south) / 2) * (Math.PI / 180);
  const kx = Math.max(0.2, Math.cos(midLat));
  const spanX = Math.max(1e-6, (b.east - b.west) * kx);
  const spanY = Math.max(1e-6, b.north - b.south);
  let scale = width / spanX;
  let height = spanY * scale;
  let w = width;
  if (height > maxHeight) {
    scale = maxHeight / spanY;
    height = maxHeight;
    w = spanX * scale;
  }
  const offsetX = (width - w) / 2;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    width,
    height: Math.round(height),
    x: (lon: number) => round(offsetX + (lon - b.west) * kx * scale),
    y: (lat: number) => round((b.north - lat) * scale),
  };
}

export type Projection = ReturnType<typeof fitProjection>;

/**
 * SVG path of rings, in whole pixels with relative steps ("M12 40l3-2 …"): a map a few hundred pixels wide loses
 * nothing visible, and the path is about half as long as absolute tenths. Steps that round to nothing are dropped.
 */
export function ringsToSvgPath(rings: LonLatRing[], p: Projection): string {
  let d = "";
  for (const ring of rings) {
    if (ring.length < 3) continue;
    let x0 = 0;
    let y0 = 0;
    let part = "";
    let steps = 0;
    ring.forEach(([lon, lat], i) => {
      const x = Math.round(p.x(lon));
      const y = Math.round(p.y(lat));
      if (i === 0) part = `M${x} ${y}l`;
      else if (x !== x0 || y !== y0) {
        const dy = y - y0;
        part += `${steps ? (x - x0 < 0 ? "" : " ") : ""}${x - x0}${dy < 0 ? "" : " "}${dy}`;
        steps += 1;
      }
      x0 = x;
      y0 = y;
    });
    // A ring smaller than a pixel has nothing to draw.
    if (steps >= 2) d += `${part}Z`;
  }
  return d;
}

/** The query string of a map pick: the dashboard reads `location_code` (and keeps the other params). */
export function pickSearch(current: URLSearchParams | string, area: Pick<MapArea, "id" | "kind">): string {
  const params = new URLSearchParams(current);
  params.set("location_code", area.id);
  params.delete("lat");
  params.delete("lon");
  return `?${params.toString()}`;
}

/** Legend entries: five levels, then the two states that are not scores. */
