/**
 * Where the inputs cannot see a hazard. Rain is stored for July and December only (the 10′ climatology's two months,
 * app/risk/formulas.ts): extreme rainfall reads the wetter of the two, drought estimates the year's rain from them. That holds
 * where the rainy season peaks in one of those months (monsoons, mid-latitude winters) and fails in two kinds of
 * climate, which a point can recognise from its own inputs; there an answer says so beside the score. Pure.
 */
/** The words that introduce a note of where the inputs cannot see, wherever a score shows one. */
export const INPUT_LIMIT_LABEL = "Limited here";

/** A reason followed by the note of where the inputs cannot see, when there is one. */
export function withLimitNote(reason: string, note: string | undefined): string {
  return note ? `${reason} ${INPUT_LIMIT_LABEL}: ${note}` : reason;
}

/** What the rule reads of a place: its latitude and its July and December rain, mm. */
export interface RainInputs {
  lat: number;
  pJul: number;
  pDec: number;
}

/**
 * Latitudes within which the tropical rain belt (the ITCZ) passes overhead twice a year, so that most places have two
 * rainy seasons, near March-May and October-November, between the two months the inputs hold (East Africa's long and
 * short rains, the Colombian Andes, the Guinea coast, the rim of the Congo basin).
 */
export const TWO_SEASON_MAX_LAT = 10;
/**
 * A month this wet (mm) lies within a rainy season the inputs see (a monsoon's peak, the wet side of a one-season
 * climate near the equator's edge, a place wet all year): no note there.
 */
export const TWO_SEASON_SEEN_MM = 150;

/**
 * A winter-rain (Mediterranean) climate: a dry summer month and a wet winter month, between these latitudes (north
 * or south). Its heaviest rain comes with autumn storms (September-November: the Valencia floods of October 2024,
 * the Cévennes' and Liguria's autumn floods), and much of its year's rain in autumn and spring.
 */
export const WINTER_RAIN_LAT: readonly [number, number] = [28, 46];
/** The summer month is dry below this, mm. */
export const WINTER_RAIN_DRY_SUMMER_MM = 30;
/** The winter month has at least this much, mm, and at least WINTER_RAIN_RATIO times the summer month's. */
export const WINTER_RAIN_WET_WINTER_MM = 25;
export const WINTER_RAIN_RATIO = 3;

export type InputLimitHazard = "ER" | "DR";

export type InputLimitKind = "two_rainy_seasons" | "winter_rain";

export const INPUT_LIMIT_NOTES: Record<InputLimitKind, Record<InputLimitHazard, string>> = {
  two_rainy_seasons: {
    ER: "The inputs hold July and December rain only. Near the equator the rain belt passes twice a year and the wettest months often fall between those two (March to May, October-November), so rain extremes here may be read too low.",
    DR: "The year's rain is estimated from July and December alone. Near the equator the wettest months often fall between those two (March to May, October-November), so the year's total, and drought with it, may be misread here.",
  },
  winter_rain: {
    ER: "The inputs hold July and December rain only. In this winter-rain climate the heaviest rain comes with autumn storms (September to November), which neither month sees, so rain extremes here may be read too low.",
    DR: "The year's rain is estimated from a dry summer month and a wet winter month. In this winter-rain climate much of the year's rain falls in autumn and spring, which neither month sees, so the year's total may be read too low and drought too high.",
  },
};

/** Which of the two climates a place's inputs show, or null. */
export function inputLimitKind(c: RainInputs): InputLimitKind | null {
  if (!Number.isFinite(c.lat) || !Number.isFinite(c.pJul) || !Number.isFinite(c.pDec)) return null;
  const absLat = Math.abs(c.lat);
  if (absLat <= TWO_SEASON_MAX_LAT) return Math.max(c.pJul, c.pDec) < TWO_SEASON_SEEN_MM ? "two_rainy_seasons" : null;
  if (absLat < WINTER_RAIN_LAT[0] || absLat > WINTER_RAIN_LAT[1]) return null;
  const [summer, winter] = c.lat >= 0 ? [c.pJul, c.pDec] : [c.pDec, c.pJul];
  const winterRain =
    summer < WINTER_RAIN_DRY_SUMMER_MM &&
    winter >= WINTER_RAIN_WET_WINTER_MM &&
    winter >= WINTER_RAIN_RATIO * Math.max(summer, 1);
  return winterRain ? "winter_rain" : null;
}

/** Whether a hazard has places whose inputs cannot see it. */
export function hasInputLimits(h: string): h is InputLimitHazard {
  return h === "ER" || h === "DR";
}

/** The note of a hazard at a place whose inputs cannot see it, or null. */
export function inputLimitNote(h: string, c: RainInputs): string | null {
  if (!hasInputLimits(h)) return null;
  const kind = inputLimitKind(c);
  return kind ? INPUT_LIMIT_NOTES[kind][h] : null;
}

/** What a point's river-flood note reads of its floodplain on the 2′ grid (app/risk/point/point-drivers.ts). */
export interface FloodplainReading {
  /** Height of the point's ground above the river's channel, m, and its distance to that channel, km. */
  handM: number;
  channelKm: number;
  /** The channel's drainage area, km², and its flood stage above the channel, m. */
  areaKm2: number;
  stageM: number;
  /** The 2′ relief's height error allowed for at the point, m. */
  allowanceM: number;
  /** Distance to the river's mapped line, km, where it was read (channelKm is then that distance); else absent. */
  lineKm?: number;
}

/** Two significant digits with thousands separators; one formatter for every note (building one costs microseconds). */
const SIG2 = new Intl.NumberFormat("en", { maximumSignificantDigits: 2 });
const sig2 = (x: number): string => SIG2.format(x);

/**
 * The river-flood note of a point that takes a floodplain only within the 2′ relief's height error: on the grid it
 * stands above the river's flood, and a grid whose heights may be off by tens of metres cannot tell its ground from
 * the river bank or from the terrace above it.
 */
export function floodplainHeightNote(r: FloodplainReading): string {
  const away =
    r.lineKm === undefined ? `${r.channelKm.toFixed(1)} km away` : `${r.lineKm.toFixed(1)} km from its mapped line`;
  return `The 3.7 km grid reads this point ${Math.round(r.handM)} m above the channel of a river draining ${sig2(r.areaKm2)} km², ${away}: higher than that river's floods reach on the grid (${Math.round(r.stageM)} m above the channel, 1 m less for each km away). It counts in the floodplain only within the grid's height error here (up to ${Math.round(r.allowanceM)} m), which cannot tell a river bank from the terrace above it: a local flood map says which this is.`;
}
