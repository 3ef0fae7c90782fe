/** Scores per slot: a country's or region's rollup, a hexagon's stored values, a point's from its own drivers. */
import { cellToLatLng, getResolution, gridDisk, isValidCell } from "h3-js";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { floodplainHeightNote, hasInputLimits, inputLimitNote } from "~/domain/hazards/input-limits";
import { scoreFromValue, levelForScore } from "~/domain/hazards/risk-levels";
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
import { CODE_NA, VALUE_SCALE, decodeValue, encodeValue, valuesOfCodes } from "../dataset";
import { RiskInputError, RiskNotFoundError } from "../errors";
import { withBandMeanings } from "../explain/band-meanings";
import type { PlaceRef } from "../explain/explain-text";
import { HAZARD_FORMULAS, aggregate, type CellInputs, type HazardValue } from "../formulas";
import { CLIMATE_FIELDS, blendClimateInto, triangleWeights } from "../point/hexagon-climate";
import { COAST_SEARCH_KM, type PointDrivers } from "../point/point-drivers";
import {
  floodplainInHeightError,
  pointInputLabels,
  pointInputValues,
  pointInputs,
  type PointInputs,
} from "../point/point-score";
import type { HazardExplanation, HazardScoreItem, HazardScoresResult } from "../types";
import type { CellTable } from "./cells";
import { POINT_NOTE, cellExplainer, rollupExplanation } from "./explainer";

export interface ScoresOptions {
  explain?: boolean;
  /**
   * How the explanation's sentences name a hexagon: a point's hexagon and the name a reader knows it by (the nearest
   * town). Countries and regions are named by their own names.
   */
  place?: { kind: "hexagon" | "point"; name?: string | null };
}

/** A hexagon and its neighbours (gridDisk ring 1): six around it, five around a pentagon. */
const AROUND = 7;

/** Farthest a point of a resolution-4 hexagon lies from its centre, km (edge ≈ 24 km, with margin). */
const HEXAGON_REACH_KM = 30;

/** The formulas' context (warming, sea-level rise) of every slot, in slot order. */
export const SLOT_CONTEXTS = SLOTS.map((s) => ({
  dT: warmingAboveBaseline(s.scenario, s.period),
  slr: seaLevelRise(s.scenario, s.period),
  hist: s.scenario === "hist",
}));

export class Scorer {
  private readonly cells: CellTable;
  private readonly points: PointDrivers | null;
  /**
   * Each dataset row's hexagon and neighbours, worked out from H3 on a row's first point and kept: their centres
   * and rows (-1 over the sea), AROUND slots a row, `aroundCount` 0 until a row is filled. Typed arrays, so rows no
   * point has touched take no memory.
   */
  private around: { count: Uint8Array; lat: Float64Array; lon: Float64Array; row: Int32Array } | null = null;

  constructor(cells: CellTable, points: PointDrivers | null) {
    this.cells = cells;
    this.points = points;
  }

  /** true when points are scored from their own 2′ drivers (the point-drivers file is loaded). */
  get scoresPoints(): boolean {
    return this.points !== null;
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

  scores(locationCode: unknown, scenario?: unknown, period?: unknown, opts: ScoresOptions = {}): HazardScoresResult {
    if (typeof locationCode !== "string" || !locationCode.trim())
      throw new RiskInputError("location_code", "location_code is required");
    const code = locationCode.trim();
    const { scenario: s, period: p, slot } = this.parseSlot(scenario, period);
    const { a, geo } = this.cells;
    const H = HAZARD_IDS.length;
    let codes: (h: number) => number;
    let type: HazardScoresResult["location_type"];
    let outCode: string;
    let name: string;
    let explainFor: ((h: HazardId, it: HazardScoreItem) => HazardExplanation) | null = null;
    // a hexagon's inputs, for the notes of where they cannot see a hazard (rollups have none of their own)
    let limitsOf: (() => CellInputs) | null = null;
    if (/^[A-Za-z]{2}$/.test(code)) {
      const ci = this.cells.countryIdx(code);
      type = "country";
      outCode = geo.countries[ci]!.code;
      name = geo.countries[ci]!.name;
      codes = (h) => a.countryValues[(ci * H + h) * SLOT_COUNT + slot]!;
      explainFor = (h, it) => rollupExplanation("country", h, it, { kind: "country", name }, s, p);
    } else if (/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(code)) {
      const rc = code.toUpperCase();
      const ri = this.cells.regionByCode.get(rc);
      if (ri === undefined) throw new RiskNotFoundError("region", rc);
      type = "region";
      outCode = rc;
      name = geo.regions[ri]!.name;
      codes = (h) => a.regionValues[(ri * H + h) * SLOT_COUNT + slot]!;
      explainFor = (h, it) => rollupExplanation("region", h, it, { kind: "region", name }, s, p);
    } else if (/^[0-9a-fA-F]{15}$/.test(code)) {
      const hex = code.toLowerCase();
      if (!isValidCell(hex)) throw new RiskInputError("location_code", `${code} is not a valid H3 cell`);
      if (getResolution(hex) !== 4)
        throw new RiskInputError(
          "location_code",
          `hexagon ${code} has resolution ${getResolution(hex)}; resolution 4 is required`,
        );
      const row = this.cells.cellRow(hex);
      if (row < 0) throw new RiskNotFoundError("hexagon", hex, `hexagon ${hex} is not over land in the dataset`);
      type = "hexagon";
      outCode = hex;
      name = hex;
      const n = this.cells.header.nCells;
      codes = (h) => a.values[(h * SLOT_COUNT + slot) * n + row]!;
      let inputs: CellInputs | null = null;
      // read once, for extreme rainfall and drought alike
      limitsOf = () => (inputs ??= this.cells.cellInputs(row));
      if (opts.explain) {
        const inp = this.cells.cellInputs(row);
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
    const withExplain = (h: HazardId, it: HazardScoreItem): HazardScoreItem => {
      const explained =
        opts.explain && explainFor ? { ...it, explanation: withBandMeanings(h, explainFor(h, it)) } : it;
      return limitsOf ? withInputLimit(explained, limitsOf) : explained;
    };
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

  /**
   * Whether a hexagon is exposed to the coastal hazards (storm surge, sea-level rise) at all: the ones that do not
   * apply there (neither on the coast nor on low land joined to it) and its distance to the sea. A fact of geography,
   * not a paid figure: a place page uses it so that a country's coastal figure is never shown as an inland place's.
   * null for a cell outside the dataset.
   */
  coastalExposure(h3: string): { coastKm: number | null; notApplicable: ("SS" | "SL")[] } | null {
    const row = this.cells.cellRow(h3.toLowerCase());
    if (row < 0) return null;
    const notApplicable = (["SS", "SL"] as const).filter(
      (h) => this.cells.valueCode(row, HAZARD_IDS.indexOf(h), 0) === CODE_NA,
    );
    const coastKm = this.cells.cellInputs(row).coastKm;
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
    const cell = this.cells.cellFields(row) as unknown as CellInputs;
    // a hexagon is ≈ 45 km across: from its centre's distance to the sea, its points may lie within the search radius
    const sample = this.points.sample(lat, lon, !(cell.coastKm > COAST_SEARCH_KM + HEXAGON_REACH_KM));
    return sample ? pointInputs(this.climateAround(lat, lon, row, cell), sample, lat, lon) : null;
  }

  /** The hexagon's inputs with its climate read between the centres of the hexagons around the point (hexagon-climate.ts). */
  private climateAround(lat: number, lon: number, row: number, cell: CellInputs): CellInputs {
    const around = this.aroundRow(row);
    const at = row * AROUND;
    const read: { fields: Readonly<Record<string, number>>; weight: number }[] = [];
    const count = around.count[row]!;
    const weights = triangleWeights(lat, lon, around.lat, around.lon, at, count) ?? [
      { index: around.row.subarray(at, at + count).indexOf(row), weight: 1 },
    ];
    for (const { index, weight } of weights) {
      const r = around.row[at + index]!;
      // a neighbour over the sea holds no climate: the others share its weight
      if (r >= 0)
        read.push({
          fields:
            r === row ? (cell as unknown as Record<string, number>) : this.cells.cellFieldsNamed(r, CLIMATE_FIELDS),
          weight,
        });
    }
    // the row's inputs are this lookup's own copy (cellFields): blended in place
    return blendClimateInto(cell, read);
  }

  /** The around-arrays with `row`'s slots filled. */
  private aroundRow(row: number): NonNullable<Scorer["around"]> {
    const n = this.cells.header.nCells;
    const around = (this.around ??= {
      count: new Uint8Array(n),
      lat: new Float64Array(n * AROUND),
      lon: new Float64Array(n * AROUND),
      row: new Int32Array(n * AROUND),
    });
    if (around.count[row] === 0) {
      const cells = gridDisk(this.cells.hexOfRow(row), 1);
      cells.forEach((hex, i) => {
        [around.lat[row * AROUND + i], around.lon[row * AROUND + i]] = cellToLatLng(hex);
        around.row[row * AROUND + i] = this.cells.cellRow(hex);
      });
      around.count[row] = cells.length;
    }
    return around;
  }

  /**
   * Scores of a point (land, already located in `hexagon`) from its own drivers with the hexagon's formulas; the
   * hexagon's scores where the point has no drivers of its own. The answer is shaped as the hexagon's, its
   * location code the hexagon's.
   */
  pointScores(
    lat: number,
    lon: number,
    hexagon: string,
    scenario?: unknown,
    period?: unknown,
    opts: ScoresOptions = {},
  ): HazardScoresResult {
    const row = this.cells.cellRow(hexagon);
    const own = this.pointInputsAt(lat, lon, row);
    const place = { kind: "point" as const, name: opts.place?.name ?? null };
    if (!own) return this.scores(hexagon, scenario, period, opts.explain ? { ...opts, place } : opts);
    const { scenario: s, period: p } = this.parseSlot(scenario, period);
    const ctx = { dT: warmingAboveBaseline(s, p), slr: seaLevelRise(s, p), hist: s === "hist" };
    const codes = pointCodes(own, ctx);
    const explainFor = opts.explain
      ? cellExplainer(own.inputs, ctx, place, s, p, {
          labels: pointInputLabels(own),
          values: pointInputValues(own),
          note: POINT_NOTE,
        })
      : null;
    return {
      location_code: hexagon,
      location_type: "hexagon",
      location_name: hexagon,
      scenario: s,
      period: p,
      warming_c: slotWarmingC(s, p),
      hazards: PER_HAZARD_IDS.map((h) => this.pointItem(h, codes[HAZARD_IDS.indexOf(h)]!, own, explainFor)),
      aggregate: this.pointItem("AL", codes[0]!, own, explainFor),
    };
  }

  /** A point's item of one hazard: its level, its input limit and, when asked, its explanation. */
  private pointItem(
    h: HazardId,
    code: number,
    own: PointInputs,
    explainFor: ((h: HazardId, it: HazardScoreItem) => HazardExplanation) | null,
  ): HazardScoreItem {
    const it = this.item(h, code);
    const explained = explainFor ? { ...it, explanation: withBandMeanings(h, explainFor(h, it)) } : it;
    if (h !== "FD") return withInputLimit(explained, own.inputs);
    // a level the floodplain raised (Moderate or more) on ground the grid cannot tell from a terrace says so
    const river = explained.score !== null && explained.score >= 2 ? floodplainInHeightError(own) : null;
    return river ? { ...explained, confidence_note: floodplainHeightNote(river) } : explained;
  }

  /**
   * Every hazard × slot value code of a point (layout [hazard][slot]; 0..VALUE_SCALE, or CODE_NA / no data above it,
   * as a hexagon's are stored), from its own drivers; null when it has none (its hexagon's codes then stand).
   */
  pointValueCodes(lat: number, lon: number, row: number): Uint8Array | null {
    const own = this.pointInputsAt(lat, lon, row);
    if (!own) return null;
    const out = new Uint8Array(HAZARD_IDS.length * SLOT_COUNT);
    const slotCodes = new Array<number>(HAZARD_IDS.length).fill(0);
    SLOT_CONTEXTS.forEach((ctx, slot) => {
      const codes = pointCodes(own, ctx, slotCodes);
      codes.forEach((c, h) => (out[h * SLOT_COUNT + slot] = c));
    });
    return out;
  }

  /** pointValueCodes as values (NaN for not applicable or no data). */
  pointValues(lat: number, lon: number, row: number): Float32Array | null {
    const codes = this.pointValueCodes(lat, lon, row);
    return codes && valuesOfCodes(codes);
  }
}

/**
 * Value codes of a point in one slot, in HAZARD_IDS order (AL first): the hexagon's formulas on the point's inputs,
 * each rounded through its stored code as the build rounds a hexagon's, the aggregate from those.
 */
function pointCodes(
  own: PointInputs,
  ctx: { dT: number; slr: number; hist: boolean },
  codes: number[] = new Array<number>(HAZARD_IDS.length).fill(0),
): number[] {
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

/** The item with the note of where the inputs cannot see its hazard at this place, when they cannot (domain/hazards/input-limits.ts). */
function withInputLimit(it: HazardScoreItem, inputs: CellInputs | (() => CellInputs)): HazardScoreItem {
  if (it.state !== "ok" || !hasInputLimits(it.hazard_id)) return it;
  const note = inputLimitNote(it.hazard_id, typeof inputs === "function" ? inputs() : inputs);
  return note ? { ...it, confidence_note: note } : it;
}
