import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { cellToBoundary, cellToLatLng, polygonToCells } from "h3-js";
import {
  FLOOD_HAZARD_ID,
  WORLD_BOUNDS,
  projector,
  ringsToPath,
  type Bounds,
  type FloodSelection,
} from "~/domain/geo/map/flood-map";
import { mapLevelColour, mapLevelLabel, type MapLevel } from "~/domain/geo/map/map-levels";
import type { GeoFile } from "~/risk/dataset";
import { defaultDataDir, getRiskEngine, RiskNotFoundError } from "~/risk/engine/load-engine.server";
import { ringArea, simplifyRing } from "~/risk/land/geo";
import { NotFoundError } from "../http/errors.server";

let geo: GeoFile | null = null;
/** Outlines of the committed dataset (the engine keeps its copy private). */
function geoFile(): GeoFile {
  geo ??= JSON.parse(gunzipSync(readFileSync(path.join(defaultDataDir(), "geo.json.gz"))).toString("utf8")) as GeoFile;
  return geo;
}

function flood(code: string, s: FloodSelection): MapLevel {
  const item = getRiskEngine()
    .scores(code, s.scenario, s.period)
    .hazards.find((h) => h.hazard_id === FLOOD_HAZARD_ID)!;
  return { score: item.score, state: item.state };
}

function simplified(rings: number[][], tolerance: number, minArea: number) {
  return rings.map((r) => simplifyRing(r, tolerance)).filter((r) => r.length >= 8 && ringArea(r) >= minArea);
}

function boundsOf(rings: number[][]): Bounds {
  const b = { west: 180, east: -180, north: -90, south: 90 };
  for (const r of rings)
    for (let i = 0; i < r.length; i += 2) {
      b.west = Math.min(b.west, r[i]!);
      b.east = Math.max(b.east, r[i]!);
      b.south = Math.min(b.south, r[i + 1]!);
      b.north = Math.max(b.north, r[i + 1]!);
    }
  return b;
}

export interface MapShape {
  code: string;
  name: string;
  d: string;
  colour: string;
  label: string;
  score: number | null;
}

export interface FloodMapView {
  width: number;
  height: number;
  shapes: MapShape[];
  country: { code: string; name: string } | null;
}

let worldPaths: { code: string; name: string; d: string }[] | null = null;
const WORLD_WIDTH = 960;

/** Simplified outlines: about 0.3° is below a pixel at this width, and keeps the page light. */
function worldOutlines() {
  if (!worldPaths) {
    const project = projector(WORLD_BOUNDS, WORLD_WIDTH);
    worldPaths = geoFile()
      .countries.map((c) => ({ code: c.code, name: c.name, d: ringsToPath(simplified(c.rings, 0.4, 0.1), project) }))
      .filter((c) => c.d.length > 0);
  }
  return worldPaths;
}

function shape(code: string, name: string, d: string, s: FloodSelection): MapShape {
  const level = flood(code, s);
  return { code, name, d, colour: mapLevelColour(level), label: mapLevelLabel(level), score: level.score };
}

/** The static map: countries of the world, or the regions of one country, coloured by river-flood level. */
export function floodMapView(s: FloodSelection): FloodMapView {
  if (!s.country) {
    const project = projector(WORLD_BOUNDS, WORLD_WIDTH);
    return {
      width: project.width,
      height: project.height,
      country: null,
      shapes: worldOutlines().map((c) => shape(c.code, c.name, c.d, s)),
    };
  }
  const data = geoFile();
  const country = data.countries.find((c) => c.code === s.country);
  if (!country) throw new NotFoundError(`Unknown country code ${s.country}`);
  const regions = data.regions.filter((r) => r.country === country.code);
  const bounds = boundsOf(
    country.rings.filter((r) => ringArea(r) > 0.2).length
      ? country.rings.filter((r) => ringArea(r) > 0.2)
      : country.rings,
  );
  const span = Math.max(bounds.east - bounds.west, bounds.north - bounds.south);
  const pad = span * 0.05;
  const padded = {
    west: bounds.west - pad,
    east: bounds.east + pad,
    north: bounds.north + pad,
    south: bounds.south - pad,
  };
  const width = 800;
  const project = projector(padded, width);
  const tolerance = span / 400;
  const minArea = (span / 300) ** 2;
  const shapes = regions.length
    ? regions
        .map((r) => shape(r.code, r.name, ringsToPath(simplified(r.rings, tolerance, minArea), project), s))
        .filter((r) => r.d)
    : [shape(country.code, country.name, ringsToPath(simplified(country.rings, tolerance, minArea), project), s)];
  return { width, height: Math.min(project.height, 900), shapes, country: { code: country.code, name: country.name } };
}

export interface RankedArea {
  code: string;
  name: string;
  label: string;
  score: number | null;
}

/** The highest river-flood levels, for the table that accompanies the map. */
export function topFloodAreas(view: FloodMapView, limit = 15): RankedArea[] {
  return view.shapes
    .filter((x) => x.score !== null)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.name.localeCompare(b.name, "en"))
    .slice(0, limit)
    .map(({ code, name, label, score }) => ({ code, name, label, score }));
}

export function countryOptions() {
  return getRiskEngine().countries();
}

type Feature = {
  type: "Feature";
  properties: Record<string, unknown>;
  geometry: { type: "MultiPolygon"; coordinates: number[][][][] } | { type: "Polygon"; coordinates: number[][][] };
};

function ringsToMultiPolygon(rings: number[][]): Feature["geometry"] {
  const polys = rings.map((r) => {
    const pts: number[][] = [];
    for (let i = 0; i < r.length; i += 2) pts.push([Math.round(r[i]! * 100) / 100, Math.round(r[i + 1]! * 100) / 100]);
    if (pts.length && (pts[0]![0] !== pts[pts.length - 1]![0] || pts[0]![1] !== pts[pts.length - 1]![1]))
      pts.push(pts[0]!);
    return [pts];
  });
  return { type: "MultiPolygon", coordinates: polys };
}

function levelProps(code: string, name: string, s: FloodSelection) {
  const level = flood(code, s);
  return { code, name, colour: mapLevelColour(level), label: mapLevelLabel(level), score: level.score };
}

export const MAX_HEXAGONS = 4000;

/**
 * GeoJSON for the interactive map: countries (world), regions (a country), or H3 cells (a country small enough to
 * list its cells). A cell carries its own level only when `mayShowHexagon` says the viewer bought it (the
 * entitlement rule); every other cell shows the level of its region, else its country.
 */
export function floodGeoJson(
  s: FloodSelection,
  layer: "areas" | "hexagons",
  mayShowHexagon: (hexagonCode: string) => boolean = () => false,
) {
  const data = geoFile();
  const features: Feature[] = [];
  if (!s.country) {
    for (const c of data.countries) {
      const rings = simplified(c.rings, 0.15, 0.02);
      if (rings.length)
        features.push({
          type: "Feature",
          properties: levelProps(c.code, c.name, s),
          geometry: ringsToMultiPolygon(rings),
        });
    }
    return { type: "FeatureCollection" as const, features, truncated: false };
  }
  const country = data.countries.find((c) => c.code === s.country);
  if (!country) throw new NotFoundError(`Unknown country code ${s.country}`);
  if (layer === "areas") {
    for (const r of data.regions.filter((x) => x.country === country.code)) {
      const rings = simplified(r.rings, 0.01, 0);
      if (rings.length)
        features.push({
          type: "Feature",
          properties: levelProps(r.code, r.name, s),
          geometry: ringsToMultiPolygon(rings),
        });
    }
    return { type: "FeatureCollection" as const, features, truncated: false };
  }
  const cells = new Set<string>();
  for (const ring of country.rings) {
    const loop: number[][] = [];
    for (let i = 0; i < ring.length; i += 2) loop.push([ring[i + 1]!, ring[i]!]);
    for (const cell of polygonToCells(loop, 4)) cells.add(cell);
    if (cells.size > MAX_HEXAGONS) break;
  }
  const engine = getRiskEngine();
  const areaLevels = new Map<string, ReturnType<typeof levelProps>>();
  const levelOfArea = (code: string) => {
    let props = areaLevels.get(code);
    if (!props) areaLevels.set(code, (props = levelProps(code, code, s)));
    return props;
  };
  let truncated = false;
  for (const cell of cells) {
    if (features.length >= MAX_HEXAGONS) {
      truncated = true;
      break;
    }
    if (engine.cellRow(cell) < 0) continue;
    let props: Record<string, unknown>;
    try {
      if (mayShowHexagon(cell)) props = { ...levelProps(cell, cell, s), location_type: "hexagon" };
      else {
        const [lat, lon] = cellToLatLng(cell);
        const at = engine.locate(lat, lon);
        const area = at.status === "ok" ? (at.region_code ?? at.country_code) : country.code;
        const level = levelOfArea(area);
        props = {
          code: cell,
          name: cell,
          colour: level.colour,
          label: level.label,
          score: level.score,
          location_type: area.length === 2 ? "country" : "region",
          area_code: area,
        };
      }
    } catch (error) {
      if (error instanceof RiskNotFoundError) continue;
      throw error;
    }
    const boundary = cellToBoundary(cell, true);
    features.push({
      type: "Feature",
      properties: props,
      geometry: { type: "Polygon", coordinates: [[...boundary, boundary[0]!]] },
    });
  }
  return { type: "FeatureCollection" as const, features, truncated };
}
