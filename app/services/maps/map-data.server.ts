/**
 * What a location map draws: the outline of the place, its hexagons or regions coloured by level (only those the
 * caller may read), and the bounds to fit. Shared by the dashboard map, the regional view and their static SVGs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gunzipSync } from "node:zlib";
import { cellToBoundary, cellToLatLng } from "h3-js";
import { formatCoordinates } from "~/domain/dashboard/dashboard";
import { canAccess } from "~/domain/commerce/entitlements";
import type { HazardId } from "~/domain/hazards/hazards";
import {
  boundsOfRings,
  type Bounds,
  type LocationMapData,
  type LonLatRing,
  type MapArea,
} from "~/domain/geo/map/location-map";
import { mapLevelColour, mapLevelLabel, type MapLevel } from "~/domain/geo/map/map-levels";
import type { PeriodId, ScenarioId } from "~/domain/hazards/scenarios";
import type { GeoFile } from "~/risk/dataset";
import { cellRowsOf } from "~/risk/regions/cell-distribution";
import { defaultDataDir, getRiskEngine, RiskNotFoundError } from "~/risk/engine/load-engine.server";
import { ringArea, simplifyRing } from "~/risk/land/geo";
import {
  BASEMAP_LEVELS,
  BASEMAP_MAX_LABELS,
  boundsIntersect,
  clipRing,
  roundRing,
  type BasemapLevel,
} from "~/domain/geo/map/basemap";
import { largestPlacesIn } from "./places.server";
import { accessContextFor, type AccessCaller } from "../commerce/entitlements.server";
import { BadRequestError, NotFoundError } from "../http/errors.server";

/** More cells than this make the page heavy on a slow connection; the map says it shows a part. */
export const MAX_MAP_HEXAGONS = 1500;

let geo: GeoFile | null = null;
function geoFile(): GeoFile {
  geo ??= JSON.parse(gunzipSync(readFileSync(path.join(defaultDataDir(), "geo.json.gz"))).toString("utf8")) as GeoFile;
  return geo;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function flatToRing(flat: number[]): LonLatRing {
  const ring: LonLatRing = [];
  for (let i = 0; i < flat.length; i += 2) ring.push([round2(flat[i]!), round2(flat[i + 1]!)]);
  return ring;
}

/** Simplified to about 1/500 of the place's span: finer than a pixel on any map we draw. */
function outlineRings(rings: number[][]): LonLatRing[] {
  const b = boundsOfRings(rings.map(flatToRing));
  const span = b ? Math.max(b.east - b.west, b.north - b.south) : 1;
  return rings
    .map((r) => simplifyRing(r, span / 500))
    .filter((r) => r.length >= 8 && ringArea(r) >= (span / 400) ** 2)
    .map(flatToRing);
}

/** Bounds of the main land: islands smaller than 2 % of the largest ring do not stretch the view. */
function mainBounds(rings: number[][]) {
  const largest = Math.max(0, ...rings.map(ringArea));
  const main = rings.filter((r) => ringArea(r) >= largest * 0.02);
  return boundsOfRings((main.length ? main : rings).map(flatToRing))!;
}

function levelOf(code: string, hazardId: HazardId, scenario: ScenarioId, period: PeriodId): MapLevel {
  const result = getRiskEngine().scores(code, scenario, period);
  const item = hazardId === "AL" ? result.aggregate : result.hazards.find((h) => h.hazard_id === hazardId);
  return item ? { score: item.score, state: item.state } : { score: null, state: "no_data" };
}

function area(
  kind: MapArea["kind"],
  id: string,
  name: string,
  rings: LonLatRing[],
  centre: [number, number],
  level: MapLevel,
): MapArea {
  return {
    id,
    name,
    kind,
    rings,
    centre,
    score: level.score,
    state: level.state,
    colour: mapLevelColour(level),
    label: mapLevelLabel(level),
  };
}

function hexagonArea(cell: string, level: MapLevel): MapArea {
  const ring = cellToBoundary(cell, true).map(([lon, lat]) => [round2(lon), round2(lat)] as [number, number]);
  const [lat, lon] = cellToLatLng(cell);
  return area("hexagon", cell, cell, [ring], [round2(lat), round2(lon)], level);
}

interface AreaShape {
  cells: string[];
  outline: LonLatRing[];
  bounds: Bounds;
}
const areaShapes = new Map<string, AreaShape>();
/** Cells, outline and bounds of a country or region: cached, since simplifying a large outline takes a while. */
function areaShape(areaCode: string, rings: number[][]): AreaShape {
  let s = areaShapes.get(areaCode);
  if (!s) {
    s = { cells: cellsOf(areaCode), outline: outlineRings(rings), bounds: mainBounds(rings) };
    areaShapes.set(areaCode, s);
  }
  return s;
}

const placeOutlines = new Map<string, LonLatRing[]>();
/** The simplified outline of a country or region (the static map draws it; the interactive one takes the basemap's). */
export function placeOutline(code: string): LonLatRing[] {
  const cached = areaShapes.get(code)?.outline ?? placeOutlines.get(code);
  if (cached) return cached;
  const data = geoFile();
  const shape =
    code.length === 2 ? data.countries.find((c) => c.code === code) : data.regions.find((r) => r.code === code);
  const outline = shape ? outlineRings(shape.rings) : [];
  placeOutlines.set(code, outline);
  return outline;
}

/**
 * Map data as a page's loader sends it: without the outline where it is a country's or region's (the interactive map
 * draws it from the basemap, the static map on the server from `placeOutline`), so it does not travel twice.
 */
export function mapDataForPage(data: LocationMapData): LocationMapData {
  return data.outlineCode ? { ...data, outline: [] } : data;
}

/** The dataset's own cells of the place: the same membership its scores and rollups are built from. */
function cellsOf(areaCode: string): string[] {
  const engine = getRiskEngine();
  return cellRowsOf(engine, areaCode)
    .map((row) => engine.cellIdOfRow(row))
    .sort();
}

export interface MapPlaceQuery {
  /** Country (GB), region (GB-LND) or hexagon id; ignored when lat and lon are given. */
  locationCode?: string | null;
  lat?: number | null;
  lon?: number | null;
  scenario: ScenarioId;
  period: PeriodId;
  /** The hazard whose level colours the map; AL (aggregate) by default. */
  hazardId?: HazardId;
}

/**
 * The place's map: a country or region shows its hexagons; a hexagon or a point shows the hexagons of its region
 * (or country), the picked one among them. Hexagons the caller has not ordered are left off and counted.
 */
export async function locationMapData(caller: AccessCaller | null, q: MapPlaceQuery): Promise<LocationMapData> {
  const engine = getRiskEngine();
  const data = geoFile();
  const hazardId = q.hazardId ?? "AL";
  let kind: LocationMapData["place"]["kind"];
  let code: string;
  let point: LocationMapData["point"] = null;
  let areaCode: string;
  if (q.lat != null && q.lon != null) {
    const located = engine.locate(q.lat, q.lon);
    if (located.status !== "ok") throw new BadRequestError(located.message, "lat");
    kind = "point";
    code = located.hexagon_code;
    point = { lat: q.lat, lon: q.lon };
    areaCode = located.region_code ?? located.country_code;
  } else {
    code = (q.locationCode ?? "").trim();
    if (/^[A-Za-z]{2}$/.test(code)) {
      kind = "country";
      code = code.toUpperCase();
      areaCode = code;
    } else if (/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(code)) {
      kind = "region";
      code = code.toUpperCase();
      areaCode = code;
    } else if (/^[0-9a-fA-F]{15}$/.test(code)) {
      kind = "hexagon";
      code = code.toLowerCase();
      if (engine.cellRow(code) < 0) throw new NotFoundError(`Unknown hexagon ${code}`);
      const [lat, lon] = cellToLatLng(code);
      const located = engine.locate(lat, lon);
      areaCode = located.status === "ok" ? (located.region_code ?? located.country_code) : code;
    } else throw new BadRequestError("location_code must be a country, region or hexagon code", "location_code");
  }

  const shape =
    areaCode.length === 2
      ? data.countries.find((c) => c.code === areaCode)
      : data.regions.find((r) => r.code === areaCode);
  let name = kind === "point" || kind === "hexagon" ? code : (shape?.name ?? code);
  if (!shape && kind !== "hexagon") throw new NotFoundError(`Unknown location ${areaCode}`);

  const ctx = await accessContextFor(caller);
  const cached = shape ? areaShape(areaCode, shape.rings) : null;
  const cells = cached ? [...cached.cells] : [code];
  if ((kind === "hexagon" || kind === "point") && !cells.includes(code)) cells.unshift(code);
  const visible = cells.filter((cell) => canAccess(ctx, "hexagon", cell).allowed);
  const picked = kind === "hexagon" || kind === "point" ? code : null;
  // The picked hexagon first, so truncation never drops it.
  const ordered = picked && visible.includes(picked) ? [picked, ...visible.filter((c) => c !== picked)] : visible;
  const areas: MapArea[] = [];
  for (const cell of ordered.slice(0, MAX_MAP_HEXAGONS)) {
    try {
      areas.push(hexagonArea(cell, levelOf(cell, hazardId, q.scenario, q.period)));
    } catch (error) {
      if (!(error instanceof RiskNotFoundError)) throw error;
    }
  }
  if (kind === "point") name = formatCoordinates(q.lat!, q.lon!);
  const outline = cached ? cached.outline : (areas[0]?.rings ?? []);
  return {
    place: { kind, code, name },
    outline,
    outlineCode: shape ? areaCode : null,
    areas,
    bounds: cached ? cached.bounds : boundsOfRings(outline)!,
    truncated: ordered.length > MAX_MAP_HEXAGONS,
    point,
    hazardId,
    hiddenCount: cells.length - visible.length,
    hiddenKind: "hexagon",
  };
}

/**
 * The regional view's choropleth: the regions of a country coloured by one hazard. Regions the caller may not read
 * (`readable` says no) are left off and counted, as the hexagon maps do.
 */
export function regionalMapData(
  countryCode: string,
  hazardId: HazardId,
  scenario: ScenarioId,
  period: PeriodId,
  readable: (regionCode: string) => boolean = () => true,
): LocationMapData {
  const data = geoFile();
  const country = data.countries.find((c) => c.code === countryCode.toUpperCase());
  if (!country) throw new NotFoundError(`Unknown country code ${countryCode}`);
  const regions = data.regions.filter((r) => r.country === country.code);
  const visible = regions.filter((r) => readable(r.code));
  const areas = visible
    .map((r) => {
      const rings = outlineRings(r.rings);
      const b = mainBounds(r.rings);
      return area(
        "region",
        r.code,
        r.name,
        rings,
        [round2((b.north + b.south) / 2), round2((b.east + b.west) / 2)],
        levelOf(r.code, hazardId, scenario, period),
      );
    })
    .filter((a) => a.rings.length > 0);
  return {
    place: { kind: "country", code: country.code, name: country.name },
    outline: outlineRings(country.rings),
    outlineCode: country.code,
    areas,
    bounds: mainBounds(country.rings),
    truncated: false,
    point: null,
    hazardId,
    hiddenCount: regions.length - visible.length,
    hiddenKind: "region",
  };
}

/**
 * Built basemaps by canonical query (level, box, outline), most recently used last. Bounded: the client asks for
 * boxes on the level's grid, so a few hundred answers cover every view; anything else in the URL is not part of
 * the key, so query strings made up to dodge the cache land on an entry that is already there.
 */
const BASEMAP_CACHE_MAX_ENTRIES = 256;
const BASEMAP_CACHE_MAX_BYTES = 64 * 1024 * 1024;
interface BasemapEntry {
  body: string;
  brotli: Buffer | null;
}
const basemaps = new Map<string, BasemapEntry>();
let basemapBytes = 0;
let basemapBuilds = 0;

/**
 * How many basemaps are held and how many were ever built (for tests and diagnostics).
 * @internal
 */
export function basemapCacheStats() {
  return { entries: basemaps.size, builds: basemapBuilds };
}

function basemapKey(query: BasemapQuery): string {
  const box = query.bbox
    ? [query.bbox.west, query.bbox.south, query.bbox.east, query.bbox.north].map(String).join(",")
    : "";
  return `${query.level.level}|${box}|${(query.outline ?? "").toUpperCase()}`;
}

function cachedBasemap(query: BasemapQuery): BasemapEntry {
  const key = basemapKey(query);
  let entry = basemaps.get(key);
  if (entry) {
    basemaps.delete(key);
    basemaps.set(key, entry);
    return entry;
  }
  entry = { body: buildBasemap(query), brotli: null };
  basemapBuilds++;
  basemaps.set(key, entry);
  basemapBytes += entry.body.length;
  for (const [oldKey, old] of basemaps) {
    if (basemaps.size <= BASEMAP_CACHE_MAX_ENTRIES && basemapBytes <= BASEMAP_CACHE_MAX_BYTES) break;
    basemaps.delete(oldKey);
    basemapBytes -= old.body.length + (old.brotli?.length ?? 0);
  }
  return entry;
}
/** Simplified rings per level and country or region code: simplifying a large country takes a while. */
const simplifiedShapes = new Map<string, { rings: LonLatRing[]; bounds: Bounds[] }>();

function simplifiedShape(code: string, rings: number[][], level: BasemapLevel) {
  const key = `${level.level}:${code}`;
  let s = simplifiedShapes.get(key);
  if (!s) {
    const kept = rings
      .map((r) => simplifyRing(r, level.tolerance))
      .filter((r) => r.length >= 8 && ringArea(r) >= level.tolerance ** 2)
      .map((r) => roundRing(flatToRingExact(r), level.step))
      .filter((r) => r.length >= 3);
    s = { rings: kept, bounds: kept.map((r) => boundsOfRings([r])!) };
    simplifiedShapes.set(key, s);
  }
  return s;
}

function flatToRingExact(flat: number[]): LonLatRing {
  const ring: LonLatRing = [];
  for (let i = 0; i < flat.length; i += 2) ring.push([flat[i]!, flat[i + 1]!]);
  return ring;
}

function shapeIn(code: string, rings: number[][], level: BasemapLevel, box: Bounds | null): number[][][] {
  const s = simplifiedShape(code, rings, level);
  const out: number[][][] = [];
  s.rings.forEach((ring, i) => {
    if (box && !boundsIntersect(s.bounds[i]!, box)) return;
    const clipped = box ? roundRing(clipRing(ring, box), level.step) : ring;
    if (clipped.length < 3) return;
    out.push([...clipped, clipped[0]!]);
  });
  return out;
}

export interface BasemapQuery {
  level: BasemapLevel;
  /** Only what lies in this box; the whole world when null. */
  bbox: Bounds | null;
  /** A country or region whose outline is drawn over the land at the same detail. */
  outline?: string | null;
}

/**
 * GeoJSON under an interactive map: land by country ("land"), the place's outline ("outline") and labels of the
 * largest places in view ("label"), all from the dataset the scores use, at the detail of the zoom.
 */
export function basemapGeoJson(query: BasemapQuery = { level: BASEMAP_LEVELS[0]!, bbox: null }): string {
  return cachedBasemap(query).body;
}

/**
 * The basemap compressed once and kept with it: the world at level 0 is 400 kB, and compressing it again for every
 * request costs more CPU than anything else the endpoint does.
 */
export function basemapBrotli(query: BasemapQuery): Buffer {
  const entry = cachedBasemap(query);
  if (!entry.brotli) {
    entry.brotli = brotliCompressSync(entry.body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    basemapBytes += entry.brotli.length;
  }
  return entry.brotli;
}

function buildBasemap(query: BasemapQuery): string {
  const { level, bbox } = query;
  const data = geoFile();
  const features: unknown[] = [];
  for (const c of data.countries) {
    const coordinates = shapeIn(c.code, c.rings, level, bbox).map((ring) => [ring]);
    if (coordinates.length)
      features.push({
        type: "Feature",
        properties: { kind: "land", code: c.code, name: c.name },
        geometry: { type: "MultiPolygon", coordinates },
      });
  }
  const outlineCode = query.outline?.toUpperCase();
  const outlineShape = outlineCode
    ? outlineCode.length === 2
      ? data.countries.find((c) => c.code === outlineCode)
      : data.regions.find((r) => r.code === outlineCode)
    : undefined;
  if (outlineShape) {
    const coordinates = shapeIn(outlineShape.code, outlineShape.rings, level, bbox).map((ring) => [ring]);
    if (coordinates.length)
      features.push({
        type: "Feature",
        properties: { kind: "outline", code: outlineShape.code, name: outlineShape.name },
        geometry: { type: "MultiPolygon", coordinates },
      });
  }
  for (const p of largestPlacesIn(bbox, level.minPopulation, BASEMAP_MAX_LABELS)) {
    features.push({
      type: "Feature",
      properties: { kind: "label", name: p.name, population: p.population },
      geometry: { type: "Point", coordinates: [p.lon, p.lat] },
    });
  }
  return JSON.stringify({ type: "FeatureCollection", features });
}

/** Bounds of a country's main land (small far islands left out), or null for an unknown code. */
export function countryBounds(code: string) {
  const country = geoFile().countries.find((c) => c.code === code.toUpperCase());
  return country ? mainBounds(country.rings) : null;
}
