/**
 * What each band of each hazard means in physical units ("Severe: the hottest month's days reach 36.0 to 39.0 °C on
 * average"). Nothing here is typed twice: each hazard names the physical quantity its formula reads and a reference
 * place on which only that quantity varies, and the band edges are found by running the hazard's own formula
 * (HAZARD_FORMULAS) on that place until its value crosses each band's lower bound (RISK_LEVELS). A changed threshold
 * in formulas.ts or in the bands changes the meanings with it. Pure; computed once per process.
 */
import { HAZARDS, PER_HAZARD_IDS, type HazardId, type PerHazardId } from "~/domain/hazards/hazards";
import { RISK_LEVELS, scoreFromValue, type RiskScore } from "~/domain/hazards/risk-levels";
import { HISTORICAL_SLR_M, seaLevelRise } from "~/domain/hazards/scenarios";
import {
  FD_PLAIN_FULL,
  HAZARD_FORMULAS,
  LS_RELIEF_M,
  LS_SLOPE_DEG,
  COASTAL_VALUE_CAP,
  SS_PROBE_LOW_SHARE,
  SS_PROBE_TIDE_M,
  STEP,
  TC_SST_MONTHS,
  WET_MONTH_MM,
  WF_CONTINENTAL_MAX,
  WF_DRY_MONTHS,
  WF_FUEL_MM,
  WF_HEAT_C,
  type CellInputs,
  type SlotContext,
  type Step,
} from "../formulas";

/** One band of one hazard in the units of the quantity that drives it. */
export interface BandMeaning {
  score: RiskScore;
  label: string;
  /** "36.0 to 39.0 °C", "below 30.0 °C", "39.0 °C or more", or why the band is never given. */
  meaning: string;
  /** The band's edges in the quantity's unit (null: open-ended or never reached). */
  from: number | null;
  to: number | null;
  /** false when the hazard's formula never reaches the band (storm surge and sea-level rise stop below Extreme). */
  reached: boolean;
}

export interface HazardBandMeanings {
  /** The physical quantity the bands are read on ("the hottest month's mean daily maximum"). */
  quantity: string;
  unit: string;
  /** The conditions under which the edges hold exactly; null when the quantity alone sets the band. */
  where: string | null;
  bands: BandMeaning[];
}

export interface Probe {
  quantity: string;
  unit: string;
  where: string | null;
  /** The place's inputs at x; the value must not fall as x goes from `from` to `to`. */
  cell: (x: number) => CellInputs;
  from: number;
  to: number;
  /** The quantity at x, read from the inputs or the formula's trace. */
  read: (c: CellInputs, steps: readonly Step[]) => number;
  /** Decimals shown; "pct" shows a share in [0, 1] as percent with one decimal. */
  digits: number;
  scale?: number;
  /** Significant figures shown instead of decimals (flows spanning orders of magnitude). */
  sig?: number;
  /** The slot the formula is run for at x (the historical one unless the hazard only exists in the future). */
  ctx?: (x: number) => SlotContext;
  /**
   * For a quantity the formula counts in steps (dry months in quarter months): the quantity at a value, from the
   * same constants the formula ramps over; the band test checks the formula against it.
   */
  invert?: (v: number) => number;
  /** Why the top band is never reached, when it is not. */
  unreached?: string;
}

const HIST: SlotContext = { dT: 0, slr: seaLevelRise("hist", "hist"), hist: true };

/** A plain inland place with every driver at rest: no river, no coast, mild and moist. */
const BASE: CellInputs = {
  lat: 48,
  lon: 10,
  elevMean: 300,
  elevMin: 200,
  relief: 50,
  slopeMean: 0.2,
  landShare: 1,
  lowShare: 0,
  tJul: 18,
  tDec: 2,
  pJul: 80,
  pDec: 60,
  coastKm: 400,
  floodplainShare: 0,
  upstreamKm2: 0,
  flowM3s: 0,
  tideM: Number.NaN,
  coastalPlain: 0,
  population: 0,
  tHotOffset: 0,
  tColdOffset: 0,
  tMeanOffset: 0,
  sstMonths: 0,
  iceShare: 0,
  urbanShare: 0,
};
/** A West Pacific coast at 20° N with warm sea all year: full cyclone exposure where storms land at full weight. */
/** A flat shore: sea in the cell (lowest ground at sea level) and no slope to narrow its low land. */
const FLAT_SHORE: CellInputs = { ...BASE, elevMin: -5, slopeMean: 0, coastKm: 0, coastalPlain: 1 };
const CYCLONE_COAST: CellInputs = {
  ...BASE,
  lat: 20,
  lon: 130,
  tJul: 28,
  tDec: 22,
  pJul: 250,
  pDec: 60,
  coastKm: 0,
  sstMonths: 12,
  coastalPlain: 1,
};

const stepOf = (steps: readonly Step[], name: string): number =>
  steps.find((s) => s.name === name)?.value ?? Number.NaN;
const int = (v: number) => Math.round(v).toLocaleString("en-GB");

/** Each hazard's reference place and quantity (exported for the test that checks the meanings against the formulas). */
export const BAND_PROBES: Readonly<Record<PerHazardId, Probe>> = {
  HW: {
    quantity: "the hottest month's mean daily maximum: chronic heat, not single heat waves",
    unit: "°C",
    where: null,
    cell: (x) => ({ ...BASE, tJul: x, tDec: x - 15 }),
    from: -20,
    to: 70,
    read: (_, s) => stepOf(s, STEP.tHotMax),
    digits: 1,
  },
  CS: {
    quantity: "the coldest month's mean temperature",
    unit: "°C",
    where: null,
    cell: (x) => ({ ...BASE, tJul: 20, tDec: x }),
    from: 20,
    to: -80,
    read: (_, s) => stepOf(s, STEP.tColdest),
    digits: 1,
  },
  ER: {
    quantity: "the rain of the wetter of July and December",
    unit: "mm",
    where: "away from coasts that tropical cyclones reach (their storm rain raises the value there)",
    cell: (x) => ({ ...BASE, pJul: x }),
    from: 0,
    to: 2000,
    read: (_, s) => stepOf(s, STEP.pWettest),
    digits: 0,
  },
  LS: {
    quantity: "mean slope (2′ grid) and relief, rising together",
    unit: "",
    where: `with a wettest month of ${int(WET_MONTH_MM[1])} mm or more (drier places need steeper ground)`,
    cell: (x) => ({
      ...BASE,
      slopeMean: LS_SLOPE_DEG[0] + x * (LS_SLOPE_DEG[1] - LS_SLOPE_DEG[0]),
      relief: LS_RELIEF_M[0] + x * (LS_RELIEF_M[1] - LS_RELIEF_M[0]),
      pJul: WET_MONTH_MM[1],
    }),
    from: 0,
    to: 1,
    read: (c) => c.slopeMean,
    digits: 1,
  },
  WF: {
    quantity: "dry months a year (rain in mm below twice the temperature in °C)",
    unit: "months",
    where: `with a hottest month of ${WF_HEAT_C[1]} °C or more, ${int(WF_FUEL_MM[1])} to ${int(WF_FUEL_MM[2])} mm of rain a year to grow fuel, on open land (in a continental climate, a summer whose rain falls well short of its evaporation also counts, up to ${RISK_LEVELS[scoreFromValue(WF_CONTINENTAL_MAX) - 1]!.label}, without a dry month)`,
    // the year's rain stays 720 mm while it moves from December into July
    cell: (x) => ({ ...BASE, tJul: WF_HEAT_C[1] + 2, tDec: WF_HEAT_C[1] - 8, pJul: 60 + x, pDec: 60 - x }),
    from: 0,
    to: 60,
    read: (_, s) => stepOf(s, STEP.dryMonths),
    digits: 1,
    // the count moves in quarter months, so the edges come from the ramp it feeds (full heat and fuel: value = ramp)
    invert: (v) => WF_DRY_MONTHS[0] + v * (WF_DRY_MONTHS[1] - WF_DRY_MONTHS[0]),
  },
  FD: {
    quantity: "the mean flow of the river whose floodplain the place is in",
    unit: "m³/s",
    where: `with ${Math.round(FD_PLAIN_FULL * 100)} % or more of the land in its floodplain and a wettest month of ${int(WET_MONTH_MM[1])} mm or more (a drier climate needs a larger river)`,
    cell: (x) => ({ ...BASE, floodplainShare: 1, upstreamKm2: 10_000, flowM3s: 10 ** x, pJul: WET_MONTH_MM[1] }),
    from: -2,
    to: 6,
    read: (c) => c.flowM3s,
    digits: 0,
    sig: 2,
  },
  DR: {
    quantity: "the aridity index, annual rain over potential evaporation (P/PET)",
    unit: "",
    where:
      "with a marked dry season (a rainless driest month) and four or more months above 5 °C; where rain is spread through the year each level needs a drier climate, and Extreme is not reached",
    cell: (x) => ({ ...BASE, lat: 30, tJul: 26, tDec: 18, pJul: 10 ** x, pDec: 0 }),
    from: 4,
    to: -2,
    read: (_, s) => stepOf(s, STEP.aridity),
    digits: 2,
  },
  TC: {
    quantity: "distance from the coast",
    unit: "km",
    where: `in the West Pacific between 14° and 35° latitude, with sea at 26.5 °C or warmer ${TC_SST_MONTHS[1]} months a year or more (other basins weigh less)`,
    cell: (x) => ({ ...CYCLONE_COAST, coastKm: x }),
    from: 5000,
    to: 0,
    read: (c) => c.coastKm,
    digits: 0,
  },
  SS: {
    quantity:
      "the extreme water above the high-tide line, where the land begins (storm surge + sea-level rise above today's)",
    unit: "m",
    where: `on a flat shore where ${SS_PROBE_LOW_SHARE * 100} % of the land is low (at or below 10 m, joined to the sea), its heights spread evenly from high water (${SS_PROBE_TIDE_M / 2} m, half a ${SS_PROBE_TIDE_M} m tidal range) to 10 m; where less of the land is low each level needs a higher water`,
    // a shore without tropical cyclones or winter storms (a 0.5 m surge), the water raised by sea-level rise
    cell: () => ({ ...FLAT_SHORE, lat: -10, lon: -35, lowShare: SS_PROBE_LOW_SHARE, tideM: SS_PROBE_TIDE_M }),
    ctx: (x) => ({ dT: 0, slr: HISTORICAL_SLR_M + x, hist: false }),
    from: 0,
    to: 10,
    read: (_, s) => stepOf(s, STEP.esl) - stepOf(s, STEP.highWater),
    digits: 1,
    unreached: `never given: the relief resolves no heights within the 0-10 m band, so values stop at ${COASTAL_VALUE_CAP}`,
  },
  SL: {
    quantity:
      "share of the land that the sea-level rise above today's brings below the high-tide line (land begins at today's high-tide line, so every place reads Low in 1950-1999)",
    unit: "%",
    where: null,
    // the bands are shares of land, whatever the rise: read them under the highest rise modelled (RCP8.5, 2050)
    ctx: () => ({ dT: 0, slr: seaLevelRise("rcp85", "2050"), hist: false }),
    cell: (x) => ({ ...FLAT_SHORE, tideM: SS_PROBE_TIDE_M, lowShare: x }),
    from: 0,
    to: 1,
    read: (_, s) => stepOf(s, STEP.shareBelowHighWater),
    digits: 1,
    scale: 100,
    unreached: `never given: no vertical land motion is published for any place here, so values stop at ${COASTAL_VALUE_CAP}`,
  },
  PC: {
    // an index of how strongly the rain regime may shift, ×100: the method projects no amount and no direction of change
    quantity:
      "the precipitation-change screening index (×100; a size of possible shift, not a projected change of rain)",
    unit: "",
    where: null,
    // the value depends on the change alone, which grows with the warming
    ctx: (x) => ({ dT: x, slr: HIST.slr, hist: false }),
    cell: () => ({ ...BASE, pJul: 100, pDec: 50 }),
    from: 0,
    to: 20,
    read: (_, s) => stepOf(s, STEP.pcChange),
    digits: 1,
    scale: 100,
  },
};

export function valueAt(h: PerHazardId, p: Probe, x: number): { v: number; steps: Step[]; c: CellInputs } {
  const c = p.cell(x);
  const steps: Step[] = [];
  const v = HAZARD_FORMULAS[h].fn(c, p.ctx?.(x) ?? HIST, steps);
  return { v: typeof v === "number" ? v : Number.NaN, steps, c };
}

/** The first x (from `from` towards `to`) whose value is in band `score` or higher; null when never. */
function crossing(h: PerHazardId, p: Probe, score: RiskScore): number | null {
  const inBand = (x: number) => {
    const v = valueAt(h, p, x).v;
    return Number.isFinite(v) && scoreFromValue(v) >= score;
  };
  if (!inBand(p.to)) return null;
  let lo = p.from,
    hi = p.to;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (inBand(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The quantity as the bands state it: scaled (shares as %), rounded to the probe's decimals or figures. */
function rounded(p: Probe, q: number): number {
  const v = q * (p.scale ?? 1);
  if (p.sig && v > 0) return Number(v.toPrecision(p.sig));
  return Math.round(v * 10 ** p.digits) / 10 ** p.digits;
}

function fmt(p: Probe, q: number): string {
  const r = rounded(p, q);
  const s = p.sig ? (int(r) === "0" || r < 10 ? String(r) : int(r)) : p.digits === 0 ? int(r) : r.toFixed(p.digits);
  return s.replace(/^-/, "\u2212");
}

/** The quantity at an edge: the probe's reading where the formula crosses it, or the inverse of the ramp. */
function edgeQuantity(h: PerHazardId, p: Probe, x: number, v: number): { q: number; c: CellInputs } {
  const { c, steps } = valueAt(h, p, x);
  return { q: p.invert ? p.invert(v) : p.read(c, steps), c };
}

function edgeText(h: PerHazardId, p: Probe, x: number, v: number): string {
  const { q, c } = edgeQuantity(h, p, x, v);
  if (h === "LS") return `${fmt(p, q)}° and ${int(c.relief)} m`;
  return p.unit ? `${fmt(p, q)} ${p.unit}` : fmt(p, q);
}

function compute(h: PerHazardId): HazardBandMeanings {
  const p = BAND_PROBES[h];
  const xs = RISK_LEVELS.map((l) => (l.score === 1 ? p.from : crossing(h, p, l.score)));
  const edge = RISK_LEVELS.map((l) => l.min);
  const q = (x: number, v: number) => rounded(p, edgeQuantity(h, p, x, v).q);
  const readAt = (x: number) => {
    const { c, steps } = valueAt(h, p, x);
    return p.read(c, steps);
  };
  const rising = readAt(p.to) > readAt(p.from);
  const [below, above] = rising ? ["below", "or more"] : ["above", "or less"];
  const bands = RISK_LEVELS.map((l, i): BandMeaning => {
    const x0 = xs[i],
      x1 = xs[i + 1] ?? null;
    if (x0 === null || x0 === undefined)
      return {
        score: l.score,
        label: l.label,
        meaning: p.unreached ?? "never reached",
        from: null,
        to: null,
        reached: false,
      };
    const lowEdge = l.score === 1 ? null : x0;
    const v0 = edge[i]!,
      v1 = edge[i + 1]!;
    let meaning: string;
    if (lowEdge === null) meaning = x1 === null ? "everywhere" : `${below} ${edgeText(h, p, x1, v1)}`;
    else if (x1 === null) meaning = `${edgeText(h, p, lowEdge, v0)} ${above}`;
    else meaning = `${edgeText(h, p, lowEdge, v0)} to ${edgeText(h, p, x1, v1)}`;
    return {
      score: l.score,
      label: l.label,
      meaning,
      from: lowEdge === null ? null : q(lowEdge, v0),
      to: x1 === null ? null : q(x1, v1),
      reached: true,
    };
  });
  return { quantity: p.quantity, unit: p.unit, where: p.where, bands };
}

let cache: Readonly<Record<PerHazardId, HazardBandMeanings>> | null = null;

/** Every hazard's band meanings, computed from the formulas once. */
export function bandMeanings(): Readonly<Record<PerHazardId, HazardBandMeanings>> {
  if (!cache)
    cache = Object.fromEntries(PER_HAZARD_IDS.map((h) => [h, compute(h)])) as Record<PerHazardId, HazardBandMeanings>;
  return cache;
}

/** The aggregate has no quantity of its own: its value is the mean of the three highest hazard values. */
export const AGGREGATE_BAND_MEANING = "the mean of the three highest hazard values, banded as each hazard is";

/** "Heat wave bands, the hottest month's mean daily maximum: Low below 30.0 °C; …" in one sentence. */
export function bandSentence(h: PerHazardId): string {
  const m = bandMeanings()[h];
  const where = m.where ? ` (${m.where})` : "";
  return `${HAZARDS[h].name} bands, on ${m.quantity}${where}: ${m.bands.map((b) => `${b.label} ${b.meaning}`).join("; ")}.`;
}

/** What the score of one band means for one hazard ("36.0 to 39.0 °C"), or null for the aggregate and no score. */
export function bandMeaningOf(h: string, score: number | null): string | null {
  if (score === null || !(PER_HAZARD_IDS as readonly string[]).includes(h)) return null;
  return bandMeanings()[h as PerHazardId].bands[score - 1]?.meaning ?? null;
}

/** An explanation with its hazard's band meanings added (the aggregate has none of its own). */
export function withBandMeanings<E extends object>(h: HazardId, e: E): E & { bands?: HazardBandMeanings } {
  return h === "AL" ? e : { ...e, bands: bandMeanings()[h] };
}
