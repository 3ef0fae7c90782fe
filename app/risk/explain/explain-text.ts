/**
 * What a customer reads first about a score: one or two plain sentences and a short table of drivers with units,
 * before the formula. Pure, and read from the explanation structure only (its `inputs` by field and its `steps` by
 * the names in STEP), plus the item's state and level, the place and the slot. The dashboard, the API
 * (`explain=1`) and the PDFs show what these functions return, so the words are the same everywhere.
 */
import { HAZARDS, type HazardId, type PerHazardId } from "~/domain/hazards/hazards";
import { RISK_LEVELS, scoreFromValue } from "~/domain/hazards/risk-levels";
import {
  BASELINE_YEARS,
  HISTORICAL_SLR_M,
  SCENARIOS,
  slotWarmingLabel,
  warmingAboveBaseline,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import {
  CC_SCALING,
  FD_PLAIN_FULL,
  LAND_AMPLIFICATION,
  LOW_LYING_M,
  STEP,
  TC_WARMING_GAIN,
  WF_URBAN_SHARE,
} from "../formulas";
import { ROLLUP_TOP_SHARE } from "../regions/rollup";

/** Which place a score belongs to; `name` is what a reader knows it by (a country, a region, a nearby town). */
export interface PlaceRef {
  /** "point": a point's hexagon; "site": a point scored from its own drivers. */
  kind: "country" | "region" | "hexagon" | "point" | "site";
  name?: string | null;
}

/** The parts of a hexagon explanation the sentences read. */
export interface ExplanationFacts {
  inputs: Readonly<Record<string, { value: number | null; unit: string; label: string }>>;
  steps: readonly { name: string; value: number; unit?: string }[];
}

export interface Driver {
  label: string;
  value: number | null;
  unit: string;
}

export interface SummaryInput {
  hazard: HazardId;
  state: "ok" | "not_applicable" | "no_data";
  /** Band label of the value ("High"); null when there is no value. */
  level: string | null;
  place: PlaceRef;
  scenario: ScenarioId;
  period: PeriodId;
  /** The hexagon's explanation; null for a country or region (a rollup of its hexagons). */
  facts: ExplanationFacts | null;
}

// ---- number words (no toLocaleString: this runs on every explained score) ----

const MINUS = "\u2212";
/** Thousands with commas (12,000), rounded to a whole number; a minus sign for negatives. */
export function fmtInt(v: number): string {
  const r = Math.round(v);
  if (r > -1000 && r < 1000) return r < 0 ? MINUS + String(-r) : String(r === 0 ? 0 : r);
  const s = String(Math.abs(r)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return r < 0 ? MINUS + s : s;
}
/** One decimal (temperatures), with a minus sign. */
/** A count to the nearest half ("3", "3.5"). */
export function fmtHalf(v: number): string {
  const h = Math.round(v * 2) / 2;
  return Number.isInteger(h) ? String(h) : h.toFixed(1);
}

export function fmt1(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r < 0 ? MINUS + (-r).toFixed(1) : (r === 0 ? 0 : r).toFixed(1);
}
/** Two decimals (metres of sea level, indices). */
export const fmt2 = (v: number): string => (Math.round(v * 100) / 100).toFixed(2);
/** Two significant figures with thousands (12,000 km²). */
export const fmtSig2 = (v: number): string => fmtInt(v > 0 ? Number(v.toPrecision(2)) : 0);
/** A share in [0, 1] as whole percent. */
export const pct = (share: number): number => Math.round(100 * share);

// ---- reading the explanation ----

const stepOf = (f: ExplanationFacts, name: string): number | null => {
  for (const s of f.steps) if (s.name === name) return s.value;
  return null;
};
const inputOf = (f: ExplanationFacts, key: string): number | null => f.inputs[key]?.value ?? null;
const nz = (v: number | null): number => (v === null || !Number.isFinite(v) ? 0 : v);

const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const hazardWords = (h: HazardId) => lower(HAZARDS[h].name);
const possessive = (name: string) => `${name}'s`;
const COUNT_WORDS = ["no", "one", "two", "three"];

/** How the sentence names the place: the country or region by name, a hexagon as a hexagon. */
export function placeSubject(p: PlaceRef): string {
  if (p.kind === "country") return p.name || "This country";
  if (p.kind === "region") return p.name || "This region";
  if (p.kind === "site") return p.name ? `The point in ${p.name}` : "This point";
  if (p.name) return `${possessive(p.name)} hexagon`;
  return p.kind === "point" ? "The point's hexagon" : "This hexagon";
}
/** The subject inside a sentence ("this hexagon", "Chittagong's hexagon", "Bangladesh"). */
const subjectInside = (p: PlaceRef) => {
  const s = placeSubject(p);
  return s.startsWith("This ") || s.startsWith("The ") ? lower(s) : s;
};

const slotWords = (scenario: ScenarioId, period: PeriodId) => `by ${period} under ${SCENARIOS[scenario].name}`;

// ---- the short driver table ----

type DriverRef =
  | { input: string; share?: true }
  | { step: string; label: string; unit?: string; share?: true; warmed?: true; times100?: true; optional?: true };

const T_MONTHS: DriverRef[] = [{ input: "tJul" }, { input: "tDec" }];
const P_WET: DriverRef = {
  step: STEP.pWettest,
  label: "wettest-month precipitation (July or December)",
  unit: "mm",
  warmed: true,
};

/** The drivers each hazard's formula reads, in the order the sentence names them. */
export const HAZARD_DRIVERS: Readonly<Record<PerHazardId, readonly DriverRef[]>> = {
  CS: [
    { step: STEP.tColdest, label: "coldest-month mean temperature", unit: "°C", warmed: true },
    ...T_MONTHS,
    { input: "lapseC" },
  ],
  HW: [
    { step: STEP.tHotMax, label: "hottest-month mean daily maximum", unit: "°C", warmed: true },
    { step: STEP.tHottest, label: "hottest-month mean temperature", unit: "°C", warmed: true },
    ...T_MONTHS,
    { input: "lapseC" },
  ],
  LS: [{ input: "slopeMean" }, { input: "slopeSteep" }, { input: "relief" }, P_WET],
  WF: [
    {
      step: STEP.dryMonths,
      label: "dry months a year (rain below twice the temperature)",
      unit: "months",
      warmed: true,
    },
    { step: STEP.tWarmSeason, label: "hottest-month mean temperature", unit: "°C", warmed: true },
    { step: STEP.pFuel, label: "annual precipitation (fuel)", unit: "mm" },
    { step: STEP.annualRange, label: "annual temperature range (hottest − coldest month)", unit: "°C" },
    {
      step: STEP.summerShortfall,
      label: "summer rain shortfall (1 − the hottest month's rain / its potential evaporation)",
      share: true,
      warmed: true,
      optional: true,
    },
    {
      step: STEP.urban,
      label: "built-up share of the land (Natural Earth urban areas and the cores of GeoNames cities)",
      unit: "",
      share: true,
      optional: true,
    },
  ],
  FD: [
    { input: "floodplainShare", share: true },
    // a point's own: height above the channel it drains to and distance to it (no such input for a hexagon)
    { input: "handM" },
    { input: "channelKm" },
    { input: "lowShare", share: true },
    { input: "upstreamKm2" },
    { input: "flowM3s" },
    P_WET,
    { input: "relief" },
  ],
  DR: [
    { step: STEP.pAnnual, label: "annual precipitation", unit: "mm" },
    { step: STEP.pet, label: "potential evapotranspiration", unit: "mm", warmed: true },
    { step: STEP.aridity, label: "aridity index P/PET", unit: "", warmed: true },
    { step: STEP.seasonality, label: "dry-season contrast 1 − Pmin/Pmax", unit: "" },
  ],
  SS: [
    {
      step: STEP.shareBelowEsl,
      label: "share of land below the extreme still-water level",
      unit: "",
      share: true,
      warmed: true,
    },
    {
      step: STEP.esl,
      label: "extreme still-water level above today's mean sea level",
      unit: "m",
      warmed: true,
    },
    { step: STEP.surge, label: "storm-surge height", unit: "m" },
    { step: STEP.highWater, label: "high water above mean sea level (half the tidal range)", unit: "m" },
    { input: "lowShare", share: true },
    { input: "shoreBandShare", share: true },
    { input: "coastKm" },
    { step: STEP.slr, label: "global sea-level rise since 1900", unit: "m" },
  ],
  ER: [P_WET, { input: "pJul" }, { input: "pDec" }],
  TC: [
    { step: STEP.tcSstMonths, label: "months of sea at 26.5 °C or warmer offshore", unit: "months" },
    { input: "coastKm" },
    { step: STEP.tcLatitude, label: "latitude factor (0 to 1)", unit: "" },
  ],
  PC: [
    {
      step: STEP.pcChange,
      label: "precipitation-change screening index (×100; not a projected change of rain)",
      // an index, not a share of the rain: scaled as its band meanings are, without a percent sign
      times100: true,
    },
    { step: STEP.seasonality, label: "dry-season contrast 1 − Pmin/Pmax", unit: "" },
    { step: STEP.aridity, label: "aridity index P/PET (baseline)", unit: "" },
  ],
  SL: [
    {
      step: STEP.shareBelowHighWater,
      label: "share of land below the high-tide line",
      unit: "",
      share: true,
      warmed: true,
    },
    { step: STEP.highWater, label: "high water above mean sea level (half the tidal range)", unit: "m" },
    { input: "lowShare", share: true },
    { input: "shoreBandShare", share: true },
    { step: STEP.slr, label: "global sea-level rise since 1900", unit: "m" },
  ],
};

const WHOLE_UNITS = new Set(["mm", "km", "km²", "m³/s", "people"]);
function roundFor(unit: string, v: number): number {
  if (WHOLE_UNITS.has(unit) || (unit === "m" && Math.abs(v) >= 10)) return Math.round(v);
  if (unit === "%" || unit === "°C" || unit === "°" || unit === "months") return Math.round(v * 10) / 10;
  return Math.round(v * 100) / 100;
}

/**
 * The short table under the sentences: each driver the hazard's formula reads, with its unit (shares as %). Values
 * that include the slot's warming say so. Aggregate: the hazards it averages.
 */
export function explainDrivers(h: HazardId, f: ExplanationFacts): Driver[] {
  const dT = nz(stepOf(f, STEP.warming));
  if (h === "AL")
    return topHazards(f).map(([id, v]) => ({ label: HAZARDS[id].name, value: Math.round(v * 1000) / 1000, unit: "" }));
  const out: Driver[] = [];
  for (const r of HAZARD_DRIVERS[h]) {
    let label: string, unit: string, v: number | null;
    if ("input" in r) {
      const i = f.inputs[r.input];
      if (!i) continue;
      ({ label, unit } = i);
      v = i.value;
    } else {
      v = stepOf(f, r.step);
      // a step the formula only takes on one of its paths is left out where it did not
      if (v === null && r.optional) continue;
      label = r.warmed && dT > 0 ? `${r.label}, incl. warming` : r.label;
      unit = r.unit ?? "";
    }
    if (r.share || ("times100" in r && r.times100)) {
      if (r.share) unit = "%";
      if (v !== null) v *= 100;
    }
    if (unit === "1") unit = "";
    // a tidal range of −1 in the steps means "no station"; the input says null
    out.push({ label, unit, value: v === null || !Number.isFinite(v) ? null : roundFor(unit, v) });
  }
  if (dT > 0)
    out.push({
      label: `global warming above the ${BASELINE_YEARS} climatology`,
      value: Math.round(dT * 10) / 10,
      unit: "°C",
    });
  return out;
}

/** The hazards an aggregate averages, highest first (at most three). */
function topHazards(f: ExplanationFacts): [PerHazardId, number][] {
  const vals: [PerHazardId, number][] = [];
  for (const s of f.steps)
    if (s.name.length === 2 && s.name in HAZARDS && s.name !== "AL") vals.push([s.name as PerHazardId, s.value]);
  return vals.sort((a, b) => b[1] - a[1]).slice(0, 3);
}

// ---- the sentences ----

/** What one hazard's drivers say, and (future slots where the formula warms) what the warming adds. */
interface Parts {
  drivers: string;
  warming?: string;
}

interface Ctx {
  f: ExplanationFacts;
  S: string;
  /** The subject inside a sentence ("this hexagon"). */
  s: string;
  /** Global warming of the slot above the baseline climatology, °C; 0 in the historical period. */
  dT: number;
  /** "+2.31 °C global warming above 1850-1900 (+1.9 °C since 1950-1999) by 2050 under RCP8.5" (empty when dT is 0). */
  warm: string;
  slot: string;
}

const landWarm = (c: Ctx) => c.dT * LAND_AMPLIFICATION;
const wetShare = (c: Ctx) => CC_SCALING * landWarm(c);

/**
 * Wildfire's clause for built-up land, where it thins the wildland fuel (WF_URBAN_SHARE): a dense city does not carry
 * a fire front, so a dry climate there reads lower than the climate alone says. Empty below the threshold.
 */
function builtUp(c: Ctx): string {
  const urban = stepOf(c.f, STEP.urban);
  if (urban === null || urban <= WF_URBAN_SHARE[0]) return "";
  const land = isPointFacts(c.f) ? "of the land within about 4 km" : `of ${c.s}'s land`;
  // the share of the wildland fuel the formula keeps (formulas.ts, wildfire: ramp(urban, WF_URBAN_SHARE[1] → 0, [0] → 1))
  const kept = (WF_URBAN_SHARE[1] - urban) / (WF_URBAN_SHARE[1] - WF_URBAN_SHARE[0]);
  const effect =
    kept <= 0 ? "which leaves no wildland fuel to carry a fire" : `which thins its wildland fuel to ${pct(kept)} %`;
  return `, but ${pct(urban)} % ${land} is built up, ${effect}`;
}

function temperature(c: Ctx, step: string, what: "hottest" | "coldest"): Parts | null {
  const t = stepOf(c.f, step);
  if (t === null) return null;
  const lw = landWarm(c);
  if (!c.warm) return { drivers: `${c.S} has a ${what} month averaging ${fmt1(t)} °C` };
  return {
    drivers: `${c.S} has a ${what} month averaging ${fmt1(t - lw)} °C in the baseline climate`,
    warming: `${c.warm} raises it by ${fmt1(lw)} °C over land, to ${fmt1(t)} °C`,
  };
}

/** The wettest month's rain without the slot's warming (the step includes it). */
const baseRain = (c: Ctx, p: number) => p / (1 + wetShare(c));
const wetWarming = (c: Ctx, what: string, p: number): string | undefined =>
  c.warm
    ? `${c.warm} adds ${pct(wetShare(c))} % to ${what} (7 % per °C of land warming), to ${fmtInt(p)} mm`
    : undefined;

const SENTENCES: Readonly<Record<PerHazardId, (c: Ctx) => Parts | null>> = {
  HW: (c) => {
    const tMax = stepOf(c.f, STEP.tHotMax);
    if (tMax === null) return temperature(c, STEP.tHottest, "hottest");
    const lw = landWarm(c);
    if (!c.warm) return { drivers: `${c.S} has a hottest month whose days reach ${fmt1(tMax)} °C on average` };
    return {
      drivers: `${c.S} has a hottest month whose days reach ${fmt1(tMax - lw)} °C on average in the baseline climate`,
      warming: `${c.warm} raises that by ${fmt1(lw)} °C over land, to ${fmt1(tMax)} °C`,
    };
  },
  CS: (c) => temperature(c, STEP.tColdest, "coldest"),
  ER: (c) => {
    const p = stepOf(c.f, STEP.pWettest);
    if (p === null) return null;
    if (!c.warm) return { drivers: `${c.S} gets up to ${fmtInt(p)} mm of rain in the wetter of July and December` };
    return {
      drivers: `${c.S} gets up to ${fmtInt(baseRain(c, p))} mm of rain in the wetter of July and December in the baseline climate`,
      warming: `${c.warm} adds ${pct(wetShare(c))} % (7 % per °C of land warming), to ${fmtInt(p)} mm`,
    };
  },
  LS: (c) => {
    const slope = inputOf(c.f, "slopeMean"),
      relief = inputOf(c.f, "relief"),
      p = stepOf(c.f, STEP.pWettest);
    if (slope === null || relief === null || p === null) return null;
    return {
      drivers: `${c.S} has a mean slope of ${fmt1(slope)}° and ${fmtInt(relief)} m of relief, with up to ${fmtInt(baseRain(c, p))} mm of rain in the wetter of July and December${c.warm ? " in the baseline climate" : ""}`,
      warming: wetWarming(c, "that rain", p),
    };
  },
  FD: (c) => {
    const share = Math.max(nz(inputOf(c.f, "floodplainShare")), nz(inputOf(c.f, "lowShare")));
    const area = nz(inputOf(c.f, "upstreamKm2")),
      flow = nz(inputOf(c.f, "flowM3s"));
    const river = pct(share) > 0 && area > 0;
    let d = river
      ? `${c.S} has ${pct(share)} % of its land in the floodplain of a river draining ${fmtSig2(area)} km²${flow > 0 ? ` (mean flow about ${fmtSig2(flow)} m³/s)` : ""}`
      : `${c.S} has no land in the floodplain of a river draining 1,000 km² or more`;
    // steep, wet terrain floods in flash floods on streams too small for the river network
    const flash = nz(stepOf(c.f, STEP.flashFactor)),
      relief = inputOf(c.f, "relief"),
      p = stepOf(c.f, STEP.pWettest);
    if (flash >= 0.1 && relief !== null && p !== null)
      d += `${river ? ", and" : ", but"} its ${fmtInt(relief)} m of relief with up to ${fmtInt(baseRain(c, p))} mm of rain in the wetter of July and December brings flash floods`;
    return { drivers: d, warming: p === null ? undefined : wetWarming(c, "the wettest month's rain", p) };
  },
  WF: (c) => {
    const t = stepOf(c.f, STEP.tWarmSeason),
      dry = stepOf(c.f, STEP.dryMonths),
      pa = stepOf(c.f, STEP.pFuel);
    if (t === null || dry === null || pa === null) return null;
    const lw = landWarm(c);
    const fuel = `about ${fmtInt(pa)} mm of rain a year to grow fuel`;
    const rain = stepOf(c.f, STEP.pHotMonth),
      pet = stepOf(c.f, STEP.petHotMonth),
      range = stepOf(c.f, STEP.annualRange);
    const built = builtUp(c);
    // the continental fire summer decides where it gives more than the dry season (formulas.ts, wildfire)
    const drySeason = Math.sqrt(nz(stepOf(c.f, STEP.wfHeat))) * nz(stepOf(c.f, STEP.wfDrySeason));
    if (rain !== null && pet !== null && range !== null && nz(stepOf(c.f, STEP.wfContinental)) > drySeason)
      return {
        drivers: `${c.S} has a continental climate (${fmtInt(range)} °C from the coldest month to the hottest) whose hottest month gets about ${fmtInt(rain)} mm of rain against ${fmtInt(pet)} mm of potential evaporation, a summer that dries the forest floor without a dry month, and ${fuel}${built}`,
        warming: c.warm ? `that evaporation includes ${c.warm}` : undefined,
      };
    const months = `${fmtHalf(dry)} dry month${dry === 1 ? "" : "s"} a year (rain below twice the temperature)`;
    if (!c.warm)
      return { drivers: `${c.S} has ${months}, a hottest month averaging ${fmt1(t)} °C and ${fuel}${built}` };
    // the dry-month count in the steps is the warmed one: warmer months raise the dryness threshold
    return {
      drivers: `${c.S} has a hottest month averaging ${fmt1(t - lw)} °C in the baseline climate and ${fuel}${built}`,
      warming: `${c.warm} warms it by ${fmt1(lw)} °C over land, which leaves ${months}`,
    };
  },
  DR: (c) => {
    const pa = stepOf(c.f, STEP.pAnnual),
      pet = stepOf(c.f, STEP.pet),
      ai = stepOf(c.f, STEP.aridity),
      s = stepOf(c.f, STEP.seasonality);
    if (pa === null || pet === null || ai === null) return null;
    return {
      drivers: `${c.S} gets about ${fmtInt(pa)} mm of rain a year against ${fmtInt(pet)} mm of potential evaporation (aridity index ${fmt2(ai)})${nz(s) >= 0.6 ? ", with a marked dry season" : ""}`,
      warming: c.warm ? `that evaporation includes ${c.warm}` : undefined,
    };
  },
  PC: (c) => {
    const r = stepOf(c.f, STEP.pcChange);
    if (r === null || !c.warm) return null;
    return {
      drivers: `With ${c.warm}, ${c.s} reads ${pct(r)} on the precipitation-change screening index, which grows with the warming, with dryness and with a marked dry season: it sizes how strongly the rain regime may shift and projects neither an amount nor a direction of change`,
    };
  },
  TC: (c) => {
    const months = stepOf(c.f, STEP.tcSstMonths),
      lat = stepOf(c.f, STEP.tcLatitude),
      coast = inputOf(c.f, "coastKm");
    const basin = c.f.steps.find((s) => s.name.startsWith(`${STEP.tcBasin} (`));
    if (!basin) return { drivers: `${c.S} lies outside the basins where tropical cyclones make landfall` };
    const name = basin.name.slice(STEP.tcBasin.length + 2, -1);
    if (nz(lat) < 0.05)
      return { drivers: `${c.S} lies in the ${name} cyclone basin, but at a latitude tropical cyclones rarely reach` };
    const where = coast === null ? "" : coast > 0 ? `, ${fmtInt(coast)} km from the coast` : ", on the coast";
    const sea =
      months === null
        ? ""
        : months >= 0.5
          ? `, by a sea at 26.5 °C or warmer ${fmtInt(months)} month${Math.round(months) === 1 ? "" : "s"} a year`
          : ", by a sea that stays below 26.5 °C (storms arrive from warmer water)";
    return {
      drivers: `${c.S} lies in the ${name} cyclone basin${where}${sea}`,
      warming: c.warm
        ? `${c.warm} adds ${pct(TC_WARMING_GAIN * c.dT)} % for a larger share of intense storms`
        : undefined,
    };
  },
  SS: (c) => {
    const low = inputOf(c.f, "lowShare"),
      coast = inputOf(c.f, "coastKm"),
      reef = reefIsland(c);
    const esl = stepOf(c.f, STEP.esl),
      surge = stepOf(c.f, STEP.surge),
      hw = stepOf(c.f, STEP.highWater),
      below = stepOf(c.f, STEP.shareBelowEsl),
      slr = stepOf(c.f, STEP.slr);
    if (low === null || esl === null || surge === null || below === null) return null;
    const where = coast === null ? "" : coast > 0 ? `, ${fmtInt(coast)} km from the sea` : " on the coast";
    return {
      drivers: `${c.S} ${reef ? `is a reef island, all of its land low and within ${fmtInt(reef)} m of the sea` : `has ${pct(low)} % of its land at or below 10 m`}${where}; the extreme still water reaches ${fmt1(esl)} m above today's mean sea level (${fmt1(nz(hw))} m high water and a ${fmt1(surge)} m surge${c.warm && slr !== null ? ` on ${fmt2(slr - HISTORICAL_SLR_M)} m of sea-level rise ${c.slot}` : ""}), ${fmt1(esl - nz(hw))} m above the high-tide line where the land begins, and covers ${pct(below)} % of its land`,
    };
  },
  SL: (c) => {
    const low = inputOf(c.f, "lowShare"),
      slr = stepOf(c.f, STEP.slr),
      hw = stepOf(c.f, STEP.highWater),
      below = stepOf(c.f, STEP.shareBelowHighWater),
      reef = reefIsland(c);
    if (low === null || slr === null || below === null) return null;
    const land = reef
      ? `is a reef island, all of its land low and within ${fmtInt(reef)} m of the sea`
      : `has ${pct(low)} % of its land at or below 10 m by the sea`;
    return {
      drivers: c.warm
        ? `${c.S} ${land}; ${fmt2(slr - HISTORICAL_SLR_M)} m of sea-level rise ${c.slot} lifts the high-tide line from ${fmt1(nz(hw))} m above mean sea level, where the land begins, and brings ${pct(below)} % of its land below it`
        : `${c.S} ${land}, and none below today's high-tide line (${fmt1(nz(hw))} m above mean sea level): coastlines are drawn at mean high water, so land begins there, and this period adds no rise`,
    };
  },
};

/**
 * The slot's warming as the card shows it (above 1850-1900), with the part the formulas add to the observed
 * climate named by its own baseline, so that both figures can be checked.
 */
const warmingWords = (scenario: ScenarioId, period: PeriodId, dT: number) =>
  `${slotWarmingLabel(scenario, period)} (+${fmt1(dT)} °C since ${BASELINE_YEARS})`;
/** A point's explanation carries the drivers only a point has (height above the channel). */
const isPointFacts = (f: ExplanationFacts | null): boolean => f !== null && "handM" in f.inputs;

const at2 = "(2′ grid)";
const withLapse = (c: Ctx, parts: Parts | null): Parts | null => {
  const elev = inputOf(c.f, "elevMean"),
    lapse = inputOf(c.f, "lapseC");
  if (!parts || elev === null || lapse === null) return parts;
  const shift =
    Math.abs(lapse) < 0.05
      ? ""
      : `, ${fmt1(Math.abs(lapse))} °C ${lapse > 0 ? "warmer" : "colder"} than its hexagon's mean`;
  return { ...parts, drivers: `${parts.drivers} at its elevation of ${fmtInt(elev)} m${shift} (6.5 °C/km)` };
};

/** The top of a reef island's low land (m), or null where the low band reaches the usual 10 m. */
function reefIsland(c: Ctx): number | null {
  const top = inputOf(c.f, "lowTopM");
  return top !== null && top < LOW_LYING_M ? top : null;
}

/** Sentences of a point scored from its own drivers, where they differ from a hexagon's (shares become yes/no). */
const POINT_SENTENCES: Partial<Record<PerHazardId, (c: Ctx) => Parts | null>> = {
  HW: (c) => withLapse(c, SENTENCES.HW(c)),
  CS: (c) => withLapse(c, SENTENCES.CS(c)),
  FD: (c) => {
    const member = nz(inputOf(c.f, "floodplainShare")),
      low = nz(inputOf(c.f, "lowShare"));
    const area = nz(inputOf(c.f, "upstreamKm2")),
      flow = nz(inputOf(c.f, "flowM3s"));
    const hand = inputOf(c.f, "handM"),
      dist = inputOf(c.f, "channelKm");
    const river = `a river draining ${fmtSig2(area)} km²${flow > 0 ? ` (mean flow about ${fmtSig2(flow)} m³/s)` : ""}`;
    let d: string;
    // the score takes the larger of the two shares: the sentence names that one
    if (member > 0 && hand !== null && member >= low)
      d = `${c.S} lies in the floodplain of ${river}: its own ground is ${fmtInt(hand)} m above that channel and ${fmt1(nz(dist))} km from it ${at2}${member < FD_PLAIN_FULL ? `, so a flood reaches it only in part (membership ${pct(member / FD_PLAIN_FULL)} %)` : ""}`;
    else if (low > 0 && flow > 0)
      d = `${c.S} ${lowGround(low)} ${at2}, which the rivers of its delta cross, the largest ${river}`;
    else d = `${c.S} lies in no floodplain of a river draining 1,000 km² or more ${at2}`;
    const flash = nz(stepOf(c.f, STEP.flashFactor)),
      relief = inputOf(c.f, "relief"),
      p = stepOf(c.f, STEP.pWettest);
    if (flash >= 0.1 && relief !== null && p !== null)
      d += `${member > 0 ? ", and" : ", but"} the ${fmtInt(relief)} m of relief around it with up to ${fmtInt(baseRain(c, p))} mm of rain in the wetter of July and December brings flash floods`;
    return { drivers: d, warming: p === null ? undefined : wetWarming(c, "the wettest month's rain", p) };
  },
  LS: (c) => {
    const slope = inputOf(c.f, "slopeMean"),
      steep = inputOf(c.f, "slopeSteep"),
      relief = inputOf(c.f, "relief"),
      p = stepOf(c.f, STEP.pWettest);
    if (slope === null || relief === null || p === null) return null;
    return {
      drivers: `${c.S} has a slope of ${fmt1(slope)}°${steep === null ? "" : `, ${fmt1(steep)}° on the steepest ground within about 4 km,`} and ${fmtInt(relief)} m of relief around it ${at2}, with up to ${fmtInt(baseRain(c, p))} mm of rain in the wetter of July and December${c.warm ? " in the baseline climate" : ""}`,
      warming: wetWarming(c, "that rain", p),
    };
  },
  SS: (c) => {
    const low = inputOf(c.f, "lowShare"),
      coast = inputOf(c.f, "coastKm"),
      elev = inputOf(c.f, "elevMean");
    const esl = stepOf(c.f, STEP.esl),
      surge = stepOf(c.f, STEP.surge),
      hw = stepOf(c.f, STEP.highWater),
      slr = stepOf(c.f, STEP.slr);
    if (low === null || esl === null || surge === null) return null;
    const where = coast === null ? "" : coast > 0 ? `, ${fmt1(coast)} km from the sea` : " on the shore";
    return {
      drivers: `${c.S} ${shoreGround(c, low, elev, where)}; the extreme still water reaches ${fmt1(esl)} m above today's mean sea level (${fmt1(nz(hw))} m high water and a ${fmt1(surge)} m surge${c.warm && slr !== null ? ` on ${fmt2(slr - HISTORICAL_SLR_M)} m of sea-level rise ${c.slot}` : ""}), ${fmt1(esl - nz(hw))} m above the high-tide line where the land begins`,
    };
  },
  SL: (c) => {
    const low = inputOf(c.f, "lowShare"),
      elev = inputOf(c.f, "elevMean"),
      slr = stepOf(c.f, STEP.slr);
    if (low === null || slr === null) return null;
    return {
      drivers: `${c.S} ${shoreGround(c, low, elev, "")}; ${c.warm ? `${fmt2(slr - HISTORICAL_SLR_M)} m of sea-level rise ${c.slot} lifts the high-tide line above today's, where the land begins` : "coastlines are drawn at mean high water, so land begins at today's high-tide line, and this period adds no rise"}`,
    };
  },
};

/**
 * Where a place's ground stands against the sea (`where`: how far from it): on low-lying land, in the band of low
 * ground a point's slope leaves beside the shore (a point only: shoreBandShare), or above the low-lying shore.
 */
function shoreGround(c: Ctx, low: number, elev: number | null, where: string): string {
  const band = nz(inputOf(c.f, "shoreBandShare")),
    slope = inputOf(c.f, "slopeMean");
  if (low > 0 && low >= band) return `${lowGround(low, ` (≤ ${LOW_LYING_M} m)`)}${where} ${at2}`;
  if (band > 0) {
    const at =
      band >= 1 ? "at its seaward edge" : `${fmtInt((1 - band) * 100)} % of the way from the shore to its inland edge`;
    return `lies in the band of ground below ${LOW_LYING_M} m that its slope${slope === null ? "" : ` of ${fmt1(slope)}°`} leaves beside the sea, ${at}${where.startsWith(",") || !where ? where : `,${where}`}${low > 0 ? "" : ` (its 2′ pixel, ${elev === null ? "" : `about ${fmtInt(elev)} m on average, `}is not low-lying)`}`;
  }
  return `stands above the low-lying shore${elev === null ? "" : ` at about ${fmtInt(elev)} m`}${where} ${at2}`;
}

/**
 * A point's low-lying ground: all of the land around it (within one 2′ pixel of the pixels it is read from) low-lying
 * and joined to the sea, or the share that is.
 */
function lowGround(low: number, height = ""): string {
  return low >= 1
    ? `is low-lying land${height} joined to the sea`
    : `stands where ${pct(low)} % of the land within about 4 km is low-lying${height} and joined to the sea`;
}

const levelEnd = (level: string | null) => `that is ${level ?? "unscored"}.`;

function notApplicable(x: SummaryInput): string {
  const name = upper(hazardWords(x.hazard));
  if (x.hazard === "PC")
    return `${name} is measured from the historical period, so the historical period has no level of its own.`;
  const coastal = x.hazard === "SS" || x.hazard === "SL";
  if (!x.facts) {
    return coastal
      ? `${name} does not apply anywhere in ${x.place.name || subjectInside(x.place)}: none of its land is on the coast or on low land joined to it.`
      : `${name} does not apply to ${subjectInside(x.place)}.`;
  }
  if (!coastal) return `${name} does not apply to ${subjectInside(x.place)}.`;
  const coast = inputOf(x.facts, "coastKm");
  const far = coast !== null && coast > 0 ? `lies ${fmtInt(coast)} km from the sea and ` : "";
  return `${placeSubject(x.place)} ${far}is neither on the coast nor on low land joined to it, so ${hazardWords(x.hazard)} does not apply there.`;
}

function noData(x: SummaryInput): string {
  const what = `${hazardWords(x.hazard)} value`;
  if (!x.facts || x.hazard === "AL")
    return `The dataset holds no ${what} for ${subjectInside(x.place)}, so it has no level.`;
  const f = x.facts;
  const missing = HAZARD_DRIVERS[x.hazard].flatMap((r) =>
    "input" in r && f.inputs[r.input] && f.inputs[r.input]!.value === null ? [f.inputs[r.input]!.label] : [],
  );
  return missing.length
    ? `The dataset holds no ${what} for ${subjectInside(x.place)}: its ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing, so it has no level.`
    : `The dataset holds no ${what} for ${subjectInside(x.place)}: the climate or terrain inputs it needs are missing, so it has no level.`;
}

function rollupSentence(x: SummaryInput): string {
  const S = placeSubject(x.place);
  const what = x.hazard === "AL" ? "aggregate" : hazardWords(x.hazard);
  const dT = warmingAboveBaseline(x.scenario, x.period);
  const slot = dT > 0 ? ` ${slotWords(x.scenario, x.period)} (${warmingWords(x.scenario, x.period, dT)})` : "";
  return `${possessive(S)} ${what} level${slot} is the weighted mean of its most exposed ${Math.round(ROLLUP_TOP_SHARE * 100)} % of land (hexagons weighted by area and people); ${levelEnd(x.level)}`;
}

function aggregateSentence(x: SummaryInput, f: ExplanationFacts): string {
  const top = topHazards(f).map(
    ([id, v]) => `${hazardWords(id)} (${RISK_LEVELS[scoreFromValue(Math.min(1, Math.max(0, v))) - 1]!.label})`,
  );
  const list = top.length > 1 ? `${top.slice(0, -1).join(", ")} and ${top.at(-1)}` : (top[0] ?? "");
  return `The aggregate for ${subjectInside(x.place)} is the mean of its ${top.length === 1 ? "only scored hazard" : `${COUNT_WORDS[top.length]} highest hazards`}, ${list}; ${levelEnd(x.level)}`;
}

/**
 * The plain words of one explained score: the place, the drivers the hazard's formula reads with their values and
 * units, what the slot's warming adds where the formula has a warming term, ending with the level ("that is High.").
 * Not applicable and no data have sentences of their own.
 */
export function explainSummary(input: SummaryInput): string {
  const site = input.place.kind === "point" && isPointFacts(input.facts);
  const x: SummaryInput = site ? { ...input, place: { ...input.place, kind: "site" } } : input;
  if (x.state === "not_applicable") return notApplicable(x);
  if (x.state === "no_data") return noData(x);
  if (!x.facts) return rollupSentence(x);
  if (x.hazard === "AL") return aggregateSentence(x, x.facts);
  const dT = x.scenario === "hist" ? 0 : nz(stepOf(x.facts, STEP.warming));
  const slot = slotWords(x.scenario, x.period);
  const c: Ctx = {
    f: x.facts,
    S: placeSubject(x.place),
    s: subjectInside(x.place),
    dT,
    slot,
    warm: dT > 0 ? `${warmingWords(x.scenario, x.period, dT)} ${slot}` : "",
  };
  const parts = (site ? POINT_SENTENCES[x.hazard] : undefined)?.(c) ?? SENTENCES[x.hazard](c);
  if (!parts)
    return `The ${hazardWords(x.hazard)} value of ${c.s} comes from the calculation below; ${levelEnd(x.level)}`;
  return parts.warming
    ? `${parts.drivers}. ${upper(parts.warming)}; ${levelEnd(x.level)}`
    : `${parts.drivers}; ${levelEnd(x.level)}`;
}
