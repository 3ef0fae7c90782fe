import type { ScenarioId } from "~/domain/scenarios";

/** Bar colour per scenario (no nivo here: the page's legend imports it). */
export const SCENARIO_BAR_COLOURS: Readonly<Record<ScenarioId, string>> = {
  hist: "#64748b",
  rcp26: "#38bdf8",
  rcp45: "#2563eb",
  rcp85: "#1e3a8a",
};
