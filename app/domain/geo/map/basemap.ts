/**
 * The interactive maps' own basemap: country shapes, the place's outline and labels of large places, served for
 * the part of the world in view at a detail that matches the zoom. Detail follows the pixel: the tolerance of a
 * level is about half a screen pixel at its deepest zoom, so land, borders and hexagons line up at every zoom.
 */
import type { Bounds } from "./flood-map";
import type { LonLatRing } from "./location-map";

export interface BasemapLevel {
  level: number;
  /** Deepest map zoom this level is drawn at. */
  maxZoom: number;
  /** Simplification tolerance in degrees. */
  tolerance: number;
  /** Coordinates are rounded to this step in degrees. */
  step: number;
  /** Places of at least this population get a label. */
  minPopulation: number;
  /** Requested boxes snap outward to this grid (degrees), so views nearby share one cached answer. */
  grid: number;
  /** Widest box (degrees) served at this level, which bounds the work of one answer. */
  maxSpan: number;
}

/** A screen pixel at zoom z is 360 / (256 · 2^z) degrees of longitude. */
export const BASEMAP_LEVELS: readonly BasemapLevel[] = [
  { level: 0, maxZoom: 3, tolerance: 0.1, step: 0.1, minPopulation: 5_000_000, grid: 360, maxSpan: 360 },
  { level: 1, maxZoom: 4, tolerance: 0.04, step: 0.01, minPopulation: 2_000_000, grid: 10, maxSpan: 360 },
  { level: 2, maxZoom: 5, tolerance: 0.02, step: 0.01, minPopulation: 1_000_000, grid: 5, maxSpan: 240 },
  { level: 3, maxZoom: 7, tolerance: 0.005, step: 0.001, minPopulation: 300_000, grid: 2, maxSpan: 120 },
  { level: 4, maxZoom: 30, tolerance: 0.001, step: 0.0001, minPopulation: 50_000, grid: 0.5, maxSpan: 45 },
];

/** Labels per answer: enough to orient, few enough to stay readable. */
export const BASEMAP_MAX_LABELS = 40;

export const BASEMAP_PATH = "/map/basemap.geojson";

export const WORLD: Bounds = { west: -180, south: -90, east: 180, north: 90 };

export function basemapLevelForZoom(zoom: number): BasemapLevel {
  return BASEMAP_LEVELS.find((l) => zoom <= l.maxZoom) ?? BASEMAP_LEVELS[BASEMAP_LEVELS.length - 1]!;
}

export function basemapLevel(level: number): BasemapLevel | null {
  return BASEMAP_LEVELS.find((l) => l.level === level) ?? null;
}

/** The box to ask for: the view grown by a quarter of its size on each side, snapped outward to the level's grid. */
export function basemapRequestBounds(view: Bounds, level: BasemapLevel): Bounds {
  const dx = (view.east - view.west) / 4;
  const dy = (view.north - view.south) / 4;
  return snapToGrid(
    { west: view.west - dx, south: view.south - dy, east: view.east + dx, north: view.north + dy },
    level,
  );
}

/** A box grown outward to the level's grid and kept inside the world. */
export function snapToGrid(box: Bounds, level: BasemapLevel): Bounds {
  const snapDown = (v: number) => Math.floor(v / level.grid) * level.grid;
  const snapUp = (v: number) => Math.ceil(v / level.grid) * level.grid;
  return {
    west: Math.max(-180, snapDown(box.west)),
    south: Math.max(-90, snapDown(box.south)),
    east: Math.min(180, snapUp(box.east)),
    north: Math.min(90, snapUp(box.north)),
  };
}

export function basemapUrl(level: BasemapLevel, bounds: Bounds, outline?: string | null): string {
  const params = new URLSearchParams({
    level: String(level.level),
    bbox: [bounds.west, bounds.south, bounds.east, bounds.north].join(","),
  });
  if (outline) params.set("outline", outline);
  return `${BASEMAP_PATH}?${params.toString()}`;
}

export function boundsIntersect(a: Bounds, b: Bounds): boolean {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
}

type Edge = {
  inside: (p: [number, number]) => boolean;
  cross: (a: [number, number], b: [number, number]) => [number, number];
};

function edges(b: Bounds): Edge[] {
  const atLon =
    (lon: number) =>
    (p: [number, number], q: [number, number]): [number, number] => [
      lon,
      p[1] + ((q[1] - p[1]) * (lon - p[0])) / (q[0] - p[0]),
    ];
  const atLat =
    (lat: number) =>
    (p: [number, number], q: [number, number]): [number, number] => [
      p[0] + ((q[0] - p[0]) * (lat - p[1])) / (q[1] - p[1]),
      lat,
    ];
  return [
    { inside: (p) => p[0] >= b.west, cross: atLon(b.west) },
    { inside: (p) => p[0] <= b.east, cross: atLon(b.east) },
    { inside: (p) => p[1] >= b.south, cross: atLat(b.south) },
    { inside: (p) => p[1] <= b.north, cross: atLat(b.north) },
  ];
}

/**
 * Sutherland-Hodgman: the part of a ring inside a box, still one closed ring. The box is larger than the view, so
 * the cut edges it adds lie off screen.
 */
export function clipRing(ring: LonLatRing, box: Bounds): LonLatRing {
  let out = ring;
  for (const edge of edges(box)) {
    if (out.length === 0) break;
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      const curIn = edge.inside(current);
      const prevIn = edge.inside(previous);
      if (curIn) {
        if (!prevIn) out.push(edge.cross(previous, current));
        out.push(current);
      } else if (prevIn) out.push(edge.cross(previous, current));
    }
  }
  return out;
}

/** Rounds to the level's step and drops points that round onto the one before. */
export function roundRing(ring: LonLatRing, step: number): LonLatRing {
  const digits = Math.max(0, Math.round(-Math.log10(step)));
  const factor = 10 ** digits;
  const out: LonLatRing = [];
  for (const [lon, lat] of ring) {
    const p: [number, number] = [Math.round(lon * factor) / factor, Math.round(lat * factor) / factor];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

export interface LabelPlace {
  name: string;
  lat: number;
  lon: number;
  population: number;
}

/**
 * Labels for a box, largest places first: a place closer than a twelfth of the box's span to a larger one already
 * labelled is left out, so labels do not pile up over a metropolitan area.
 */
export function pickLabels(
  largestFirst: Iterable<LabelPlace>,
  box: Bounds,
  minPopulation: number,
  limit = BASEMAP_MAX_LABELS,
): LabelPlace[] {
  const separation = Math.max(box.east - box.west, box.north - box.south) / 12;
  const chosen: LabelPlace[] = [];
  for (const p of largestFirst) {
    if (p.population < minPopulation || chosen.length >= limit) break;
    if (p.lon < box.west || p.lon > box.east || p.lat < box.south || p.lat > box.north) continue;
    if (chosen.some((c) => Math.abs(c.lon - p.lon) < separation && Math.abs(c.lat - p.lat) < separation)) continue;
    chosen.push(p);
  }
  return chosen;
}
