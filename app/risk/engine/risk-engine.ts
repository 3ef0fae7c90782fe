/**
 * In-memory risk engine over a decoded dataset: lookups by code or point. No I/O here. The work is done by the
 * modules beside it (locator, scorer, explainer, statistics); this class keeps one entry point for its callers.
 */
import type { DatasetArrays, DatasetHeader, GeoFile } from "../dataset";
import type { CellInputs } from "../formulas";
import type { LandMask } from "../land/landmask";
import type { PackedOutlines } from "../land/outlines";
import type { BorderTiles } from "../land/border-tiles";
import type { PointDrivers } from "../point/point-drivers";
import type { PointInputs } from "../point/point-score";
import type {
  CountryItem,
  DatasetStatistic,
  HazardScoresResult,
  LocateResult,
  PlacedPoint,
  PointHazardsResult,
  RegionItem,
} from "../types";
import { CellTable } from "./cells";
import { Locator, checkCoordinates } from "./locator";
import { Scorer, type ScoresOptions } from "./scorer";
import { withAreaFloodSources, withFloodLayerScores, type FloodLayerSlot } from "./flood-layer-scores";
import { sanity, statistic, type SanityCounts } from "./statistics";
import { NONE16, datasetVersionOf } from "../dataset";
import { inlandPlaceOf, withoutAreaCoastalFigure } from "~/domain/geo/inland-place";

export type { ScoresOptions } from "./scorer";

export class RiskEngine {
  readonly header: DatasetHeader;
  readonly loadMs: number;
  readonly memoryBytes: number;
  private readonly cells: CellTable;
  private readonly locator: Locator;
  private readonly scorer: Scorer;

  /** The dataset's version as answers name it (datasetVersionOf). */
  get datasetVersion(): string {
    return datasetVersionOf(this.header);
  }

  constructor(
    header: DatasetHeader,
    arrays: DatasetArrays,
    geo: GeoFile,
    loadMs = 0,
    landMask: LandMask | null = null,
    points: PointDrivers | null = null,
    outlines: { precise: PackedOutlines | null; borders: BorderTiles | null } | null = null,
  ) {
    this.header = header;
    this.cells = new CellTable(header, arrays, geo);
    this.locator = new Locator(this.cells, landMask, outlines?.precise ?? null, outlines?.borders ?? null);
    this.scorer = new Scorer(this.cells, points);
    this.loadMs = loadMs;
    this.memoryBytes =
      this.cells.byteLength +
      (landMask?.byteLength ?? 0) +
      (points?.byteLength ?? 0) +
      (outlines?.precise?.byteLength ?? 0) +
      (outlines?.borders?.byteLength ?? 0);
  }

  /** true when points are scored from their own 2′ drivers (the point-drivers file is loaded). */
  get scoresPoints(): boolean {
    return this.scorer.scoresPoints;
  }

  get cellCount(): number {
    return this.header.nCells;
  }

  countries(): CountryItem[] {
    return this.cells.geo.countries
      .map((c) => ({ country_code: c.code, country_name: c.name }))
      .sort((x, y) => x.country_name.localeCompare(y.country_name, "en"));
  }

  regions(countryCode: unknown): RegionItem[] {
    const { geo, regionsByCountry } = this.cells;
    const code = geo.countries[this.cells.countryIdx(countryCode)]!.code;
    return (regionsByCountry.get(code) ?? [])
      .map((r) => ({ region_code: geo.regions[r]!.code, region_name: geo.regions[r]!.name }))
      .sort((x, y) => x.region_name.localeCompare(y.region_name, "en"));
  }

  /** The H3 cell id of a dataset row. */
  cellIdOfRow(row: number): string {
    return this.cells.cellIdOfRow(row);
  }

  /** Dataset row of an H3 cell, or -1. */
  cellRow(h3: string): number {
    return this.cells.cellRow(h3);
  }

  static checkCoordinates(lat: unknown, lon: unknown): { lat: number; lon: number } | string {
    return checkCoordinates(lat, lon);
  }

  locate(lat: unknown, lon: unknown): LocateResult {
    return this.locator.locate(lat, lon);
  }

  /** Decoded explanation inputs of a dataset row. */
  cellInputs(row: number): CellInputs {
    return this.cells.cellInputs(row);
  }

  scores(locationCode: unknown, scenario?: unknown, period?: unknown, opts: ScoresOptions = {}): HazardScoresResult {
    return this.scorer.scores(locationCode, scenario, period, opts);
  }

  /**
   * The one entry every path scores a location through (API, batch, dashboard, reports, portfolio, benches): locate,
   * snap to land off the shore, and the hexagon of the land point scored. The levels and scores below take its answer.
   */
  placePoint(lat: unknown, lon: unknown): PlacedPoint | Extract<LocateResult, { status: "out_of_range" }> {
    const loc = this.locate(lat, lon);
    if (loc.status !== "ok") return loc;
    const at = loc.snapped_to_land ?? { lat: Number(lat), lon: Number(lon) };
    return { ...loc, at, row: this.cells.cellRow(loc.hexagon_code) };
  }

  /**
   * A placed point's scores read at a level: at its hexagon the point's own (its drivers at their finest resolution);
   * at its region or country that area's, with the coastal hazards that do not reach an inland point said so
   * (`placeName` names the point in that sentence). At the hexagon, `floodLayers` (the flood-depth layers read at the
   * point for this slot: services/flood/flood-layer-scores.server.ts) scores river and coastal flood where a layer
   * covers the point, and says which source each came from; an area's river and coastal flood are the index's.
   */
  scoreAt(
    place: PlacedPoint,
    level: { kind: "hexagon" | "region" | "country"; code: string },
    scenario?: unknown,
    period?: unknown,
    opts: ScoresOptions & { placeName?: string; floodLayers?: FloodLayerSlot } = {},
  ): HazardScoresResult {
    if (level.kind === "hexagon") {
      const own = this.pointScores(place.at.lat, place.at.lon, place.hexagon_code, scenario, period, opts);
      return opts.floodLayers ? withFloodLayerScores(own, opts.floodLayers, opts.explain === true) : own;
    }
    const area = withAreaFloodSources(this.scores(level.code, scenario, period, opts));
    const inland = inlandPlaceOf(
      this.coastalExposure(place.hexagon_code),
      opts.placeName ?? "The point",
      area.location_name,
    );
    return inland ? { ...area, hazards: area.hazards.map((h) => withoutAreaCoastalFigure(h, inland)) } : area;
  }

  /** A placed point's value codes in every hazard × slot: its own, else its hexagon's; null outside the dataset. */
  placedValueCodes(place: PlacedPoint): Uint8Array | null {
    if (place.row < 0) return null;
    return this.pointValueCodes(place.at.lat, place.at.lon, place.row) ?? this.cells.rowCodes(place.row);
  }

  pointHazards(
    lat: unknown,
    lon: unknown,
    scenario?: unknown,
    period?: unknown,
    opts: ScoresOptions = {},
  ): PointHazardsResult | Extract<LocateResult, { status: "out_of_range" }> {
    const place = this.placePoint(lat, lon);
    if (place.status !== "ok") return place;
    const r = this.scoreAt(
      place,
      { kind: "hexagon", code: place.hexagon_code },
      scenario,
      period,
      opts.explain ? { ...opts, place: { kind: "point", name: opts.place?.name ?? null } } : opts,
    );
    return {
      status: "ok",
      lat: Number(lat),
      lon: Number(lon),
      hexagon_code: place.hexagon_code,
      region_code: place.region_code,
      country_code: place.country_code,
      snapped_to_land: place.snapped_to_land,
      ...r,
    };
  }

  /** Whether a point lies within km of a country's outline (inside it counts as 0 km). */
  countryWithinKm(countryCode: string, lat: number, lon: number, km: number): boolean {
    const ci = this.cells.countryByCode.get(countryCode);
    return ci !== undefined && this.locator.countryWithinKm(ci, lat, lon, km);
  }

  /** Coastal hazards that do not apply in a hexagon and its distance to the sea; null outside the dataset. */
  coastalExposure(h3: string): { coastKm: number | null; notApplicable: ("SS" | "SL")[] } | null {
    return this.scorer.coastalExposure(h3);
  }

  /** A point's own inputs (see Scorer.pointInputsAt); null without the point-drivers file or land there. */
  pointInputsAt(lat: number, lon: number, row: number): PointInputs | null {
    return this.scorer.pointInputsAt(lat, lon, row);
  }

  /** Scores of a point already located in `hexagon`, from its own drivers where it has them. */
  pointScores(
    lat: number,
    lon: number,
    hexagon: string,
    scenario?: unknown,
    period?: unknown,
    opts: ScoresOptions = {},
  ): HazardScoresResult {
    return this.scorer.pointScores(lat, lon, hexagon, scenario, period, opts);
  }

  /** Every hazard × slot value of a point from its own drivers; null when it has none. */
  pointValues(lat: number, lon: number, row: number): Float32Array | null {
    return this.scorer.pointValues(lat, lon, row);
  }

  /** The point's own value codes (layout [hazard][slot], as a hexagon's are stored), or null without drivers. */
  pointValueCodes(lat: number, lon: number, row: number): Uint8Array | null {
    return this.scorer.pointValueCodes(lat, lon, row);
  }

  /** Value code (0..VALUE_SCALE, or CODE_NA / no data above it) of a dataset row for a hazard index and slot. */
  valueCode(row: number, hazardIdx: number, slot: number): number {
    return this.cells.valueCode(row, hazardIdx, slot);
  }

  /** Country code and name of a dataset row, or null for a cell outside every country outline. */
  countryOfRow(row: number): { code: string; name: string } | null {
    const ci = this.cells.a.cellCountry[row]!;
    if (ci === NONE16) return null;
    const c = this.cells.geo.countries[ci]!;
    return { code: c.code, name: c.name };
  }

  /** Region code of a dataset row, or null. */
  regionOfRow(row: number): string | null {
    const ri = this.cells.a.cellRegion[row]!;
    return ri === NONE16 ? null : this.cells.geo.regions[ri]!.code;
  }

  /** Population of places (GeoNames) inside the cell of a dataset row. */
  populationOfRow(row: number): number {
    return this.cells.a.fields.population![row]!;
  }

  /** ISO alpha-3 of a country code, or null. */
  a3Of(countryCode: string): string | null {
    const i = this.cells.countryByCode.get(countryCode);
    return i === undefined ? null : this.cells.geo.countries[i]!.a3;
  }

  /** Whole-dataset monotonicity and applicability checks used by the validation script and tests. */
  sanity(): SanityCounts {
    return sanity(this.cells);
  }

  statistic(): DatasetStatistic {
    return statistic(this.cells, this.loadMs, this.memoryBytes);
  }
}
