/** In-memory risk engine over a decoded dataset: lookups by code or point. No I/O here. */
import { cellToLatLng, getResolution, gridDisk, h3IndexToSplitLong, isValidCell, latLngToCell, splitLongToH3Index } from "h3-js";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { RISK_LEVELS, scoreFromValue, levelForScore, type RiskLevelCode } from "~/domain/hazards/risk-levels";
import {
  SLOTS,
  SLOT_COUNT,
  parsePeriod,
  parseScenario,
  seaLevelRise,
  slotIndex,
  slotWarmingC,
  warmingAboveBaseline,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import {
  CODE_NA,
  FIELDS,
  NONE16,
  VALUE_SCALE,
  decodeValue,
  dequantiseField,
  encodeValue,
  type DatasetArrays,
  type DatasetHeader,
  type GeoFile,
} from "./dataset";
import { RiskInputError, RiskNotFoundError } from "./errors";
import { withBandMeanings } from "./explain/band-meanings";
import { explainDrivers, explainSummary, type PlaceRef } from "./explain/explain-text";
import { HAZARD_FORMULAS, NOT_APPLICABLE, STEP, aggregate, slotAridityIndex, type CellInputs, type HazardValue, type Step } from "./formulas";
import { PolygonIndex, haversineKm, ringBounds } from "./geo";
import { ROLLUP_TOP_SHARE } from "./rollup";
import type { LandMask } from "./landmask";
import { COAST_SEARCH_KM, type PointDrivers } from "./point/point-drivers";
import { pointInputLabels, pointInputValues, pointInputs, type PointInputs } from "./point/point-score";
import type {
  CountryItem,
  DatasetStatistic,
  HazardExplanation,
  HazardScoreItem,
  HazardScoresResult,
  LandSnap,
  LocateResult,
  PointHazardsResult,
  RegionItem,
} from "./types";

const INPUT_LABELS: Record<string, [string, string]> = {
  elevMean: ["mean land elevation", "m"],
  elevMin: ["lowest elevation in the cell", "m"],
  relief: ["relief (max − min land elevation)", "m"],
  slopeMean: ["mean slope", "°"],
  landShare: ["land share of the cell", "1"],
  lowShare: ["share of land at or below 10 m", "1"],
  tJul: ["July mean temperature", "°C"],
  tDec: ["December mean temperature", "°C"],
  pJul: ["July precipitation", "mm"],
  pDec: ["December precipitation", "mm"],
  coastKm: ["distance to the sea", "km"],
  floodplainShare: ["share of land in a river floodplain", "1"],
  upstreamKm2: ["drainage area of the largest river", "km²"],
  flowM3s: ["mean flow of that river", "m³/s"],
  tideM: ["tidal range at the nearest station", "m"],
  coastalPlain: ["coastal or low-lying coastal plain (1/0)", "1"],
  population: ["population of places (GeoNames)", "people"],
  tHotOffset: ["hottest month above the warmer of July/December", "°C"],
  tColdOffset: ["coldest month below the colder of July/December", "°C"],
  tMeanOffset: ["annual mean minus the July/December mean", "°C"],
  sstMonths: ["months with sea-surface temperature ≥ 26.5 °C offshore", "months"],
};

/** A point at sea this close to the shore is scored at the nearest land pixel (and says so). */
export const SNAP_TO_LAND_KM = 10;
/** Land by the shoreline mask but outside every generalised outline: the nearest outline within this distance. */
export const NEAREST_OUTLINE_KM = 10;
/** A point at sea with no land pixel near takes a country outline this close: islets the 1′ mask cannot hold. */
export const ATOLL_OUTLINE_KM = 3;

/** South of this the only land the cell set can miss is floating ice shelves, which the shoreline mask counts as land. */
const ANTARCTIC_LAT = -60;

export interface ScoresOptions {
  explain?: boolean;
  /**
   * How the explanation's sentences name a hexagon: a point's hexagon and the name a reader knows it by (the nearest
   * town). Countries and regions are named by their own names.
   */
  place?: { kind: "hexagon" | "point"; name?: string | null };
}

export class RiskEngine {
  readonly header: DatasetHeader;
  private readonly a: DatasetArrays;
  private readonly geo: GeoFile;
  private readonly countryByCode = new Map<string, number>();
  private readonly regionByCode = new Map<string, number>();
  private readonly regionsByCountry = new Map<string, number[]>();
  private countryIndex: PolygonIndex | null = null;
  /** Per-country index over that country's regions only, built on first use. */
  private readonly regionIndexes = new Map<string, { index: PolygonIndex; ids: number[] }>();
  readonly loadMs: number;
  readonly memoryBytes: number;
  private readonly landMask: LandMask | null;
  private readonly points: PointDrivers | null;

  /**
   * The dataset's version as answers name it: the build's version (the generator names it, e.g. "scripts/data/build.ts
   * 4.0.0") with the ingest suffix the header's format version carries ("+ingest.1"); the format version alone ("1")
   * stays the same from one dataset to the next.
   */
  get datasetVersion(): string {
    const build = /(\d+\.\d+\.\d+)\s*$/.exec(this.header.generator)?.[1];
    if (!build) return this.header.version;
    return build + (/\+.*$/.exec(this.header.version)?.[0] ?? "");
  }

  constructor(header: DatasetHeader, arrays: DatasetArrays, geo: GeoFile, loadMs = 0, landMask: LandMask | null = null, points: PointDrivers | null = null) {
    this.header = header;
    this.a = arrays;
    this.geo = geo;
    this.landMask = landMask;
    this.points = points;
    geo.countries.forEach((c, i) => this.countryByCode.set(c.code, i));
    geo.regions.forEach((r, i) => {
      this.regionByCode.set(r.code, i);
      const l = this.regionsByCountry.get(r.country) ?? [];
      l.push(i);
      this.regionsByCountry.set(r.country, l);
    });
    this.loadMs = loadMs;
    let bytes = 0;
    for (const t of [
      arrays.cellHi,
      arrays.cellLo,
      arrays.cellCountry,
      arrays.cellRegion,
      arrays.values,
      arrays.countryValues,
      arrays.regionValues,
      ...Object.values(arrays.fields),
    ])
      bytes += t.byteLength;
    this.memoryBytes = bytes + (landMask?.byteLength ?? 0) + (points?.byteLength ?? 0);
  }

  /** true when points are scored from their own 2′ drivers (the point-drivers file is loaded). */
  get scoresPoints(): boolean {
    return this.points !== null;
  }

  get cellCount(): number {
    return this.header.nCells;
  }

  countries(): CountryItem[] {
    return this.geo.countries
      .map((c) => ({ country_code: c.code, country_name: c.name }))
      .sort((x, y) => x.country_name.localeCompare(y.country_name, "en"));
  }

  private countryIdx(code: unknown): number {
    if (typeof code !== "string" || !/^[A-Za-z]{2}$/.test(code.trim()))
      throw new RiskInputError("country_code", "country_code must be an ISO 3166-1 alpha-2 code");
    const c = code.trim().toUpperCase();
    const i = this.countryByCode.get(c);
    if (i === undefined) throw new RiskNotFoundError("country", c);
    return i;
  }

  regions(countryCode: unknown): RegionItem[] {
    const ci = this.countryIdx(countryCode);
    const code = this.geo.countries[ci]!.code;
    return (this.regionsByCountry.get(code) ?? [])
      .map((r) => ({ region_code: this.geo.regions[r]!.code, region_name: this.geo.regions[r]!.name }))
      .sort((x, y) => x.region_name.localeCompare(y.region_name, "en"));
  }

  /** The H3 cell id of a dataset row. */
  cellIdOfRow(row: number): string {
    return splitLongToH3Index(this.a.cellLo[row]!, this.a.cellHi[row]!);
  }

  /** Dataset row of an H3 cell, or -1. Binary search on the sorted (hi, lo) split index. */
  cellRow(h3: string): number {
    const [lo32, hi32] = h3IndexToSplitLong(h3);
    const hi = hi32 >>> 0,
      lo = lo32 >>> 0;
    let a = 0,
      b = this.a.cellHi.length - 1;
    while (a <= b) {
      const m = (a + b) >>> 1;
      const mh = this.a.cellHi[m]!,
        ml = this.a.cellLo[m]!;
      if (mh < hi || (mh === hi && ml < lo)) a = m + 1;
      else if (mh > hi || ml > lo) b = m - 1;
      else return m;
    }
    return -1;
  }

  private ensureIndexes(): void {
    if (!this.countryIndex)
      this.countryIndex = new PolygonIndex(
        this.geo.countries.map((c) => c.rings),
        0.1,
      );
  }

  private regionAt(countryCode: string, lon: number, lat: number): number {
    let entry = this.regionIndexes.get(countryCode);
    if (!entry) {
      const ids = this.regionsByCountry.get(countryCode) ?? [];
      entry = {
        index: new PolygonIndex(
          ids.map((r) => this.geo.regions[r]!.rings),
          0.05,
        ),
        ids,
      };
      this.regionIndexes.set(countryCode, entry);
    }
    const q = entry.index.first(lon, lat);
    if (q >= 0) return entry.ids[q]!;
    const n = entry.index.nearest(lon, lat, NEAREST_OUTLINE_KM);
    return n.feature >= 0 ? entry.ids[n.feature]! : -1;
  }

  static checkCoordinates(lat: unknown, lon: unknown): { lat: number; lon: number } | string {
    const la = typeof lat === "string" && lat.trim() !== "" ? Number(lat) : lat;
    const lo = typeof lon === "string" && lon.trim() !== "" ? Number(lon) : lon;
    if (typeof la !== "number" || !Number.isFinite(la)) return "lat must be a finite number";
    if (typeof lo !== "number" || !Number.isFinite(lo)) return "lon must be a finite number";
    if (la < -90 || la > 90) return "lat must be within -90..90";
    if (lo < -180 || lo > 180) return "lon must be within -180..180";
    return { lat: la, lon: lo };
  }

  locate(lat: unknown, lon: unknown): LocateResult {
    const c = RiskEngine.checkCoordinates(lat, lon);
    if (typeof c === "string") return { status: "out_of_range", reason: "invalid_coordinates", message: c };
    this.ensureIndexes();
    let q = { lat: c.lat, lon: c.lon };
    let snapped: LandSnap | null = null;
    let countries = this.countryIndex!.query(q.lon, q.lat);
    /** Found while placing land far from every outline; otherwise looked up below. */
    let shelfCell: { hex: string; row: number } | null = null;
    const mask = this.landMask;
    if (mask) {
      // the shoreline mask is exact to 1′ where the generalised outlines are off by kilometres
      if (!countries.length && !mask.isLand(q.lat, q.lon)) {
        const near = mask.nearestLand(q.lat, q.lon, SNAP_TO_LAND_KM);
        if (near) {
          q = { lat: near.lat, lon: near.lon };
          snapped = { lat: round5(near.lat), lon: round5(near.lon), distance_km: Math.round(near.distanceKm * 100) / 100 };
          countries = this.countryIndex!.query(q.lon, q.lat);
        } else {
          // atoll islets narrower than the mask's 1′ pixel (Funafuti) exist only as outlines
          const islet = this.countryIndex!.nearest(q.lon, q.lat, ATOLL_OUTLINE_KM);
          if (islet.feature < 0)
            return {
              status: "out_of_range",
              reason: "at_sea",
              message: `The point is at sea (more than ${SNAP_TO_LAND_KM} km from land)`,
            };
          countries = [islet.feature];
        }
      }
      if (!countries.length) {
        const n = this.countryIndex!.nearest(q.lon, q.lat, NEAREST_OUTLINE_KM);
        if (n.feature >= 0) countries = [n.feature];
        else {
          // land by the mask but far from every generalised outline (Antarctic ice shelves): its land cell's country
          shelfCell = this.landCell(q.lat, q.lon);
          const ci = shelfCell ? this.a.cellCountry[shelfCell.row]! : NONE16;
          if (ci === NONE16)
            return {
              status: "out_of_range",
              reason: "not_covered",
              message:
                q.lat < ANTARCTIC_LAT
                  ? "The point is on an Antarctic ice shelf (floating ice), outside the land we score"
                  : `The point is on land outside every country we cover (none within ${NEAREST_OUTLINE_KM} km)`,
            };
          countries = [ci];
        }
      }
    } else if (!countries.length)
      return {
        status: "out_of_range",
        reason: "at_sea",
        message: "The point is at sea (outside every country outline)",
      };
    // an enclave such as the Vatican can lie inside its neighbour's generalised outline too: the smaller one wins
    const ci = countries.length > 1 ? this.smallestCountry(countries) : countries[0]!;
    const country = this.geo.countries[ci]!;
    const cell = shelfCell ?? this.landCell(q.lat, q.lon);
    const hex = cell?.hex ?? latLngToCell(q.lat, q.lon, 4);
    const row = cell?.row ?? -1;
    let ri = this.regionAt(country.code, q.lon, q.lat);
    if (ri < 0 && row >= 0 && this.a.cellRegion[row] !== NONE16 && this.a.cellCountry[row] === ci)
      ri = this.a.cellRegion[row]!;
    const region = ri >= 0 ? this.geo.regions[ri]! : null;
    return {
      status: "ok",
      hexagon_code: hex,
      region_code: region?.code ?? null,
      country_code: country.code,
      country_name: country.name,
      region_name: region?.name ?? null,
      snapped_to_land: snapped,
    };
  }

  /**
   * The point's cell or, where the cell set differs at the shore (outline simplification, mask pixels), the nearest
   * cell of the set within two rings; null when there is none.
   */
  private landCell(lat: number, lon: number): { hex: string; row: number } | null {
    const own = latLngToCell(lat, lon, 4);
    const ownRow = this.cellRow(own);
    if (ownRow >= 0) return { hex: own, row: ownRow };
    let best: { hex: string; row: number } | null = null;
    let bestKm = Infinity;
    for (const h of gridDisk(own, 2)) {
      const r = this.cellRow(h);
      if (r < 0) continue;
      const [la, lo] = cellToLatLng(h);
      const d = haversineKm(lat, lon, la, lo);
      if (d < bestKm) {
        bestKm = d;
        best = { hex: h, row: r };
      }
    }
    return best;
  }

  private countryExtent: Float64Array | null = null;

  private smallestCountry(list: readonly number[]): number {
    if (!this.countryExtent)
      this.countryExtent = Float64Array.from(this.geo.countries, (c) =>
        c.rings.reduce((area, r) => {
          const b = ringBounds(r);
          return area + (b.x1 - b.x0) * (b.y1 - b.y0);
        }, 0),
      );
    const extent = this.countryExtent;
    return list.reduce((best, c) => (extent[c]! < extent[best]! ? c : best), list[0]!);
  }

  private parseSlot(scenario: unknown, period: unknown): { scenario: ScenarioId; period: PeriodId; slot: number } {
    const s = parseScenario(scenario ?? "hist");
    if (!s)
      throw new RiskInputError(
        "scenario",
        `unknown scenario ${JSON.stringify(scenario)}; use hist, rcp26, rcp45 or rcp85`,
      );
    const p =
      period === undefined || period === null || period === "" ? (s === "hist" ? "hist" : null) : parsePeriod(period);
    if (!p)
      throw new RiskInputError(
        "period",
        `unknown or missing period ${JSON.stringify(period)}; use hist, 2030, 2040 or 2050`,
      );
    if (s === "hist" && p !== "hist")
      throw new RiskInputError("period", "scenario hist has only the historical period");
    if (s !== "hist" && p === "hist")
      throw new RiskInputError("period", `scenario ${s} has periods 2030, 2040 and 2050`);
    return { scenario: s, period: p, slot: slotIndex(s, p) };
  }

  private item(h: HazardId, code: number): HazardScoreItem {
    const info = HAZARDS[h];
    const confidence = h === "AL" ? "proxy" : HAZARD_FORMULAS[h].confidence;
    if (code > VALUE_SCALE) {
      const na = code === CODE_NA;
      return {
        hazard_id: h,
        name: info.name,
        colour: info.colour,
        value: null,
        score: null,
        level: null,
        confidence,
        applicable: !na,
        state: na ? "not_applicable" : "no_data",
      };
    }
    const value = code / VALUE_SCALE;
    const score = scoreFromValue(value);
    return {
      hazard_id: h,
      name: info.name,
      colour: info.colour,
      value,
      score,
      level: levelForScore(score).code,
      confidence,
      applicable: true,
      state: "ok",
    };
  }

  /** Decoded explanation inputs of a dataset row. */
  cellInputs(row: number): CellInputs {
    const inp = this.cellFields(row);
    const [lat, lon] = cellToLatLng(this.hexOfRow(row));
    inp.lat = lat;
    inp.lon = lon;
    return inp as unknown as CellInputs;
  }

  /** The stored inputs of a dataset row without its centre (a point brings its own coordinates). */
  private cellFields(row: number): Record<string, number> {
    const inp = { lat: NaN, lon: NaN } as Record<string, number>;
    for (const f of FIELDS) inp[f.name] = dequantiseField(f, this.a.fields[f.name]![row]!);
    return inp;
  }

  private hexOfRow(row: number): string {
    const hi = this.a.cellHi[row]!,
      lo = this.a.cellLo[row]!;
    return hi.toString(16).padStart(8, "0").replace(/^0+/, "") + lo.toString(16).padStart(8, "0");
  }

  scores(locationCode: unknown, scenario?: unknown, period?: unknown, opts: ScoresOptions = {}): HazardScoresResult {
    if (typeof locationCode !== "string" || !locationCode.trim())
      throw new RiskInputError("location_code", "location_code is required");
    const code = locationCode.trim();
    const { scenario: s, period: p, slot } = this.parseSlot(scenario, period);
    const H = HAZARD_IDS.length;
    let codes: (h: number) => number;
    let type: HazardScoresResult["location_type"];
    let outCode: string;
    let name: string;
    let explainFor: ((h: HazardId, it: HazardScoreItem) => HazardExplanation) | null = null;
    if (/^[A-Za-z]{2}$/.test(code)) {
      const ci = this.countryIdx(code);
      type = "country";
      outCode = this.geo.countries[ci]!.code;
      name = this.geo.countries[ci]!.name;
      codes = (h) => this.a.countryValues[(ci * H + h) * SLOT_COUNT + slot]!;
      explainFor = (h, it) => rollupExplanation("country", h, it, { kind: "country", name }, s, p);
    } else if (/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(code)) {
      const rc = code.toUpperCase();
      const ri = this.regionByCode.get(rc);
      if (ri === undefined) throw new RiskNotFoundError("region", rc);
      type = "region";
      outCode = rc;
      name = this.geo.regions[ri]!.name;
      codes = (h) => this.a.regionValues[(ri * H + h) * SLOT_COUNT + slot]!;
      explainFor = (h, it) => rollupExplanation("region", h, it, { kind: "region", name }, s, p);
    } else if (/^[0-9a-fA-F]{15}$/.test(code)) {
      const hex = code.toLowerCase();
      if (!isValidCell(hex)) throw new RiskInputError("location_code", `${code} is not a valid H3 cell`);
      if (getResolution(hex) !== 4)
        throw new RiskInputError(
          "location_code",
          `hexagon ${code} has resolution ${getResolution(hex)}; resolution 4 is required`,
        );
      const row = this.cellRow(hex);
      if (row < 0) throw new RiskNotFoundError("hexagon", hex, `hexagon ${hex} is not over land in the dataset`);
      type = "hexagon";
      outCode = hex;
      name = hex;
      const n = this.header.nCells;
      codes = (h) => this.a.values[(h * SLOT_COUNT + slot) * n + row]!;
      if (opts.explain) {
        const inp = this.cellInputs(row);
        const ctx = { dT: warmingAboveBaseline(s, p), slr: seaLevelRise(s, p), hist: s === "hist" };
        const place: PlaceRef = { kind: opts.place?.kind ?? "hexagon", name: opts.place?.name ?? null };
        explainFor = cellExplainer(inp, ctx, place, s, p);
      }
    } else {
      throw new RiskInputError(
        "location_code",
        "location_code must be a country (alpha-2), a region (ISO 3166-2) or an H3 resolution-4 hexagon id",
      );
    }
    const withExplain = (h: HazardId, it: HazardScoreItem): HazardScoreItem =>
      opts.explain && explainFor ? { ...it, explanation: withBandMeanings(h, explainFor(h, it)) } : it;
    const hazards = PER_HAZARD_IDS.map((h) => withExplain(h, this.item(h, codes(HAZARD_IDS.indexOf(h)))));
    return {
      location_code: outCode,
      location_type: type,
      location_name: name,
      scenario: s,
      period: p,
      warming_c: slotWarmingC(s, p),
      hazards,
      aggregate: withExplain("AL", this.item("AL", codes(0))),
    };
  }

  pointHazards(
    lat: unknown,
    lon: unknown,
    scenario?: unknown,
    period?: unknown,
    opts: ScoresOptions = {},
  ): PointHazardsResult | Extract<LocateResult, { status: "out_of_range" }> {
    const loc = this.locate(lat, lon);
    if (loc.status !== "ok") return loc;
    // scored from its own drivers: the land point it snapped to, off the shore
    const at = loc.snapped_to_land ?? { lat: Number(lat), lon: Number(lon) };
    const r = this.pointScores(at.lat, at.lon, loc.hexagon_code, scenario, period, opts.explain ? { ...opts, place: { kind: "point", name: opts.place?.name ?? null } } : opts);
    return {
      status: "ok",
      lat: Number(lat),
      lon: Number(lon),
      hexagon_code: loc.hexagon_code,
      region_code: loc.region_code,
      country_code: loc.country_code,
      snapped_to_land: loc.snapped_to_land,
      ...r,
    };
  }

  /**
   * Whether a hexagon is exposed to the coastal hazards (storm surge, sea-level rise) at all: the ones that do not
   * apply there (neither on the coast nor on low land joined to it) and its distance to the sea. A fact of geography,
   * not a paid figure: a place page uses it so that a country's coastal figure is never shown as an inland place's.
   * null for a cell outside the dataset.
   */
  coastalExposure(h3: string): { coastKm: number | null; notApplicable: ("SS" | "SL")[] } | null {
    const row = this.cellRow(h3.toLowerCase());
    if (row < 0) return null;
    const notApplicable = (["SS", "SL"] as const).filter((h) => this.valueCode(row, HAZARD_IDS.indexOf(h), 0) === CODE_NA);
    const coastKm = this.cellInputs(row).coastKm;
    return { coastKm: Number.isFinite(coastKm) ? coastKm : null, notApplicable };
  }

  /**
   * A point's own inputs: its hexagon's with every driver that exists finer replaced by the point's own (2′
   * floodplain, height above the channel, elevation, slope, relief, distance to the sea, low-lying state, and
   * temperature brought to its elevation). null without the point-drivers file or over a pixel without land.
   */
  pointInputsAt(lat: number, lon: number, row: number): PointInputs | null {
    if (!this.points || row < 0) return null;
    // a point brings its own coordinates: the hexagon's centre is not worked out
    const cell = this.cellFields(row) as unknown as CellInputs;
    // a hexagon is ≈ 45 km across: from its centre's distance to the sea, its points may lie within the search radius
    const sample = this.points.sample(lat, lon, !(cell.coastKm > COAST_SEARCH_KM + HEXAGON_REACH_KM));
    return sample ? pointInputs(cell, sample, lat, lon) : null;
  }

  /**
   * Scores of a point (land, already located in `hexagon`) from its own drivers with the hexagon's formulas; the
   * hexagon's scores where the point has no drivers of its own. The answer is shaped as the hexagon's, its
   * location code the hexagon's.
   */
  pointScores(lat: number, lon: number, hexagon: string, scenario?: unknown, period?: unknown, opts: ScoresOptions = {}): HazardScoresResult {
    const row = this.cellRow(hexagon);
    const own = this.pointInputsAt(lat, lon, row);
    const place = { kind: "point" as const, name: opts.place?.name ?? null };
    if (!own) return this.scores(hexagon, scenario, period, opts.explain ? { ...opts, place } : opts);
    const { scenario: s, period: p } = this.parseSlot(scenario, period);
    const ctx = { dT: warmingAboveBaseline(s, p), slr: seaLevelRise(s, p), hist: s === "hist" };
    const codes = pointCodes(own, ctx);
    const explainFor = opts.explain ? cellExplainer(own.inputs, ctx, place, s, p, { labels: pointInputLabels(own), values: pointInputValues(own), note: POINT_NOTE }) : null;
    const withExplain = (h: HazardId, it: HazardScoreItem): HazardScoreItem => (explainFor ? { ...it, explanation: withBandMeanings(h, explainFor(h, it)) } : it);
    return {
      location_code: hexagon,
      location_type: "hexagon",
      location_name: hexagon,
      scenario: s,
      period: p,
      warming_c: slotWarmingC(s, p),
      hazards: PER_HAZARD_IDS.map((h) => withExplain(h, this.item(h, codes[HAZARD_IDS.indexOf(h)]!))),
      aggregate: withExplain("AL", this.item("AL", codes[0]!)),
    };
  }

  /**
   * Every hazard × slot value of a point (layout [hazard][slot], NaN for not applicable or no data), from its own
   * drivers; null when it has none (its hexagon's values then stand).
   */
  pointValues(lat: number, lon: number, row: number): Float32Array | null {
    const own = this.pointInputsAt(lat, lon, row);
    if (!own) return null;
    const out = new Float32Array(HAZARD_IDS.length * SLOT_COUNT);
    const slotCodes = new Array<number>(HAZARD_IDS.length).fill(0);
    SLOT_CONTEXTS.forEach((ctx, slot) => {
      const codes = pointCodes(own, ctx, slotCodes);
      codes.forEach((c, h) => (out[h * SLOT_COUNT + slot] = c > VALUE_SCALE ? NaN : c / VALUE_SCALE));
    });
    return out;
  }

  /** Value code (0..VALUE_SCALE, or CODE_NA / no data above it) of a dataset row for a hazard index and slot. */
  valueCode(row: number, hazardIdx: number, slot: number): number {
    return this.a.values[(hazardIdx * SLOT_COUNT + slot) * this.header.nCells + row]!;
  }

  /** Country code and name of a dataset row, or null for a cell outside every country outline. */
  countryOfRow(row: number): { code: string; name: string } | null {
    const ci = this.a.cellCountry[row]!;
    if (ci === NONE16) return null;
    const c = this.geo.countries[ci]!;
    return { code: c.code, name: c.name };
  }

  /** Region code of a dataset row, or null. */
  regionOfRow(row: number): string | null {
    const ri = this.a.cellRegion[row]!;
    return ri === NONE16 ? null : this.geo.regions[ri]!.code;
  }

  /** Population of places (GeoNames) inside the cell of a dataset row. */
  populationOfRow(row: number): number {
    return this.a.fields.population![row]!;
  }

  /** ISO alpha-3 of a country code, or null. */
  a3Of(countryCode: string): string | null {
    const i = this.countryByCode.get(countryCode);
    return i === undefined ? null : this.geo.countries[i]!.a3;
  }

  /** Whole-dataset monotonicity and applicability checks used by the validation script and tests. */
  sanity(): { hwViolations: number; csViolations: number; scenarioViolations: number; inlandCoastal: number } {
    const n = this.header.nCells;
    const v = this.a.values;
    const at = (h: HazardId, slot: number, k: number) => v[(HAZARD_IDS.indexOf(h) * SLOT_COUNT + slot) * n + k]!;
    const s26 = slotIndex("rcp26", "2050"),
      s85 = slotIndex("rcp85", "2050");
    let hw = 0,
      cs = 0,
      sc = 0,
      inland = 0;
    const coast = this.a.fields.coastKm!;
    for (let k = 0; k < n; k++) {
      if (at("HW", s85, k) < at("HW", 0, k)) hw++;
      if (at("CS", s85, k) > at("CS", 0, k)) cs++;
      for (const h of ["HW", "ER", "WF", "SL", "SS", "TC", "PC"] as HazardId[]) {
        const a = at(h, s85, k),
          b = at(h, s26, k);
        if (a <= VALUE_SCALE && b <= VALUE_SCALE && a < b) sc++;
      }
      // drought follows the balance of rain and demand: more warming dries it where demand outruns rain and wets
      // it where rain rises faster (the high latitudes)
      const d85 = at("DR", s85, k),
        d26 = at("DR", s26, k);
      if (d85 <= VALUE_SCALE && d26 <= VALUE_SCALE && d85 !== d26) {
        const c = this.cellInputs(k);
        const wetter = slotAridityIndex(c, SLOT_CONTEXTS[s85]!) > slotAridityIndex(c, SLOT_CONTEXTS[s26]!);
        if (wetter ? d85 > d26 : d85 < d26) sc++;
      }
      if (coast[k]! > 200 && (at("SS", 0, k) !== CODE_NA || at("SL", 0, k) !== CODE_NA)) inland++;
    }
    return { hwViolations: hw, csViolations: cs, scenarioViolations: sc, inlandCoastal: inland };
  }

  statistic(): DatasetStatistic {
    const n = this.header.nCells;
    const dist: DatasetStatistic["hist_distribution"] = {};
    HAZARD_IDS.forEach((h, hi) => {
      const counts: Record<RiskLevelCode | "na" | "nodata", number> = {
        L: 0,
        M: 0,
        H: 0,
        S: 0,
        E: 0,
        na: 0,
        nodata: 0,
      };
      const base = hi * SLOT_COUNT * n;
      for (let k = 0; k < n; k++) {
        const c = this.a.values[base + k]!;
        if (c === CODE_NA) counts.na++;
        else if (c > VALUE_SCALE) counts.nodata++;
        else counts[RISK_LEVELS[scoreFromValue(c / VALUE_SCALE) - 1]!.code]++;
      }
      for (const k of Object.keys(counts) as (keyof typeof counts)[])
        counts[k] = Math.round((counts[k] / n) * 1e4) / 1e4;
      dist[h] = counts;
    });
    return {
      cells: n,
      countries: this.header.nCountries,
      regions: this.header.nRegions,
      hazards: HAZARD_IDS.length,
      slots: SLOT_COUNT,
      generator: this.header.generator,
      load_ms: this.loadMs,
      memory_bytes: this.memoryBytes,
      hist_distribution: dist,
    };
  }
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** Farthest a point of a resolution-4 hexagon lies from its centre, km (edge ≈ 24 km, with margin). */
const HEXAGON_REACH_KM = 30;

const SLOT_CONTEXTS = SLOTS.map((s) => ({ dT: warmingAboveBaseline(s.scenario, s.period), slr: seaLevelRise(s.scenario, s.period), hist: s.scenario === "hist" }));

/**
 * Value codes of a point in one slot, in HAZARD_IDS order (AL first): the hexagon's formulas on the point's inputs,
 * each rounded through its stored code as the build rounds a hexagon's, the aggregate from those.
 */
function pointCodes(own: PointInputs, ctx: { dT: number; slr: number; hist: boolean }, codes: number[] = new Array<number>(HAZARD_IDS.length).fill(0)): number[] {
  const vals = POINT_VALS;
  PER_HAZARD_IDS.forEach((h, i) => {
    const code = encodeValue(HAZARD_FORMULAS[h].fn(own.inputs, ctx));
    codes[PER_HAZARD_INDEX[i]!] = code;
    vals[i] = decodeValue(code);
  });
  codes[0] = encodeValue(aggregate(vals));
  return codes;
}

/** HAZARD_IDS index of each of PER_HAZARD_IDS. */
const PER_HAZARD_INDEX = PER_HAZARD_IDS.map((h) => HAZARD_IDS.indexOf(h));
/** The per-hazard values pointCodes aggregates, reused (aggregate reads them and keeps nothing). */
const POINT_VALS: HazardValue[] = PER_HAZARD_IDS.map((): HazardValue => 0);

const POINT_NOTE =
  "Scored at this point: its floodplain membership, height above the river channel and distance to it, elevation, slope, relief, distance to the sea, low-lying state and built-up share (of the 3 × 3 pixels around it, Natural Earth 50m urban areas) come from the 2′ grid; temperature is the hexagon's 10′ climatology brought to the point's elevation at 6.5 °C/km; precipitation, the shape of the year, tides and warm-sea months stay at their own resolution (10′ or coarser, over the hexagon).";

const levelLabel = (it: HazardScoreItem): string | null => (it.score ? levelForScore(it.score).label : null);

function rollupExplanation(
  kind: "country" | "region",
  h: HazardId,
  it: HazardScoreItem,
  place: PlaceRef,
  scenario: ScenarioId,
  period: PeriodId,
): HazardExplanation {
  return {
    summary: explainSummary({ hazard: h, state: it.state, level: levelLabel(it), place, scenario, period, facts: null }),
    formula: `weighted mean over the most exposed ${ROLLUP_TOP_SHARE * 100} % of applicable land cells, w = ½/N + ½·population share`,
    inputs: {},
    steps: [],
    note: `A ${kind} value is the rollup of its H3 resolution-4 cells where the hazard applies and has data. Each cell weighs half for its area and half for its people (GeoNames and Natural Earth places); the value is the weighted mean over the most exposed ${ROLLUP_TOP_SHARE * 100} % of that weight, cells taken from the highest value down. The level counts of its cells show the whole distribution. Explain a hexagon for the physical inputs.`,
  };
}

/**
 * Explanations of one hexagon in one slot: its inputs are labelled once and shared by every hazard's explanation,
 * and the aggregate reuses the values the hazards' explanations computed (it is explained after them).
 */
function cellExplainer(
  inp: CellInputs,
  ctx: { dT: number; slr: number; hist: boolean },
  place: PlaceRef,
  scenario: ScenarioId,
  period: PeriodId,
  point?: { labels: Record<string, [string, string]>; values: Record<string, number>; note: string },
): (h: HazardId, it: HazardScoreItem) => HazardExplanation {
  let inputs: HazardExplanation["inputs"] | null = null;
  const values = new Map<HazardId, HazardValue>();
  const summary = (h: HazardId, it: HazardScoreItem, facts: { inputs: HazardExplanation["inputs"]; steps: Step[] }) =>
    explainSummary({ hazard: h, state: it.state, level: levelLabel(it), place, scenario, period, facts });
  return (h, it) => {
    if (!inputs) {
      inputs = {};
      const values = point?.values ?? (inp as unknown as Record<string, number>);
      for (const [k, [label, unit]] of Object.entries(point?.labels ?? INPUT_LABELS)) {
        const v = values[k];
        inputs[k] = { value: v !== undefined && Number.isFinite(v) ? v : null, unit, label };
      }
    }
    const steps: Step[] = [{ name: STEP.warming, value: Math.round(ctx.dT * 100) / 100, unit: "°C" }];
    if (h === "AL") {
      const vals: HazardValue[] = PER_HAZARD_IDS.map((x) => values.get(x) ?? HAZARD_FORMULAS[x].fn(inp, ctx));
      PER_HAZARD_IDS.forEach((x, i) => {
        const v = vals[i]!;
        if (typeof v === "number") steps.push({ name: x, value: Math.round(v * 1000) / 1000 });
      });
      const agg = aggregate(vals);
      if (typeof agg === "number") steps.push({ name: "mean of the top three", value: Math.round(agg * 1000) / 1000 });
      const facts = { inputs, steps };
      return {
        summary: summary(h, it, facts),
        drivers: explainDrivers(h, facts),
        formula: "mean of the three highest applicable hazard values",
        inputs,
        steps,
        ...(point ? { note: point.note } : {}),
      };
    }
    const f = HAZARD_FORMULAS[h];
    const v = f.fn(inp, ctx, steps);
    values.set(h, v);
    if (typeof v === "number") steps.push({ name: "value", value: Math.round(v * 1000) / 1000 });
    const facts = { inputs, steps };
    return {
      summary: summary(h, it, facts),
      drivers: explainDrivers(h, facts),
      formula: f.formula,
      inputs,
      steps,
      note: v === NOT_APPLICABLE ? (f.notApplicable ?? "not applicable here") : point?.note,
    };
  };
}
