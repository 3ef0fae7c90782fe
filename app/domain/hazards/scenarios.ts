/**
 * Scenarios, periods, durations and the global warming level of each (scenario, period) slot.
 * Pure constants: safe to import in the browser.
 */

export const SCENARIO_IDS = ["hist", "rcp26", "rcp45", "rcp85"] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];
export type FutureScenarioId = Exclude<ScenarioId, "hist">;
export const FUTURE_SCENARIO_IDS: readonly FutureScenarioId[] = ["rcp26", "rcp45", "rcp85"];

/** Each scenario's colour in the charts and their legends: grey for the past, then deeper blues for more warming. */
export const SCENARIO_COLOURS: Readonly<Record<ScenarioId, string>> = {
  hist: "#64748b",
  rcp26: "#38bdf8",
  rcp45: "#2563eb",
  rcp85: "#1e3a8a",
};

/** The years of the observed climatology every score starts from (Legates & Willmott station normals): "Historical". */
export const BASELINE_YEARS = "1950-1999";
/** How the historical slot is named wherever it is shown: with its years, never as "present" or "today". */
export const HISTORICAL_LABEL = `Historical (${BASELINE_YEARS})`;
/** The same in a narrow column ("Hist. 1950-99"). */
export const HISTORICAL_SHORT = `Hist. ${BASELINE_YEARS.replace(/-\d\d(\d\d)$/, "-$1")}`;

export interface Scenario {
  id: ScenarioId;
  name: string;
  /** The AR6 SSP used for the warming level of this RCP. */
  ssp: string | null;
  narrative: string;
}

export const SCENARIOS: Readonly<Record<ScenarioId, Scenario>> = {
  hist: { id: "hist", name: HISTORICAL_LABEL, ssp: null, narrative: `Reference climatology, ${BASELINE_YEARS}` },
  rcp26: { id: "rcp26", name: "RCP2.6", ssp: "SSP1-2.6", narrative: "Orderly" },
  rcp45: { id: "rcp45", name: "RCP4.5", ssp: "SSP2-4.5", narrative: "Disorderly" },
  rcp85: { id: "rcp85", name: "RCP8.5", ssp: "SSP5-8.5", narrative: "Hot house" },
};

export const PERIOD_IDS = ["hist", "2030", "2040", "2050"] as const;
export type PeriodId = (typeof PERIOD_IDS)[number];
export type FuturePeriodId = Exclude<PeriodId, "hist">;
export const FUTURE_PERIOD_IDS: readonly FuturePeriodId[] = ["2030", "2040", "2050"];

export interface Period {
  id: PeriodId;
  name: string;
}

export const PERIODS: Readonly<Record<PeriodId, Period>> = {
  hist: { id: "hist", name: HISTORICAL_LABEL },
  "2030": { id: "2030", name: "2030" },
  "2040": { id: "2040", name: "2040" },
  "2050": { id: "2050", name: "2050" },
};

/** Averaging windows. Every value is a 30-year climatological mean centred on the period year. */
export interface Duration {
  id: string;
  name: string;
}
export const DURATIONS: readonly Duration[] = [{ id: "30y", name: "30-year climatological window" }];

export function periodsForScenario(s: ScenarioId): readonly PeriodId[] {
  return s === "hist" ? ["hist"] : FUTURE_PERIOD_IDS;
}

export function isValidCombination(s: ScenarioId, p: PeriodId): boolean {
  return periodsForScenario(s).includes(p);
}

/** hist + 3 scenarios × 3 periods. */
export const SLOT_COUNT = 10;

export interface Slot {
  index: number;
  scenario: ScenarioId;
  period: PeriodId;
}

export const SLOTS: readonly Slot[] = [
  { index: 0, scenario: "hist", period: "hist" },
  ...FUTURE_SCENARIO_IDS.flatMap((scenario, si) =>
    FUTURE_PERIOD_IDS.map((period, pi) => ({ index: 1 + si * 3 + pi, scenario, period })),
  ),
];

/** Slot index for a valid combination; throws RangeError otherwise. */
export function slotIndex(s: ScenarioId, p: PeriodId): number {
  if (s === "hist") {
    if (p !== "hist") throw new RangeError(`scenario hist has only the historical period, got ${p}`);
    return 0;
  }
  const si = FUTURE_SCENARIO_IDS.indexOf(s);
  const pi = FUTURE_PERIOD_IDS.indexOf(p as FuturePeriodId);
  if (si < 0 || pi < 0) throw new RangeError(`no slot for ${s}/${p}`);
  return 1 + si * 3 + pi;
}

/**
 * Global warming levels, °C above 1850-1900: IPCC AR6 WGI SPM (Figure SPM.10 assessed GSAT medians),
 * SSP1-2.6 / SSP2-4.5 / SSP5-8.5 for 2030 / 2040 / 2050.
 */
export const GLOBAL_WARMING_LEVEL: Readonly<Record<FutureScenarioId, Readonly<Record<FuturePeriodId, number>>>> = {
  rcp26: { "2030": 1.43, "2040": 1.59, "2050": 1.69 },
  rcp45: { "2030": 1.45, "2040": 1.68, "2050": 1.91 },
  rcp85: { "2030": 1.54, "2040": 1.89, "2050": 2.31 },
};

/**
 * Warming of the baseline climatology (Legates & Willmott, station data mostly 1950-1999) above 1850-1900.
 * The 1950-1999 global mean sits about 0.3-0.5 °C above pre-industrial in HadCRUT/AR6 series; 0.4 is its midpoint.
 */
export const BASELINE_WARMING_C = 0.4;

/**
 * Global mean sea-level rise, metres, relative to 1995-2014 (AR6 WGI Table 9.9 medians, rounded).
 * HISTORICAL_SLR_M is the observed rise 1901-2018 (AR6 WGI SPM A.1.7: 0.20 m), used as the reference exposure.
 */
export const GLOBAL_SLR_M: Readonly<Record<FutureScenarioId, Readonly<Record<FuturePeriodId, number>>>> = {
  rcp26: { "2030": 0.09, "2040": 0.13, "2050": 0.19 },
  rcp45: { "2030": 0.09, "2040": 0.14, "2050": 0.2 },
  rcp85: { "2030": 0.1, "2040": 0.15, "2050": 0.23 },
};
export const HISTORICAL_SLR_M = 0.2;

/**
 * The one warming figure a slot shows, with its baseline named: the AR6 global warming level above 1850-1900
 * ("+2.31 °C global warming above 1850-1900"); empty for the historical slot.
 */
export function slotWarmingLabel(s: ScenarioId, p: PeriodId): string {
  const c = slotWarmingC(s, p);
  return c === null ? "" : `+${c.toFixed(2)} °C global warming above 1850-1900`;
}

/** The slot's warming figure as answers carry it (`warming_c`): °C above 1850-1900, null for the historical slot. */
export function slotWarmingC(s: ScenarioId, p: PeriodId): number | null {
  return s === "hist" ? null : GLOBAL_WARMING_LEVEL[s][p as FuturePeriodId];
}

/** Warming of the slot above the baseline climatology, °C (0 for hist). */
export function warmingAboveBaseline(s: ScenarioId, p: PeriodId): number {
  if (s === "hist") return 0;
  return GLOBAL_WARMING_LEVEL[s][p as FuturePeriodId] - BASELINE_WARMING_C;
}

/** Sea-level rise used for a slot: since 1900 (hist) or since 1900 plus the AR6 projection. */
export function seaLevelRise(s: ScenarioId, p: PeriodId): number {
  if (s === "hist") return HISTORICAL_SLR_M;
  return HISTORICAL_SLR_M + GLOBAL_SLR_M[s][p as FuturePeriodId];
}

const SCENARIO_ALIASES: Record<string, ScenarioId> = {
  hist: "hist",
  historical: "hist",
  history: "hist",
  rcp26: "rcp26",
  "rcp2.6": "rcp26",
  rcp2_6: "rcp26",
  "rcp-2.6": "rcp26",
  ssp126: "rcp26",
  "ssp1-2.6": "rcp26",
  "ssp1-26": "rcp26",
  rcp45: "rcp45",
  "rcp4.5": "rcp45",
  rcp4_5: "rcp45",
  "rcp-4.5": "rcp45",
  ssp245: "rcp45",
  "ssp2-4.5": "rcp45",
  "ssp2-45": "rcp45",
  rcp85: "rcp85",
  "rcp8.5": "rcp85",
  rcp8_5: "rcp85",
  "rcp-8.5": "rcp85",
  ssp585: "rcp85",
  "ssp5-8.5": "rcp85",
  "ssp5-85": "rcp85",
  [HISTORICAL_LABEL.toLowerCase().replace(/\s+/g, "")]: "hist",
};

/** Accepts ids and display names ('rcp85', 'RCP8.5', 'ssp585', 'SSP5-8.5', 'Historical'); null otherwise. */
export function parseScenario(v: unknown): ScenarioId | null {
  if (typeof v !== "string") return null;
  const key = v.trim().toLowerCase().replace(/\s+/g, "");
  // Own keys only: "__proto__" or "constructor" must not find Object.prototype.
  return Object.hasOwn(SCENARIO_ALIASES, key) ? SCENARIO_ALIASES[key]! : null;
}

/** Accepts 'hist', 'historical', '2030', '2040', '2050' (and the years as numbers); null otherwise. */
export function parsePeriod(v: unknown): PeriodId | null {
  if (typeof v === "number" && Number.isInteger(v)) v = String(v);
  if (typeof v !== "string") return null;
  const s = v.trim().toLowerCase();
  if (s === "hist" || s === "historical" || s === "history" || s === HISTORICAL_LABEL.toLowerCase()) return "hist";
  return (FUTURE_PERIOD_IDS as readonly string[]).includes(s) ? (s as PeriodId) : null;
}

export function parseDuration(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim().toLowerCase();
  return DURATIONS.find((d) => d.id === s)?.id ?? null;
}
