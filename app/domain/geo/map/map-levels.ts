import { RISK_LEVELS, type RiskLevel } from "../../hazards/risk-levels";

/**
 * The colours and names of levels on every map, with the two states that are not scores. Apart from the map
 * geometry so that a page's legend does not carry the map's code with it.
 */
export const NO_DATA_COLOUR = "#cbd5e1";
export const NOT_APPLICABLE_COLOUR = "#e2e8f0";

export interface MapLevel {
  score: RiskLevel["score"] | null;
  state: "ok" | "not_applicable" | "no_data";
}

export function mapLevelColour(level: MapLevel): string {
  if (level.score) return RISK_LEVELS[level.score - 1]!.colour;
  return level.state === "not_applicable" ? NOT_APPLICABLE_COLOUR : NO_DATA_COLOUR;
}

export function mapLevelLabel(level: MapLevel): string {
  if (level.score) return `${level.score} ${RISK_LEVELS[level.score - 1]!.label}`;
  return level.state === "not_applicable" ? "Not applicable" : "No data";
}

/** The maps' colour key: five levels, then not applicable and no data. */
export function mapLegend() {
  const key = (k: string, level: MapLevel) => ({ key: k, colour: mapLevelColour(level), label: mapLevelLabel(level) });
  return [
    ...([1, 2, 3, 4, 5] as const).map((score) => key(String(score), { score, state: "ok" })),
    key("na", { score: null, state: "not_applicable" }),
    key("nodata", { score: null, state: "no_data" }),
  ];
}
