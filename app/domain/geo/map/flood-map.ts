/** River-flood map: selection parsing, projection and legend. Pure: shared by the page, the SVG and the client map. */
import {
  BASELINE_YEARS,
  FUTURE_PERIOD_IDS,
  HISTORICAL_LABEL,
  PERIODS,
  SCENARIOS,
  SCENARIO_IDS,
  isValidCombination,
  parsePeriod,
  parseScenario,
  type PeriodId,
  type ScenarioId,
} from "../../hazards/scenarios";

export const FLOOD_HAZARD_ID = "FD" as const;

export interface FloodSelection {
  scenario: ScenarioId;
  period: PeriodId;
  country: string | null;
}

/** The query parameters the flood map page reads. */
export const FLOOD_SELECTION_PARAMS = ["scenario", "period", "country"] as const;

/** Query → selection; anything invalid falls back to a sensible default instead of an error page. */
export function parseFloodSelection(params: URLSearchParams): FloodSelection {
  const scenario = parseScenario(params.get("scenario") ?? "") ?? "rcp45";
  let period = parsePeriod(params.get("period") ?? "") ?? (scenario === "hist" ? "hist" : "2050");
  if (!isValidCombination(scenario, period)) period = scenario === "hist" ? "hist" : "2050";
  const country = params.get("country")?.trim().toUpperCase() ?? "";
  return { scenario, period, country: /^[A-Z]{2}$/.test(country) ? country : null };
}

export function floodQuery(selection: Partial<FloodSelection>) {
  const params = new URLSearchParams();
  if (selection.scenario) params.set("scenario", selection.scenario);
  if (selection.period) params.set("period", selection.period);
  if (selection.country) params.set("country", selection.country);
  return params.toString();
}

export const SCENARIO_OPTIONS = SCENARIO_IDS.map((id) => ({
  id,
  name:
    id === "hist"
      ? `${HISTORICAL_LABEL} reference`
      : `${SCENARIOS[id].name} (${SCENARIOS[id].narrative.toLowerCase()})`,
}));
export const PERIOD_OPTIONS = FUTURE_PERIOD_IDS.map((id) => ({ id, name: PERIODS[id].name }));

export function selectionLabel(s: FloodSelection) {
  return s.scenario === "hist"
    ? `historical reference (${BASELINE_YEARS})`
    : `${SCENARIOS[s.scenario].name}, ${PERIODS[s.period].name}`;
}

/** Equirectangular projection onto an SVG box; latitude is clipped to keep Antarctica from taking a quarter of the map. */
export const WORLD_BOUNDS = { west: -180, east: 180, north: 84, south: -58 } as const;

export interface Bounds {
  west: number;
  east: number;
  north: number;
  south: number;
}

export function projector(bounds: Bounds, width: number) {
  const scale = width / (bounds.east - bounds.west);
  const height = Math.round((bounds.north - bounds.south) * scale);
  return {
    width,
    height,
    // Whole pixels: finer coordinates only add bytes at these sizes.
    x: (lon: number) => Math.round((lon - bounds.west) * scale),
    y: (lat: number) => Math.round((bounds.north - Math.max(bounds.south, Math.min(bounds.north, lat))) * scale),
  };
}

/** SVG path data of flat [lon, lat, …] rings. */
export function ringsToPath(rings: number[][], project: ReturnType<typeof projector>): string {
  return rings
    .map((ring) => {
      let d = "";
      for (let i = 0; i < ring.length; i += 2)
        d += `${i === 0 ? "M" : "L"}${project.x(ring[i]!)} ${project.y(ring[i + 1]!)}`;
      return `${d}Z`;
    })
    .join("");
}
