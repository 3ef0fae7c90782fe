/** Place-name search over data/places.json.gz (built by scripts/data/places.ts), loaded once on first search. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  PLACE_SEARCH_LIMIT,
  buildPlaceIndex,
  nearestPlace,
  placeFromRow,
  placesNamed,
  searchPlaceIndex,
  type PlaceIndex,
  type PlaceResult,
  type PlaceRow,
} from "~/domain/geo/places";
import { defaultDataDir, getRiskEngine } from "~/risk/engine/load-engine.server";
import { datasetLoaded } from "../infra/native-memory.server";
import { pickLabels, WORLD, type LabelPlace } from "~/domain/geo/map/basemap";
import type { Bounds } from "~/domain/geo/map/flood-map";

interface PlacesFile {
  source: Record<string, string>;
  rows: PlaceRow[];
}

export function loadPlaceIndex(file = path.join(defaultDataDir(), "places.json.gz")): PlaceIndex {
  if (!existsSync(file)) throw new Error(`place list not found at ${file} (run npx tsx scripts/data/places.ts)`);
  const parsed = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as PlacesFile;
  return buildPlaceIndex(parsed.rows.map(placeFromRow));
}

let index: PlaceIndex | null = null;

/** The process-wide place index, loaded on first use. */
function placeIndex(): PlaceIndex {
  const loaded = loadPlaceIndex();
  datasetLoaded();
  return loaded;
}
let countryNames: Map<string, string> | null = null;

function countryName(code: string): string {
  if (!countryNames)
    countryNames = new Map(
      getRiskEngine()
        .countries()
        .map((c) => [c.country_code, c.country_name]),
    );
  const name = countryNames.get(code);
  if (name) return name;
  // places in territories the hazard dataset has no outline for (e.g. Gibraltar) still get a readable country
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Places whose name starts with the query (whole name first, then any word), largest first, with country names. */
export function searchPlaces(q: string, limit = PLACE_SEARCH_LIMIT): PlaceResult[] {
  index ??= placeIndex();
  return searchPlaceIndex(index, q, limit).map((p) => ({
    name: p.name,
    country_code: p.countryCode,
    country_name: countryName(p.countryCode),
    admin1_code: p.admin1Code,
    lat: p.lat,
    lon: p.lon,
    population: p.population,
  }));
}

/** Places of a box for map labels, largest first (the index is already sorted by population). */
export function largestPlacesIn(box: Bounds | null, minPopulation: number, limit: number): LabelPlace[] {
  index ??= placeIndex();
  return pickLabels(index.places, box ?? WORLD, minPopulation, limit).map((p) => ({
    name: p.name,
    lat: p.lat,
    lon: p.lon,
    population: p.population,
  }));
}

/** The name of the place nearest to a point (within PLACE_NAME_RADIUS_KM), or null. */
export function nearestPlaceName(lat: number, lon: number): string | null {
  index ??= placeIndex();
  return nearestPlace(index.places, lat, lon)?.name ?? null;
}

/** Places of exactly this name (or an alternate name), largest first, in `country` when given: an address's city. */
export function placesByName(
  name: string,
  country: string | null = null,
  limit = 5,
): { name: string; countryCode: string; lat: number; lon: number }[] {
  index ??= placeIndex();
  return placesNamed(index, name, country, limit).map((p) => ({
    name: p.name,
    countryCode: p.countryCode,
    lat: p.lat,
    lon: p.lon,
  }));
}
