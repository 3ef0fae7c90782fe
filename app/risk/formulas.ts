/**
 * Hazard formulas: physical inputs of one H3 cell + a warming context → a value in [0, 1],
 * "not applicable" or "no data". Pure, shared by the dataset build and the engine's explanations.
 */
import type { PerHazardId } from "~/domain/hazards/hazards";
import { HISTORICAL_SLR_M } from "~/domain/hazards/scenarios";

export interface CellInputs {
  lat: number;
  lon: number;
  /** Mean land elevation, m (ETOPO5). */
  elevMean: number;
  /** Lowest elevation in the cell (ETOPO5 points, land and sea), m. */
  elevMin: number;
  /** Max minus min land elevation, m. */
  relief: number;
  /** Mean land slope from the 2′ relief (calibrated Marble srtm theme), degrees. */
  slopeMean: number;
  /** Share of ETOPO5 points in the cell above sea level. */
  landShare: number;
  /** Share of land points at or below 10 m. */
  lowShare: number;
  /** July and December mean air temperature, °C (Legates & Willmott via Marble, legend-calibrated). */
  tJul: number;
  tDec: number;
  /** July and December precipitation, mm/month (legend-calibrated; treat as ordinal). */
  pJul: number;
  pDec: number;
  /** Distance from the cell to the sea, km (0 for cells on the coast). */
  coastKm: number;
  /**
   * Share of the cell's land in the floodplain of a river draining ≥ 1,000 km² (2′ terrain hydrology: WDBII
   * rivers burned in, Priority-Flood, D8; GFPLAIN rule HAND ≤ 1 m·A^0.3).
   */
  floodplainShare: number;
  /** Drainage area of the largest river whose floodplain lies in the cell, km² (0 without one). */
  upstreamKm2: number;
  /** Mean flow of that river from runoff-weighted flow accumulation (Schreiber runoff), m³/s. */
  flowM3s: number;
  /** Tidal range at the nearest usable tide station within 300 km, m; NaN when none. */
  tideM: number;
  /** 1 when the cell touches the sea or is joined to it by low-lying (<10 m) land within 200 km. */
  coastalPlain: number;
  /** Population of GeoNames places (≥1000 people) in the cell. */
  population: number;
  /** Hottest month minus the warmer of July and December, °C, from the shape of the year (one model year). */
  tHotOffset: number;
  /** Colder of July and December minus the coldest month, °C (same source). */
  tColdOffset: number;
  /** Annual mean minus the mean of July and December, °C (same source). */
  tMeanOffset: number;
  /** Months with sea-surface temperature ≥ 26.5 °C on the nearest coast's sea (COADS climatology). */
  sstMonths: number;
  /** Share of the cell's area under permanent ice (Natural Earth 50m glaciated areas and Antarctic ice shelves). */
  iceShare: number;
  /** Share of the cell's area in a dense built-up area (Natural Earth 50m urban areas and the cores of GeoNames cities). */
  urbanShare: number;
  /**
   * A point's steepest 2′ slope within one pixel of its own, degrees (app/risk/point/point-drivers.ts); a hexagon has
   * none, and its landslide reads its mean slope.
   */
  slopeSteep?: number;
  /**
   * Top of the cell's low-lying band, m: REEF_ISLAND_TOP_M on reef islands (land that only the shoreline outlines
   * hold, in a tropical sea), LOW_LYING_M elsewhere and where absent (files before 4.2.0).
   */
  lowTopM?: number;
  /**
   * A point's own place in the band of land below its low top that its slope leaves beside the sea, 1 at the shore to
   * 0 at the band's inland edge or one pixel from the sea (shoreBandShare); a hexagon has none, and its low land is its low-lying share.
   */
  shoreBandShare?: number;
}

export interface SlotContext {
  /** Global warming of the slot above the baseline climatology, °C. */
  dT: number;
  /** Global mean sea-level rise since 1900 used for the slot, m. */
  slr: number;
  /** true for the historical slot. */
  hist: boolean;
}

export const NOT_APPLICABLE = "na" as const;
export const NO_DATA = "nodata" as const;
export type HazardValue = number | typeof NOT_APPLICABLE | typeof NO_DATA;

export interface Step {
  name: string;
  value: number;
  unit?: string;
}

export type Confidence = "grounded" | "proxy";

/** Land warms faster than the global mean (AR6 WGI: land/global ratio ≈ 1.4-1.5). */
export const LAND_AMPLIFICATION = 1.45;
/** Clausius-Clapeyron scaling of heavy precipitation per °C of local warming. */
export const CC_SCALING = 0.07;
/** Tropical cyclone intensity proxy gain per °C of global warming (share of intense storms rises). */
export const TC_WARMING_GAIN = 0.05;

/** Linear ramp: 0 at lo, 1 at hi (works with hi < lo for decreasing ramps), clamped. */
export function ramp(x: number, lo: number, hi: number): number {
  const t = (x - lo) / (hi - lo);
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}

export const clamp01 = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x);

/**
 * Names of the explanation steps that the plain sentences (explain-text.ts) read. Shared so a renamed step renames
 * both; other steps are named where they are traced.
 */
export const STEP = {
  warming: "global warming above the baseline climatology",
  tHottest: "hottest-month mean temperature incl. warming",
  tColdest: "coldest-month mean temperature incl. warming",
  pAnnual: "annual precipitation estimate (6 × (Jul + Dec))",
  pet: "potential evapotranspiration (Thornthwaite, 12 months from the coldest to the hottest; +3 %/°C of land warming)",
  aridity: "aridity index P/PET",
  seasonality: "seasonality 1 − Pmin/Pmax",
  pWettest: "wettest of Jul/Dec precipitation incl. 7 %/°C",
  riverFactor: "river factor √(floodplain × size)",
  flashFactor: "flash-flood factor",
  hotRange: "day-night range of the hottest month (from its rain)",
  tHotMax: "hottest-month mean daily maximum",
  tWarmSeason: "hottest-month temperature incl. warming",
  dryMonths: "dry months (rain below twice the temperature), on a year drawn through July and December",
  pFuel: "annual precipitation estimate (fuel)",
  pHotMonth: "rain of the hottest month",
  petHotMonth: "potential evaporation of the hottest month (Thornthwaite, +3 %/°C of land warming)",
  annualRange: "annual temperature range (hottest − coldest month)",
  summerShortfall: "summer rain shortfall 1 − rain / potential evaporation of the hottest month",
  wfHeat: "heat factor",
  wfDrySeason: "dry-season factor ramp(dry months, 2 → 4.5)",
  wfContinental: "continental fire-summer factor",
  wfFuel: "fuel factor",
  tcBasin: "basin weight",
  tcNoBasin: "cyclone basin weight (none here)",
  tcLatitude: "latitude factor",
  tcSstMonths: "months with sea-surface temperature ≥ 26.5 °C offshore",
  tidalRange: "tidal range",
  slr: "sea-level rise since 1900",
  highWater: "mean higher high water above mean sea level (half the tidal range)",
  surge: "storm-surge height",
  esl: "extreme still-water level above today's mean sea level",
  shareBelowEsl: "share of land below the extreme still-water level",
  shareBelowHighWater: "share of land below the high-tide line",
  steepSlope: "steepest slope within one 2′ pixel of the point (≈ 3.7 km)",
  lowTop: "top of the low land (10 m; 4 m on a reef island)",
  growingMonths: "months warmer than 5 °C",
  iceFree: "ice-free share of the cell",
  urban: "share of the cell in a dense built-up area",
  tcRain: "tropical-cyclone rain factor",
  pcChange: "precipitation-change screening index",
} as const;

type Trace = Step[] | undefined;
const put = (t: Trace, name: string, value: number, unit?: string) => {
  if (t)
    t.push(
      unit ? { name, value: Math.round(value * 1000) / 1000, unit } : { name, value: Math.round(value * 1000) / 1000 },
    );
};

const hasClimate = (c: CellInputs) => Number.isFinite(c.tJul) && Number.isFinite(c.tDec);
const hasPrecip = (c: CellInputs) => Number.isFinite(c.pJul) && Number.isFinite(c.pDec);
const hasElev = (c: CellInputs) => Number.isFinite(c.elevMean) && Number.isFinite(c.relief);

const landWarming = (ctx: SlotContext) => ctx.dT * LAND_AMPLIFICATION;
/** An offset with no data counts as 0: the July/December value stands. */
const orZero = (v: number) => (Number.isFinite(v) ? v : 0);

/** Hottest-month mean temperature of the baseline climatology, °C. */
export function hottestMonth(c: CellInputs): number {
  return Math.max(c.tJul, c.tDec) + orZero(c.tHotOffset);
}

/** Coldest-month mean temperature of the baseline climatology, °C. */
export function coldestMonth(c: CellInputs): number {
  return Math.min(c.tJul, c.tDec) - orZero(c.tColdOffset);
}

/** Annual precipitation estimated from the two months available (mean × 12), mm. */
export function annualPrecip(c: CellInputs): number {
  return 6 * (c.pJul + c.pDec);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const MONTH_MID_DAY = [15, 46, 74, 105, 135, 166, 196, 227, 258, 288, 319, 349] as const;

/** Hours of daylight at a latitude on a day of the year (solar declination, sunset hour angle). */
export function dayLengthHours(lat: number, dayOfYear: number): number {
  const decl = 0.409 * Math.sin((2 * Math.PI * dayOfYear) / 365 - 1.39);
  const x = -Math.tan((lat * Math.PI) / 180) * Math.tan(decl);
  return (24 / Math.PI) * Math.acos(x <= -1 ? -1 : x >= 1 ? 1 : x);
}

/** The hottest month's index: July north of the equator, January south of it. */
const hotMonthOf = (c: CellInputs) => (c.lat >= 0 ? 6 : 0);

/**
 * Twelve monthly mean temperatures, °C: a sinusoid from the coldest to the hottest month, the hottest in July
 * north of the equator and in January south of it. Only the spread of the year is known, not its exact timing.
 */
export function monthlyTemperatures(c: CellInputs, warming: number): number[] {
  const hot = hottestMonth(c) + warming,
    cold = coldestMonth(c) + warming;
  const hotMonth = hotMonthOf(c);
  return MONTH_DAYS.map(
    (_, m) => (hot + cold) / 2 + ((hot - cold) / 2) * Math.cos((2 * Math.PI * (m - hotMonth)) / 12),
  );
}

/** Thornthwaite's heat index of a year of monthly temperatures. */
export function heatIndex(monthlyT: readonly number[]): number {
  return monthlyT.reduce((s, t) => s + (t > 0 ? Math.pow(t / 5, 1.514) : 0), 0);
}

/** Where Thornthwaite's fixed hot-month curve peaks (≈ 188 mm/month); hotter months are held there. */
const THORNTHWAITE_CURVE_TOP_C = 37.5;

/**
 * Potential evapotranspiration, mm/yr, by Thornthwaite (1948) from monthly temperatures, with his fixed curve at
 * and above 26.5 °C and the day-length correction. The heat index is the place's baseline one, so that warming
 * raises PET (with the index recomputed, a warmer year can come out lower). Temperature-only: it reads low in hot
 * dry climates, where rainfall is the smaller term anyway.
 */
export function potentialEvap(
  monthlyT: readonly number[],
  lat: number,
  baselineHeatIndex = heatIndex(monthlyT),
): number {
  const I = baselineHeatIndex;
  if (I <= 0) return 0;
  let pet = 0;
  monthlyT.forEach((t, m) => {
    pet += monthPotentialEvap(t, m, lat, I);
  });
  return pet;
}

/** Thornthwaite's PET of month m (0 = January) at mean temperature t, mm, for a place of heat index I. */
export function monthPotentialEvap(t: number, m: number, lat: number, I: number): number {
  if (t <= 0 || I <= 0) return 0;
  const a = 6.75e-7 * I ** 3 - 7.71e-5 * I ** 2 + 1.792e-2 * I + 0.49239;
  // Thornthwaite's power law below 26.5 °C, his fixed hot-month curve above it
  const top = Math.min(t, THORNTHWAITE_CURVE_TOP_C);
  const unadjusted =
    t < 26.5
      ? 16 * Math.pow((10 * t) / I, a)
      : Math.max(16 * Math.pow((10 * 26.5) / I, a), -415.85 + 32.24 * top - 0.43 * top * top);
  return unadjusted * (dayLengthHours(lat, MONTH_MID_DAY[m]!) / 12) * (MONTH_DAYS[m]! / 30);
}

/**
 * Diurnal temperature range of the hottest month, °C: wide under a dry hot season (clear skies, dry soil), narrow
 * under a wet one (cloud and evaporation). Summer ranges observed: ≈ 15-17 °C in Phoenix, Madrid and Seville,
 * ≈ 13 °C in Cairo, 6-9 °C in Dhaka's monsoon, Manaus and Singapore (Dai, Trenberth & Karl 1999 for the cloud
 * and rain control). 16 °C at ≤ 10 mm of rain in the hotter of July and December, 7 °C at ≥ 200 mm, linear between.
 * Sea air narrows it on the coast (Athens ≈ 10 °C, Dubai ≈ 11 °C, Lagos ≈ 8 °C in their hottest months): by
 * HW_COAST_NARROWING at the shore, fading over HW_COAST_KM inland, the reach of sea breezes (20-50 km).
 */
export const HW_DTR_C: readonly [number, number] = [16, 7];
export const HW_DTR_RAIN_MM: readonly [number, number] = [10, 200];
export const HW_COAST_NARROWING = 0.4;
export const HW_COAST_KM = 50;
/** Mean daily maximum of the hottest month over which heat rises: 27 °C (a warm summer) → 0, 42 °C → 1. */
export const HW_TMAX_C: readonly [number, number] = [27, 42];

/** Day-night range of a month away from the sea, °C, from its rain (mm). */
export function rangeOfRain(pMm: number): number {
  return HW_DTR_C[0] - (HW_DTR_C[0] - HW_DTR_C[1]) * ramp(pMm, HW_DTR_RAIN_MM[0], HW_DTR_RAIN_MM[1]);
}

export function hotMonthRange(c: CellInputs): number {
  if (!hasPrecip(c)) return (HW_DTR_C[0] + HW_DTR_C[1]) / 2;
  const pHot = c.tJul >= c.tDec ? c.pJul : c.pDec;
  const inland = rangeOfRain(pHot);
  const sea = Number.isFinite(c.coastKm) ? HW_COAST_NARROWING * Math.exp(-c.coastKm / HW_COAST_KM) : 0;
  return inland * (1 - sea);
}

export function heatWave(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasClimate(c)) return NO_DATA;
  const tHot = hottestMonth(c) + landWarming(ctx);
  // heat waves are hot days: the hottest month's mean daily maximum, its mean plus half the day's range
  const range = hotMonthRange(c);
  const tMax = tHot + range / 2;
  put(t, "hottest month above the warmer of Jul/Dec (shape of the year)", orZero(c.tHotOffset), "°C");
  put(t, STEP.tHottest, tHot, "°C");
  put(t, STEP.hotRange, range, "°C");
  put(t, STEP.tHotMax, tMax, "°C");
  return ramp(tMax, HW_TMAX_C[0], HW_TMAX_C[1]);
}

/** Coldest-month mean (incl. warming) over which cold rises: 0 °C → 0, −30 °C → 1. */
export const CS_TCOLD_C: readonly [number, number] = [0, -30];

export function coldSpell(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasClimate(c)) return NO_DATA;
  const tCold = coldestMonth(c) + landWarming(ctx);
  put(t, "coldest month below the colder of Jul/Dec (shape of the year)", orZero(c.tColdOffset), "°C");
  put(t, STEP.tColdest, tCold, "°C");
  return ramp(tCold, CS_TCOLD_C[0], CS_TCOLD_C[1]);
}

/**
 * Annual precipitation change per °C of global warming at high latitudes, full poleward of PR_WETTING_LAT[1] and
 * none equatorward of PR_WETTING_LAT[0]: AR6 WGI (SPM B.3.1, Figure SPM.5; Chapter 8) projects wetter high
 * latitudes with very likely confidence, ≈ +5-7 % per °C of global warming in the Arctic and the boreal zone.
 * Elsewhere the sign of regional change needs circulation models, which this screening does not have.
 */
export const PR_WETTING_PER_C = 0.05;
export const PR_WETTING_LAT: readonly [number, number] = [45, 60];

/** Annual precipitation of the slot: the baseline's, wetter at high latitudes with global warming. */
export function slotAnnualPrecip(c: CellInputs, ctx: SlotContext): number {
  return (
    annualPrecip(c) * (1 + PR_WETTING_PER_C * ctx.dT * ramp(Math.abs(c.lat), PR_WETTING_LAT[0], PR_WETTING_LAT[1]))
  );
}

/**
 * Rise of evaporative demand per °C of local warming, as a share of the baseline's. Energy-based potential
 * evaporation (Penman-Monteith, or ≈ 0.8 × net radiation) rises by a few per cent per °C in climate models
 * (Scheff & Frierson 2014, Journal of Climate; Milly & Dunne 2016, Nature Climate Change 6: 946-949), while
 * temperature-only formulas such as Thornthwaite's rise several times faster and overstate drying (Sheffield,
 * Wood & Roderick 2012, Nature 491: 435-438): in the Arctic, +43 % for 2.8 °C. Thornthwaite sets the baseline's
 * demand (the climate's shape); its change with warming follows this rate.
 */
export const PET_PER_C = 0.03;

/** Potential evaporation of the slot, mm/yr: Thornthwaite's for the baseline, raised PET_PER_C per °C of land warming. */
export function slotPotentialEvap(c: CellInputs, ctx: SlotContext): number {
  return baselinePotentialEvap(c) * (1 + PET_PER_C * landWarming(ctx));
}

/**
 * The baseline's Thornthwaite PET of a place, for the year and for its hottest month, from what they depend on
 * (its hottest and coldest months and its latitude). The last answer is kept: the hazards of one place in every
 * slot ask for it many times over.
 */
const lastPet = { hot: NaN, cold: NaN, lat: NaN, pet: NaN, hotMonthPet: NaN };
function baselinePet(c: CellInputs): typeof lastPet {
  const hot = hottestMonth(c),
    cold = coldestMonth(c);
  if (hot !== lastPet.hot || cold !== lastPet.cold || c.lat !== lastPet.lat) {
    const monthly = monthlyTemperatures(c, 0);
    const I = heatIndex(monthly);
    lastPet.pet = potentialEvap(monthly, c.lat, I);
    lastPet.hotMonthPet = monthPotentialEvap(monthly[hotMonthOf(c)]!, hotMonthOf(c), c.lat, I);
    lastPet.hot = hot;
    lastPet.cold = cold;
    lastPet.lat = c.lat;
  }
  return lastPet;
}

function baselinePotentialEvap(c: CellInputs): number {
  return baselinePet(c).pet;
}

/** Aridity index P/PET of a slot. */
export function slotAridityIndex(c: CellInputs, ctx: SlotContext): number {
  return slotAnnualPrecip(c, ctx) / Math.max(slotPotentialEvap(c, ctx), 1);
}

function aridity(c: CellInputs, ctx: SlotContext, t?: Trace): { ai: number; pAnn: number; pet: number } {
  const pAnn = slotAnnualPrecip(c, ctx);
  const pet = slotPotentialEvap(c, ctx);
  const ai = pAnn / Math.max(pet, 1);
  put(t, STEP.pAnnual, pAnn, "mm");
  put(t, STEP.pet, pet, "mm");
  put(t, STEP.aridity, ai);
  return { ai, pAnn, pet };
}

function seasonality(c: CellInputs): number {
  const hi = Math.max(c.pJul, c.pDec);
  return hi <= 0 ? 1 : 1 - Math.min(c.pJul, c.pDec) / hi;
}

/**
 * Aridity index P/PET over which the aridity factor rises: from the drylands' humid edge (0.65, dry sub-humid;
 * UNEP 1992, the UNCCD's definition of drylands) to the semi-arid/arid boundary (0.2), where it is full.
 */
export const DR_ARIDITY: readonly [number, number] = [0.65, 0.2];

/**
 * Months warmer than 5 °C (the usual growing-season threshold) over which a water deficit starts to matter: a
 * drought is water missing when plants and people need it. Polar deserts are arid by P/PET because little falls,
 * but with one or two months above freezing no crop, forest or river depends on that rain (Cambridge Bay). Counted
 * in the baseline climate: the longer season of a warmer slot is already in its evaporative demand, so drought
 * changes only with the balance of rain and demand (it falls where rain rises faster).
 */
export const DR_GROWING_MONTHS: readonly [number, number] = [1, 4];

export function growingMonths(c: CellInputs, warming: number): number {
  return monthlyTemperatures(c, warming).filter((x) => x > 5).length;
}

export function drought(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasClimate(c) || !hasPrecip(c)) return NO_DATA;
  const { ai } = aridity(c, ctx, t);
  const fArid = ramp(ai, DR_ARIDITY[0], DR_ARIDITY[1]);
  const s = seasonality(c);
  const months = growingMonths(c, 0);
  const fSeason = ramp(months, DR_GROWING_MONTHS[0], DR_GROWING_MONTHS[1]);
  put(t, "aridity factor", fArid);
  put(t, STEP.seasonality, s);
  put(t, STEP.growingMonths, months, "months");
  // a marked dry season matters most where the climate is sub-humid or semi-arid
  const v = (0.75 * fArid + 0.25 * s * ramp(ai, 2.5, 0.5)) * fSeason;
  return clamp01(v);
}

export function wettestMonth(c: CellInputs, ctx: SlotContext): number {
  return Math.max(c.pJul, c.pDec) * (1 + CC_SCALING * landWarming(ctx));
}

/** Floodplain share of a cell's land at which the river-floodplain factor is full. */
export const FD_PLAIN_FULL = 0.3;
/**
 * Mean flow (m³/s) over which the river-size factor rises, log-linear: a stream to one of the great rivers. Mean
 * flows of rivers with recorded floods span four orders of magnitude (Elbe at Dresden ≈ 330, Rhine at Cologne
 * ≈ 2,100, Danube at its mouth ≈ 6,500, Mississippi ≈ 17,000, Ganges-Brahmaputra ≈ 38,000 m³/s); flood depth
 * and duration grow with discharge (bankfull depth ∝ Q^0.4, Leopold & Maddock 1953), so the factor keeps rising
 * to 10,000 m³/s instead of stopping at a mid-sized river.
 */
export const FD_FLOW_M3S: readonly [number, number] = [3, 10000];

/** River-size factor: log-linear in mean flow between FD_FLOW_M3S. */
export function riverSizeFactor(flowM3s: number): number {
  return flowM3s > 0 ? ramp(Math.log10(flowM3s), Math.log10(FD_FLOW_M3S[0]), Math.log10(FD_FLOW_M3S[1])) : 0;
}

export function riverFlood(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasPrecip(c) || !hasElev(c) || !hasClimate(c)) return NO_DATA;
  // low-lying land joined to the sea (≤ 10 m) is the floodplain of every river that crosses it to the sea: in a
  // delta the distributaries and tidal creeks drain it without passing the trunk channel
  const share = Math.max(orZero(c.floodplainShare), orZero(c.lowShare));
  const fPlain = ramp(share, 0, FD_PLAIN_FULL);
  const fSize = riverSizeFactor(orZero(c.flowM3s));
  // both are needed: a wide floodplain of a trickle floods little, a large river in a gorge floods little land
  const fRiver = Math.sqrt(fPlain * fSize);
  const pWet = wettestMonth(c, ctx);
  const fWet = ramp(pWet, WET_MONTH_MM[0], WET_MONTH_MM[1]);
  // steep, wet catchments add flash floods on streams too small for the network
  const fFlash = ramp(c.relief, 300, 2000) * fWet;
  put(t, "share of land in a river floodplain", orZero(c.floodplainShare));
  put(t, "share of land low-lying (≤ 10 m) and joined to the sea", orZero(c.lowShare));
  put(t, "floodplain factor ramp(share, 0, 0.3)", fPlain);
  put(t, "drainage area of the largest river", orZero(c.upstreamKm2), "km²");
  put(t, "mean flow of that river", orZero(c.flowM3s), "m³/s");
  put(t, "river-size factor ramp(log10 flow, 3 → 10,000 m³/s)", fSize);
  put(t, STEP.riverFactor, fRiver);
  put(t, STEP.pWettest, pWet, "mm");
  put(t, "wetness factor", fWet);
  put(t, STEP.flashFactor, fFlash);
  // rivers and floodplains lie on land free of permanent ice: an ice sheet has no floodplain however it drains
  const iceFree = 1 - clamp01(orZero(c.iceShare));
  put(t, STEP.iceFree, iceFree);
  return clamp01((1.2 * fRiver * (0.7 + 0.3 * fWet) + 0.2 * fFlash) * iceFree);
}

/** Landslide ramps: mean 2′ slope (°), relief (m) and the wettest month's rain (mm) from none to full. */
export const LS_SLOPE_DEG: readonly [number, number] = [1, 8];
/**
 * How much steeper a point's steepest slope within one pixel is than its own pixel's slope over land: the median
 * ratio of matching quantiles (50-99 %) of the two on a 0.5° lattice of land points above 50 m (1.77, 1.82, 1.69,
 * 1.66, 1.53; bench/landslide-slope.bench.ts). A point's slope ramp is LS_SLOPE_DEG scaled by it, so the steepest
 * slope moves landslide towards the valley floors below steep sides without raising it over land as a whole.
 */
export const LS_STEEP_SLOPE_SCALE = 1.69;
export const LS_STEEP_SLOPE_DEG: readonly [number, number] = [
  LS_SLOPE_DEG[0] * LS_STEEP_SLOPE_SCALE,
  LS_SLOPE_DEG[1] * LS_STEEP_SLOPE_SCALE,
];
export const LS_RELIEF_M: readonly [number, number] = [100, 1500];
/** Wettest month's rain (mm) over which the wetness factor of landslide and river flood rises. */
export const WET_MONTH_MM: readonly [number, number] = [30, 300];

export function landslide(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasPrecip(c) || !hasElev(c) || !hasClimate(c)) return NO_DATA;
  // the v1 thresholds 0.5°-4° were set on ETOPO5's 5′ slopes; on the 2′ relief the same terrain measures
  // ≈ 2× steeper (quantile ratio over all land, manifest calibration.relief), so the thresholds scale with it
  // a point reads the steeper of its own ground and the slopes above it (each on its own scale): a valley floor
  // below steep sides takes their factor, a slope no less than its own
  const steep = c.slopeSteep;
  const fOwn = ramp(c.slopeMean, LS_SLOPE_DEG[0], LS_SLOPE_DEG[1]);
  const fSlope =
    steep !== undefined && Number.isFinite(steep)
      ? Math.max(fOwn, ramp(steep, LS_STEEP_SLOPE_DEG[0], LS_STEEP_SLOPE_DEG[1]))
      : fOwn;
  const fRelief = ramp(c.relief, LS_RELIEF_M[0], LS_RELIEF_M[1]);
  const pWet = wettestMonth(c, ctx);
  const fWet = ramp(pWet, WET_MONTH_MM[0], WET_MONTH_MM[1]);
  put(t, "mean slope (2′ relief, ~3.7 km baseline)", c.slopeMean, "°");
  if (steep !== undefined && Number.isFinite(steep)) put(t, STEP.steepSlope, steep, "°");
  put(t, "slope factor", fSlope);
  put(t, "relief factor", fRelief);
  put(t, STEP.pWettest, pWet, "mm");
  put(t, "wetness factor", fWet);
  return clamp01((0.6 * fSlope + 0.4 * fRelief) * (0.35 + 0.65 * fWet));
}

/**
 * Dry months of the year by Gaussen's rule (a month is dry when its rain in mm is below twice its mean temperature
 * in °C; Bagnouls & Gaussen 1957, the ombrothermic diagram), on a year drawn through the two observed months:
 * rain a sinusoid from the wetter to the drier of July and December, peaking in the wetter one's half of the year,
 * and temperature the twelve months of `monthlyTemperatures`. Counted in quarter months. A sinusoid through the
 * wettest and driest months is fuller than a monsoon's peaked rains, so long dry seasons come out short (Kano
 * ≈ 4 of its 7 months, Perth ≈ 3 of 5).
 */
/**
 * Rain of month m (0 = January, fractional months allowed), mm, on a sinusoid from the wetter to the drier of July
 * and December, peaking in the wetter one's half of the year: July's (month 6) or the southern summer's (month 0,
 * as the temperatures of `monthlyTemperatures`).
 */
export function rainOfMonth(c: CellInputs, m: number): number {
  const hi = Math.max(c.pJul, c.pDec),
    lo = Math.min(c.pJul, c.pDec);
  const peak = c.pJul >= c.pDec ? 6 : 0;
  return (hi + lo) / 2 + ((hi - lo) / 2) * Math.cos((2 * Math.PI * (m - peak)) / 12);
}

export function dryMonths(c: CellInputs, warming: number): number {
  const T = monthlyTemperatures(c, warming);
  const STEPS = 4;
  let dry = 0;
  for (let i = 0; i < 12 * STEPS; i++) {
    const m = i / STEPS;
    const p = rainOfMonth(c, m);
    const m0 = Math.floor(m),
      f = m - m0;
    const t = T[m0]! * (1 - f) + T[(m0 + 1) % 12]! * f;
    if (p < 2 * Math.max(t, 0)) dry += 1 / STEPS;
  }
  return dry;
}

/**
 * Dry months over which the fire-season factor rises. Fire needs a dry season that cures the fuel, not one dry
 * month: tropical forest climates have up to about two arid months, savannas from two and a half (wet) to five
 * and more (dry; Walter & Lieth's climate diagrams, Walter 1973); full at 4.5 modelled months, as the sinusoid
 * reads long dry seasons short (`dryMonths`).
 */
export const WF_DRY_MONTHS: readonly [number, number] = [2, 4.5];

/**
 * Built-up share of a cell over which wildland fuel goes: none lost while most of the cell is still open land (the
 * wildland-urban interface of Madrid, Sacramento or Los Angeles burns), none left where built-up land dominates.
 */
export const WF_URBAN_SHARE: readonly [number, number] = [0.4, 0.6];

/** Hottest-month mean (°C) over which the heat factor of wildfire rises. */
export const WF_HEAT_C: readonly [number, number] = [12, 30];
/** Annual rain (mm) that grows fuel: none below the first, full between the second and third, none beyond the fourth. */
export const WF_FUEL_MM: readonly [number, number, number, number] = [100, 400, 1500, 3000];

/**
 * Continental fire summers (boreal forest and its dry margins). The boreal forest burns in crown fires after warm,
 * long summer days whose rain falls short of the evaporative demand dry its floor (the Canadian Drought Code
 * accumulates so): area burned in Canada follows the summer moisture deficit (Girardin & Wotton 2009, J. Appl.
 * Meteor. Climatol. 48: 517-533), and the interior boreal zones of Alaska, the Yukon, the Northwest Territories
 * and Yakutia burn about 0.5-1 % of their land a year, as much as the Mediterranean's fire-prone lands (Stocks et
 * al. 2002, J. Geophys. Res. 107: 8149). Such summers have no dry month by Gaussen's rule, so they get a path of
 * their own: the summer rain shortfall of the hottest month (1 − rain / Thornthwaite PET), in a continental climate
 * (a large annual range: maritime climates with the same shortfall, from Ireland to coastal Norway and British
 * Columbia, keep damp fuels and burn little), where the warmest month is warm enough for forest (the 10 °C July
 * isotherm of the tree line; forest-tundra up to about 16 °C). Thornthwaite's day-length correction overstates
 * PET under the midnight sun, which the forest factor's slow rise from the tree line tempers.
 */
export const WF_SUMMER_SHORTFALL: readonly [number, number] = [0.3, 0.8];
/**
 * The most a continental fire summer gives (Severe, not Extreme): boreal fire returns every 50-200 years in a
 * stand (Stocks et al. 2002), 40-80 in central Yakutia's larch, against 1-5 years in the savannas that the top band
 * is kept for.
 */
export const WF_CONTINENTAL_MAX = 0.75;
/** Annual range (°C) over which a climate goes from maritime (no continental fire summer) to fully continental. */
export const WF_CONTINENTAL_RANGE_C: readonly [number, number] = [25, 40];
/** Warmest-month mean (°C) from the tree line to closed forest. */
export const WF_FOREST_C: readonly [number, number] = [10, 16];

/** The continental fire-summer factor before fuel (see WF_SUMMER_SHORTFALL); 0 where the climate is not continental. */
function continentalFireSummer(c: CellInputs, ctx: SlotContext, t?: Trace): number {
  const range = hottestMonth(c) - coldestMonth(c);
  put(t, STEP.annualRange, range, "°C");
  const fContinental = ramp(range, WF_CONTINENTAL_RANGE_C[0], WF_CONTINENTAL_RANGE_C[1]);
  if (fContinental <= 0) return 0;
  const m = hotMonthOf(c);
  const tHot = hottestMonth(c) + landWarming(ctx);
  const pet = baselinePet(c).hotMonthPet * (1 + PET_PER_C * landWarming(ctx));
  const rain = rainOfMonth(c, m);
  const shortfall = pet > 0 ? 1 - rain / pet : 0;
  put(t, STEP.pHotMonth, rain, "mm");
  put(t, STEP.petHotMonth, pet, "mm");
  put(t, STEP.summerShortfall, shortfall);
  return Math.min(
    WF_CONTINENTAL_MAX,
    fContinental *
      ramp(shortfall, WF_SUMMER_SHORTFALL[0], WF_SUMMER_SHORTFALL[1]) *
      ramp(tHot, WF_FOREST_C[0], WF_FOREST_C[1]),
  );
}

export function wildfire(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasPrecip(c) || !hasClimate(c)) return NO_DATA;
  const tHot = hottestMonth(c) + landWarming(ctx);
  // warmer months raise Gaussen's threshold (twice the temperature): the dry season lengthens with warming
  const dry = dryMonths(c, landWarming(ctx));
  const pAnn = annualPrecip(c);
  const fHeat = ramp(tHot, WF_HEAT_C[0], WF_HEAT_C[1]);
  const fDry = ramp(dry, WF_DRY_MONTHS[0], WF_DRY_MONTHS[1]);
  // wildland fuel: grass and shrub need some rain, and dense cities have none (streets and roofs do not carry a fire
  // front; urban conflagrations are a different hazard)
  const urban = clamp01(orZero(c.urbanShare));
  const fFuel =
    ramp(pAnn, WF_FUEL_MM[0], WF_FUEL_MM[1]) *
    ramp(pAnn, WF_FUEL_MM[3], WF_FUEL_MM[2]) *
    ramp(urban, WF_URBAN_SHARE[1], WF_URBAN_SHARE[0]);
  put(t, STEP.urban, urban);
  put(t, STEP.tWarmSeason, tHot, "°C");
  put(t, STEP.dryMonths, dry, "months");
  put(t, STEP.pFuel, pAnn, "mm");
  put(t, STEP.wfHeat, fHeat);
  put(t, STEP.wfDrySeason, fDry);
  const fSummer = continentalFireSummer(c, ctx, t);
  put(t, STEP.wfContinental, fSummer);
  put(t, STEP.wfFuel, fFuel);
  return clamp01(Math.max(Math.sqrt(fHeat) * fDry, fSummer) * fFuel);
}

/**
 * Share of full extreme-rainfall exposure that tropical cyclones bring where they make landfall: a monthly mean
 * does not show the storm totals of a landfalling cyclone (Harvey 2017 at Houston: > 1,000 mm in four days, in a
 * city whose wettest month averages ≈ 130 mm). Tropical cyclones give 30-50 % of extreme daily rain on such coasts
 * (Khouakhi, Villarini & Vecchi 2017, J. Climate 30: 359-372).
 */
export const ER_TC_SHARE = 0.6;

/** Wettest month's rain (mm, incl. warming) over which extreme rainfall rises: 60 → 0, 450 → 1. */
export const ER_PWET_MM: readonly [number, number] = [60, 450];

export function extremeRainfall(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasPrecip(c) || !hasClimate(c)) return NO_DATA;
  const pWet = wettestMonth(c, ctx);
  put(t, STEP.pWettest, pWet, "mm");
  const fMonth = ramp(pWet, ER_PWET_MM[0], ER_PWET_MM[1]);
  const tc = hasElev(c) ? tropicalCyclone(c, ctx) : 0;
  const fTc = ER_TC_SHARE * (typeof tc === "number" ? tc : 0);
  put(t, STEP.tcRain, fTc);
  return clamp01(1 - (1 - fMonth) * (1 - fTc));
}

/** Months of ≥ 26.5 °C sea offshore mapped to the warm-sea factor (0 at the first, 1 at the second). */
export const TC_SST_MONTHS: readonly [number, number] = [0.5, 5];

/**
 * Cyclone basins (prior weights from climatological storm frequency); none in the South Atlantic or SE Pacific.
 * Edges follow where storms make landfall, not where they form: Atlantic hurricanes strengthen west of 25° W
 * (none reach West Africa), Arabian Sea cyclones rarely enter the Gulf of Aden (west of 52° E), and typhoons
 * rarely enter the Gulf of Thailand (west of 105° E).
 */
export function tcBasin(lat: number, lon: number): { name: string; weight: number; poleward: [number, number] } | null {
  if (lat >= 0) {
    // the Central Pacific sees 4-5 tropical cyclones a year against the East Pacific's ≈ 15 (NOAA CPHC), and
    // Hawaii's landfalls are rare (Dot 1959, Iniki 1992)
    if (lon >= -180 && lon < -140) return { name: "Central Pacific", weight: 0.5, poleward: [30, 50] };
    if (lon >= -140 && lon < -25) return { name: "North Atlantic / East Pacific", weight: 0.85, poleward: [30, 50] };
    // typhoons keep their strength further poleward over the Kuroshio: landfalls in Kanto at 35° N (Faxai and
    // Hagibis, 2019); the taper starts there rather than at 30° N
    if (lon >= 105 && lon <= 180) return { name: "West Pacific", weight: 1, poleward: [35, 50] };
    // the Bay of Bengal sees several times more cyclones than the Arabian Sea
    if (lon >= 78 && lon < 100) return { name: "North Indian (Bay of Bengal)", weight: 0.8, poleward: [25, 38] };
    if (lon >= 52 && lon < 78) return { name: "North Indian (Arabian Sea)", weight: 0.4, poleward: [25, 38] };
    return null;
  }
  if (lon >= 30 && lon < 110) return { name: "South Indian", weight: 0.65, poleward: [25, 38] };
  if (lon >= 110 || lon < -130) return { name: "Australia / South Pacific", weight: 0.7, poleward: [25, 38] };
  return null;
}

/** Latitudes (°) between which cyclones go from absent (no Coriolis spin-up near the equator) to fully possible. */
export const TC_EQUATOR_LAT: readonly [number, number] = [7, 14];
/**
 * Poleward of 20-30° storms arrive after recurving from warm water far to the south: this share of full
 * exposure stands even where the nearby sea is never 26.5 °C.
 */
export const TC_RECURVATURE = 0.35;

/** Cyclone exposure at the coast, without the inland decay. */
export function tcCoastalExposure(c: CellInputs, t?: Trace): number {
  const basin = tcBasin(c.lat, c.lon);
  if (!basin) {
    put(t, STEP.tcNoBasin, 0);
    return 0;
  }
  const a = Math.abs(c.lat);
  // no cyclone forms or makes landfall within a few degrees of the equator (no Coriolis spin-up)
  const fLat = ramp(a, TC_EQUATOR_LAT[0], TC_EQUATOR_LAT[1]) * ramp(a, basin.poleward[1], basin.poleward[0]);
  const months = orZero(c.sstMonths);
  const fWarm = Math.max(ramp(months, TC_SST_MONTHS[0], TC_SST_MONTHS[1]), TC_RECURVATURE * ramp(a, 20, 30));
  put(t, `${STEP.tcBasin} (${basin.name})`, basin.weight);
  put(t, STEP.tcLatitude, fLat);
  put(t, STEP.tcSstMonths, months);
  put(t, "warm-sea factor", fWarm);
  return basin.weight * fLat * fWarm;
}

/** Cyclone exposure decays inland: e-folding distance, km. */
export const TC_INLAND_KM = 250;

export function tropicalCyclone(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!hasClimate(c) || !hasElev(c)) return NO_DATA;
  const coast = tcCoastalExposure(c, t);
  const fInland = Math.exp(-c.coastKm / TC_INLAND_KM);
  put(t, "distance to coast", c.coastKm, "km");
  put(t, "inland decay exp(−d/250 km)", fInland);
  return clamp01(coast * fInland * (1 + TC_WARMING_GAIN * ctx.dT));
}

/**
 * Sea level and surge on a physical scale: the ground against a still-water level in metres above today's mean sea
 * level (the relief's datum, a late-20th-century sea level). The water: mean higher high water (half the tidal
 * range of the nearest usable tide station; SEA_DEFAULT_TIDE_M without one) plus, for storm surge, a storm-surge
 * height from the storm climate, plus the slot's sea-level rise above today's (AR6 global medians; the historical
 * slot adds none). The ground: the share of the cell's land below that level, from its land at or below 10 m joined
 * to the sea, narrowed where its slope makes the 0-10 m band thinner than the grid's pixel, with heights spread
 * evenly from high water to 10 m (the relief resolves no finer steps near sea level, for a hexagon or a point).
 * Land begins at high water, not at 0 m: the shoreline that divides land from sea (GSHHG, built on the World Vector
 * Shoreline) is drawn at mean high water, so no land lies below today's high tide except behind defences, which no
 * input here shows. The tide raises the water and the land's edge alike: it never makes land exposed by itself.
 *
 * Vertical land motion (glacial uplift in Fennoscandia and Alaska, delta subsidence) is not in any installable
 * source: relative sea level is global everywhere, so no cell reads Extreme (values stop below 0.8).
 */
export const LOW_LYING_M = 10;
export const SEA_DEFAULT_TIDE_M = 1;
/**
 * Reef islands: a cell whose land only the 1′ shoreline outlines hold (no 2′ pixel of the relief is land: atolls, cays
 * and reef islets, narrower than the grids) in a sea at 26.5 °C or warmer for REEF_SST_MONTHS months a year or more,
 * where coral builds such islands, is low land throughout: its land lies between high water and REEF_ISLAND_TOP_M.
 * Atoll islands stand a few metres above the sea, most of their land below 3-4 m (Woodroffe 2008, Global and
 * Planetary Change 62: 77-96; the Maldives' highest natural ground is about 2.4 m).
 */
export const REEF_ISLAND_TOP_M = 4;
export const REEF_SST_MONTHS = 6;

/** Top of the cell's low band, m. */
export function lowTopM(c: CellInputs): number {
  return c.lowTopM !== undefined && Number.isFinite(c.lowTopM) ? c.lowTopM : LOW_LYING_M;
}
/**
 * Storm-surge heights, m: a base on every coast, up to SURGE_TC_M more under intense tropical cyclones, and up to
 * SURGE_ETC_M more under the winter storms of 35°-60° latitude. The heights are set to the ranges that published
 * 100-year surges take by storm climate (below); no extreme-value fit to tide-gauge or model records stands behind a
 * place's height, so the product names no return period for it. Global surge reanalysis (GTSR, Muis et
 * al. 2016, Nature Communications 7: 11969): 100-year surges ≈ 0.5-1.5 m on most coasts, 2-3 m and more on the North Sea
 * and the Baltic's gulfs (the Netherlands 1953, Hamburg 1962, Saint Petersburg 1824 and 1924), 3-5 m and more on cyclone coasts (Bay of Bengal, Gulf of Mexico).
 */
export const SURGE_BASE_M = 0.5;
export const SURGE_TC_M = 4;
export const SURGE_ETC_M = 2.5;
/** Latitudes over which winter-storm surges grow to full (the storm belts of the North Sea, the Baltic, Patagonia). */
export const SURGE_ETC_LAT: readonly [number, number] = [35, 55];
/**
 * Surge decays inland over low land (≈ 4-25 cm per km over marsh; Wamsley et al. 2010): e-folding distances, km.
 * A winter-storm surge lasts a day or more and travels far up estuaries (Hamburg 1962, 100 km up the Elbe): the base
 * and winter-storm parts fall over SURGE_INLAND_KM. A tropical cyclone's surge passes within hours, so it cannot run
 * as far overland before it ebbs: its part falls over SURGE_TC_INLAND_KM, which takes a 4.5 m surge down by 6 cm per
 * km at the shore, within the marsh range (over 150 km it would lose 3 cm per km, below it).
 */
export const SURGE_INLAND_KM = 150;
export const SURGE_TC_INLAND_KM = 75;
/** Share of land below the extreme still-water level at which the storm-surge value is full. */
export const SS_SHARE_FULL = 0.2;
/**
 * Share of land that the slot's rise brings below the high-tide line at which the sea-level-rise value is full:
 * 2.5 %, what a quarter of a metre of rise takes of a flat shore whose land is all low-lying (0.25 m of its band from
 * high water to 10 m), about the AR6 median rise above today's by 2050 under RCP8.5 (0.23 m). A screening scale: the
 * most exposed shores read Severe under the highest rise modelled here, and less rise or less low land reads less.
 */
export const SL_SHARE_FULL = 0.025;
/** Low-lying share and tidal range (m) of the reference shore on which the storm-surge bands are stated in metres. */
export const SS_PROBE_LOW_SHARE = 0.5;
export const SS_PROBE_TIDE_M = 2;
/**
 * Highest storm-surge and sea-level-rise value: never Extreme (band 5 starts at 0.8). The top band would claim more
 * than the inputs resolve: the relief gives no heights within the 0-10 m band, so the land below a water level is a
 * share spread evenly over it (both hazards), and no installable source publishes vertical land motion, which moves
 * relative sea level (sea-level rise). The scale is compressed to it rather than cut, so that places keep their order.
 */
export const COASTAL_VALUE_CAP = 0.795;

/** Rise of the slot's sea level above today's (the relief's datum), m. */
export function seaLevelAboveToday(ctx: SlotContext): number {
  return Math.max(0, ctx.slr - HISTORICAL_SLR_M);
}

export function highWaterM(c: CellInputs): number {
  return (Number.isFinite(c.tideM) ? c.tideM : SEA_DEFAULT_TIDE_M) / 2;
}

/**
 * Coastal relief (m) over which the surge height falls from full to SURGE_STEEP_SHARE of it. A storm surge is wind
 * set-up, which grows with the fetch over shallow water and falls with its depth (set-up ∝ wind stress × fetch /
 * depth; Pugh & Woodworth 2014, Sea-Level Science, ch. 7): flat coasts front broad shallow shelves (the North Sea,
 * the Bay of Bengal, the Gulf of Mexico, the Baltic's gulfs), steep ones narrow deep water (fjords, volcanic
 * islands, mountain coasts), where 100-year surges stay below ≈ 1 m (GTSR, Muis et al. 2016).
 */
export const SURGE_SHELF_RELIEF_M: readonly [number, number] = [150, 1500];
export const SURGE_STEEP_SHARE = 0.35;

/** Share of the storm surge that the coast's shelf lets build: 1 on flat coasts, SURGE_STEEP_SHARE on steep ones. */
export function surgeShelfFactor(c: CellInputs): number {
  const relief = Number.isFinite(c.relief) ? c.relief : 0;
  return 1 - (1 - SURGE_STEEP_SHARE) * ramp(relief, SURGE_SHELF_RELIEF_M[0], SURGE_SHELF_RELIEF_M[1]);
}

/** Storm-surge height at the coast, m, lower on steep coasts, decaying inland. */
export function surgeHeightM(c: CellInputs): number {
  const fTc = tcCoastalExposure(c);
  const fEtc = ramp(Math.abs(c.lat), SURGE_ETC_LAT[0], SURGE_ETC_LAT[1]);
  const coastKm = Number.isFinite(c.coastKm) ? c.coastKm : 0;
  const estuaryDecay = Math.exp(-coastKm / SURGE_INLAND_KM);
  const cycloneDecay = Math.exp(-coastKm / SURGE_TC_INLAND_KM);
  const stormPart = Math.max(SURGE_TC_M * fTc * cycloneDecay, SURGE_ETC_M * fEtc * estuaryDecay);
  return (SURGE_BASE_M * estuaryDecay + stormPart) * surgeShelfFactor(c);
}

/** The slot's extreme still-water level above today's mean sea level, m. */
export function extremeStillWaterM(c: CellInputs, ctx: SlotContext): number {
  return highWaterM(c) + surgeHeightM(c) + seaLevelAboveToday(ctx);
}

/**
 * Width of a 2′ pixel of the relief that finds the low land, m (≈ 3.7 km). On a slope the band from 0 to 10 m is
 * 10 m / tan(slope) wide: on steep coasts (fjords, volcanic islands) it is far narrower than one pixel, so the grid's
 * low-lying share overstates the land that lies that low by the ratio of the two widths.
 */
export const LOW_PIXEL_M = 3700;

/** Share of the cell's land at or below 10 m that the slope lets lie that low: 1 on flat land, less on steep. */
export function lowBandResolved(c: CellInputs): number {
  const slope = Number.isFinite(c.slopeMean) ? c.slopeMean : 0;
  if (slope <= 0) return 1;
  return Math.min(1, lowTopM(c) / Math.tan((slope * Math.PI) / 180) / LOW_PIXEL_M);
}

/**
 * Share of the cell's land below a water level (m above today's mean sea level): its land at or below 10 m joined
 * to the sea (for a point, or its place in the band beside the shore where that is more: shoreBandShare), narrowed by
 * its slope, with heights spread evenly from high water (where the shoreline, and so the
 * land, begins) to the top of its low band (10 m; REEF_ISLAND_TOP_M on a reef island); within that band the relief
 * gives no finer heights, for a cell or a point.
 */
export function landShareBelow(c: CellInputs, levelM: number): number {
  return (
    clamp01(Math.max(c.lowShare, c.shoreBandShare ?? 0)) * lowBandResolved(c) * ramp(levelM, highWaterM(c), lowTopM(c))
  );
}

/**
 * Where a point stands in the band of low land beside the sea. The 2′ relief calls a pixel low-lying only when its
 * mean height is, so a shore whose pixel also holds a hill behind it has no low land on that grid, though its
 * ground rises from the high-tide line like any other: on the point's slope the band from there to `topM` is
 * topM / tan(slope) wide. A point takes 1 at the shore, falling linearly to 0 at the band's inland edge or at one
 * pixel from the sea (`coastKm`, the distance to the sea's 2′ pixels), whichever is nearer: a band wider than a
 * pixel would make the pixel itself low-lying, which the grid, reading its height, did not find, so the band adds
 * only what lies within the pixel's reach, and fades to nothing where the grid's own reading takes over.
 */
export function shoreBandShare(coastKm: number | null, slopeDeg: number, topM = LOW_LYING_M): number {
  if (coastKm === null || !Number.isFinite(coastKm)) return 0;
  const widthM = slopeDeg > 0 ? Math.min(LOW_PIXEL_M, topM / Math.tan((slopeDeg * Math.PI) / 180)) : LOW_PIXEL_M;
  return clamp01(1 - (coastKm * 1000) / widthM);
}

/**
 * Storm surge: the share of the land below the slot's extreme still-water level (high water + surge height +
 * sea-level rise above today's), full at SS_SHARE_FULL, compressed below Extreme (COASTAL_VALUE_CAP).
 */
export function stormSurge(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!c.coastalPlain) return NOT_APPLICABLE;
  if (!hasElev(c) || !hasClimate(c)) return NO_DATA;
  const surge = surgeHeightM(c);
  const level = extremeStillWaterM(c, ctx);
  const share = landShareBelow(c, level);
  put(t, "low-lying (≤10 m) share of land", c.lowShare);
  put(t, STEP.lowTop, lowTopM(c), "m");
  put(t, STEP.tidalRange, Number.isFinite(c.tideM) ? c.tideM : -1, "m");
  put(t, STEP.highWater, highWaterM(c), "m");
  put(t, "shelf factor (steep coasts, deep water: less wind set-up)", surgeShelfFactor(c));
  put(t, STEP.surge, surge, "m");
  put(t, STEP.slr, ctx.slr, "m");
  put(t, STEP.esl, level, "m");
  put(t, STEP.shareBelowEsl, share);
  return COASTAL_VALUE_CAP * ramp(share, 0, SS_SHARE_FULL);
}

export function seaLevelRiseHazard(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (!c.coastalPlain) return NOT_APPLICABLE;
  if (!hasElev(c)) return NO_DATA;
  // the high-tide line of the slot: land below it floods at every high tide unless defended. Today's line is where
  // the land begins, so only the rise above today's brings land below it (none in the historical slot)
  const level = highWaterM(c) + seaLevelAboveToday(ctx);
  const share = landShareBelow(c, level);
  put(t, "low-lying (≤10 m) share of land", c.lowShare);
  put(t, STEP.lowTop, lowTopM(c), "m");
  put(t, STEP.tidalRange, Number.isFinite(c.tideM) ? c.tideM : -1, "m");
  put(t, STEP.highWater, highWaterM(c), "m");
  put(t, STEP.slr, ctx.slr, "m");
  put(t, STEP.shareBelowHighWater, share);
  return COASTAL_VALUE_CAP * ramp(share, 0, SL_SHARE_FULL);
}

/** Relative change of annual rain over which precipitation change rises: 3 % → 0, 30 % → 1. */
export const PC_CHANGE: readonly [number, number] = [0.03, 0.3];

export function precipitationChange(c: CellInputs, ctx: SlotContext, t?: Trace): HazardValue {
  if (ctx.hist) return NOT_APPLICABLE;
  if (!hasPrecip(c) || !hasClimate(c)) return NO_DATA;
  const { ai } = aridity(c, { ...ctx, dT: 0 }, t);
  const s = seasonality(c);
  const r = landWarming(ctx) * (0.02 + 0.04 * s + 0.03 * ramp(ai, 1.2, 0.2));
  put(t, STEP.seasonality, s);
  put(t, STEP.pcChange, r);
  return ramp(r, PC_CHANGE[0], PC_CHANGE[1]);
}

export type HazardFn = (c: CellInputs, ctx: SlotContext, t?: Trace) => HazardValue;

/** Where a hazard cannot occur, why (the explanation's note). */
const COASTAL_ONLY =
  "not applicable here: the cell is neither on the coast nor on low land (≤ 20 m) joined to it within 200 km";

export const HAZARD_FORMULAS: Readonly<
  Record<PerHazardId, { fn: HazardFn; confidence: Confidence; formula: string; notApplicable?: string }>
> = {
  CS: { fn: coldSpell, confidence: "grounded", formula: "ramp(Tcoldest month + 1.45·ΔT, 0 °C → 0, −30 °C → 1)" },
  HW: {
    fn: heatWave,
    confidence: "grounded",
    formula:
      "ramp(Thottest month + 1.45·ΔT + DTR/2, 27 °C → 0, 42 °C → 1), DTR = 16 → 7 °C as the hot month's rain goes 10 → 200 mm, × (1 − 0.4·e^(−d/50 km)) near the sea",
  },
  LS: {
    fn: landslide,
    confidence: "proxy",
    formula: "(0.6·ramp(slope,1°,8°) + 0.4·ramp(relief,100,1500 m)) × (0.35 + 0.65·ramp(Pwet,30,300 mm))",
  },
  WF: {
    fn: wildfire,
    confidence: "proxy",
    formula: `max(√ramp(Thot,${WF_HEAT_C[0]},${WF_HEAT_C[1]} °C) × ramp(dry months (P < 2T), ${WF_DRY_MONTHS[0]} → ${WF_DRY_MONTHS[1]}), min(${WF_CONTINENTAL_MAX}, ramp(annual range, ${WF_CONTINENTAL_RANGE_C[0]} → ${WF_CONTINENTAL_RANGE_C[1]} °C) × ramp(1 − Phot/PEThot, ${WF_SUMMER_SHORTFALL[0]} → ${WF_SUMMER_SHORTFALL[1]}) × ramp(Thot, ${WF_FOREST_C[0]} → ${WF_FOREST_C[1]} °C))) × fuel(Pann) × ramp(urban share, ${WF_URBAN_SHARE[1]} → 0, ${WF_URBAN_SHARE[0]} → 1)`,
  },
  FD: {
    fn: riverFlood,
    confidence: "proxy",
    formula:
      "(1.2 × √(ramp(max(floodplain share, low-lying share), 0, 0.3) × ramp(log10 mean flow below the last lake, 3 → 10,000 m³/s)) × (0.7 + 0.3·wet) + 0.2·ramp(relief,300,2000 m)·wet) × (1 − ice share)",
  },
  DR: {
    fn: drought,
    confidence: "proxy",
    formula:
      "(0.75·ramp(P/PET, 0.65 → 0.2) + 0.25·seasonality·ramp(P/PET, 2.5 → 0.5)) × ramp(baseline months > 5 °C, 1 → 4), PET by Thornthwaite + 3 %/°C of land warming, P + 5 %/°C poleward of 45°-60°",
  },
  SS: {
    fn: stormSurge,
    confidence: "proxy",
    formula:
      "0.795 × ramp(share of land below the extreme still-water level (tidal range/2 + surge + SLR above today), 0 → 20 %); surge = (0.5 m + max(4 m·TC, 2.5 m·ramp(|lat|, 35° → 55°))) × ramp(relief, 150 → 1,500 m: 1 → 0.35) × e^(−d/150 km); land ≤ 10 m × min(1, (10 m / tan slope) / 3.7 km), spread from high water (the shoreline) to 10 m (heights within 0-10 m unresolved: never Extreme)",
    notApplicable: COASTAL_ONLY,
  },
  ER: {
    fn: extremeRainfall,
    confidence: "proxy",
    formula: "1 − (1 − ramp(Pwet·(1 + 0.07·1.45·ΔT), 60 → 450 mm))·(1 − 0.6·TC)",
  },
  TC: {
    fn: tropicalCyclone,
    confidence: "proxy",
    formula:
      "basin × lat × max(ramp(months of SST ≥ 26.5 °C, 0.5 → 5), 0.35·ramp(|lat|, 20°, 30°)) × e^(−d/250 km) × (1 + 0.05·ΔT)",
  },
  PC: {
    fn: precipitationChange,
    confidence: "proxy",
    formula: "ramp(1.45·ΔT·(0.02 + 0.04·seasonality + 0.03·aridity), 0.03 → 0.3)",
    notApplicable: "not applicable in the historical period: change is measured from it",
  },
  SL: {
    fn: seaLevelRiseHazard,
    confidence: "grounded",
    formula:
      "ramp(share of land below (tidal range/2 + SLR above today), 0 → 2.5 %) × 0.795; land ≤ 10 m × min(1, (10 m / tan slope) / 3.7 km), spread from high water (the shoreline) to 10 m, so only the rise above today brings land below the high-tide line (none in 1950-1999) (no vertical land motion: never Extreme)",
    notApplicable: COASTAL_ONLY,
  },
};

/** Aggregate rule: mean of the three highest applicable hazard values (fewer if fewer apply). */
export function aggregate(values: readonly HazardValue[]): HazardValue {
  const nums = values.filter((v): v is number => typeof v === "number").sort((a, b) => b - a);
  if (!nums.length) return values.some((v) => v === NO_DATA) ? NO_DATA : NOT_APPLICABLE;
  const top = nums.slice(0, 3);
  return top.reduce((s, v) => s + v, 0) / top.length;
}
