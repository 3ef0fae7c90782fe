/**
 * The file names WRI Aqueduct Floods (v2) publishes its inundation depth maps under, e.g.
 * inunriver_historical_000000000WATCH_1980_rp00100.tif and inuncoast_rcp8p5_wtsub_2050_rp0100_0.tif.
 * River: inunriver_{scenario}_{climate model, padded to 14}_{year}_rp{5 digits}.tif (historical: WATCH, 1980).
 * Coast: inuncoast_{scenario}_{nosub|wtsub}_{year|hist}_rp{4 digits}_{0 | 0_perc_05 | 0_perc_50}.tif, where 0 is
 * the 95th percentile of sea-level rise.
 */

export const AQUEDUCT_BASE_URL = "https://wri-projects.s3.amazonaws.com/AqueductFloodTool/download/v2";
export const AQUEDUCT_SOURCE = "WRI Aqueduct Floods hazard maps, version 2 (Ward et al. 2020)";
export const AQUEDUCT_LICENCE = "CC BY 4.0";
export const AQUEDUCT_ATTRIBUTION =
  "Ward, P.J., et al. (2020). Aqueduct Floods Methodology. World Resources Institute. Data: WRI Aqueduct Floods, CC BY 4.0.";
/** The published global grid: 30 arc-seconds, -180..180 × -90..90. */
export const AQUEDUCT_EXTENT: readonly [number, number, number, number] = [-180, -90, 180, 90];

export const AQUEDUCT_RETURN_PERIODS = [2, 5, 10, 25, 50, 100, 250, 500, 1000] as const;
export const AQUEDUCT_SCENARIOS = ["historical", "rcp4p5", "rcp8p5"] as const;
export type AqueductScenario = (typeof AQUEDUCT_SCENARIOS)[number];
export const AQUEDUCT_YEARS = [2030, 2050, 2080] as const;
/** @public (the module's provenance and labels for pages and reports) */
export const AQUEDUCT_RIVER_MODELS = [
  "00000NorESM1-M",
  "0000GFDL-ESM2M",
  "0000HadGEM2-ES",
  "00IPSL-CM5A-LR",
  "MIROC-ESM-CHEM",
] as const;

export type FloodKind = "river" | "coastal";

export interface AqueductLayerName {
  kind: FloodKind;
  scenario: AqueductScenario;
  /** 'historical' or the year. */
  period: "historical" | "2030" | "2050" | "2080";
  returnPeriod: number;
  /** River: the climate model; coast: subsidence and sea-level percentile. */
  variant: string;
}

const RIVER = /^inunriver_(historical|rcp4p5|rcp8p5)_([0-9A-Za-z-]{14})_(1980|2030|2050|2080)_rp(\d{5})\.tif$/;
const COAST =
  /^inuncoast_(historical|rcp4p5|rcp8p5)_(nosub|wtsub)_(hist|2030|2050|2080)_rp(\d{4})_(0|0_perc_05|0_perc_50)\.tif$/;

export function parseAqueductName(file: string): AqueductLayerName | null {
  const r = RIVER.exec(file);
  if (r) {
    const historical = r[1] === "historical";
    if (historical !== (r[3] === "1980")) return null;
    return {
      kind: "river",
      scenario: r[1] as AqueductScenario,
      period: historical ? "historical" : (r[3] as "2030"),
      returnPeriod: Number(r[4]),
      variant: r[2]!.replace(/^0+/, ""),
    };
  }
  const c = COAST.exec(file);
  if (c) {
    const historical = c[1] === "historical";
    if (historical !== (c[3] === "hist")) return null;
    return {
      kind: "coastal",
      scenario: c[1] as AqueductScenario,
      period: historical ? "historical" : (c[3] as "2030"),
      returnPeriod: Number(c[4]),
      variant: `${c[2]}_${c[5]}`,
    };
  }
  return null;
}

export function riverFileName(
  scenario: AqueductScenario,
  year: number | "historical",
  returnPeriod: number,
  model = "000000000WATCH",
): string {
  const y = scenario === "historical" ? 1980 : year;
  const m = scenario === "historical" ? "000000000WATCH" : model.padStart(14, "0");
  return `inunriver_${scenario}_${m}_${y}_rp${String(returnPeriod).padStart(5, "0")}.tif`;
}

export function coastalFileName(
  scenario: AqueductScenario,
  year: number | "historical",
  returnPeriod: number,
  subsidence: "nosub" | "wtsub" = "wtsub",
  seaLevel: "0" | "0_perc_05" | "0_perc_50" = "0",
): string {
  const y = scenario === "historical" ? "hist" : String(year);
  return `inuncoast_${scenario}_${subsidence}_${y}_rp${String(returnPeriod).padStart(4, "0")}_${seaLevel}.tif`;
}

/**
 * The Aqueduct scenario and period that stand for a platform scenario and period, or null where Aqueduct publishes
 * none (RCP2.6; 2040): then no depth layer applies and nothing is made up in between.
 */
export function aqueductSlotFor(
  scenario: string,
  period: string,
): { scenario: AqueductScenario; period: string } | null {
  if (scenario === "hist" || period === "hist" || period === "historical") {
    return scenario === "hist" || scenario === "historical" ? { scenario: "historical", period: "historical" } : null;
  }
  const s = scenario === "rcp45" ? "rcp4p5" : scenario === "rcp85" ? "rcp8p5" : null;
  if (!s || !(AQUEDUCT_YEARS as readonly number[]).includes(Number(period))) return null;
  return { scenario: s, period };
}
