/**
 * The dashboard's small charts as images: each chart's data travels in its image URL (/charts/<kind>.svg?…), and
 * the server draws the SVG from it. A page lists the images, the browser fetches them only when they come into
 * view, and their accessible text (the alt) is written here, the same words the drawn chart carries. No zod here:
 * the page imports this module; the endpoint's parsing is in chart-images-query.ts.
 */
import type { LevelCounts } from "../../portfolio/stats";
import { RISK_LEVELS } from "../../hazards/risk-levels";
import { HISTORICAL_LABEL, SCENARIOS, type ScenarioId } from "../../hazards/scenarios";

export const CHART_IMAGE_KINDS = ["hazard-bars", "level-pie"] as const;
export type ChartImageKind = (typeof CHART_IMAGE_KINDS)[number];

export interface HazardBarsData {
  title: string;
  /** One entry per slot: 1-5 score, or null where the hazard does not apply or has no data. */
  points: { scenario: string; period: string; score: number | null }[];
}

export interface LevelPieData {
  title: string;
  counts: LevelCounts;
}

export const CHART_IMAGE_SIZE: Record<ChartImageKind, { width: number; height: number }> = {
  "hazard-bars": { width: 280, height: 170 },
  "level-pie": { width: 180, height: 180 },
};

/** Order of the pie's counts in its URL. */
export const LEVEL_COUNT_KEYS = ["L", "M", "H", "S", "E", "none"] as const satisfies readonly (keyof LevelCounts)[];

export function hazardBarsLabel({ title, points }: HazardBarsData): string {
  const slot = (p: HazardBarsData["points"][number]) =>
    p.scenario === "hist" ? HISTORICAL_LABEL : `${SCENARIOS[p.scenario as ScenarioId]?.name ?? p.scenario} ${p.period}`;
  return `${title}: ${points.map((p) => `${slot(p)} ${p.score ?? "not scored"}`).join(", ")}`;
}

/** The pie's counts in words: "Low: 120, Moderate: 30". */
export function levelPieDescription(counts: LevelCounts): string {
  return [
    ...RISK_LEVELS.map((l) => ({ label: l.label, value: counts[l.code] })),
    { label: "No score", value: counts.none },
  ]
    .filter((d) => d.value > 0)
    .map((d) => `${d.label}: ${d.value}`)
    .join(", ");
}

export function levelPieLabel({ title, counts }: LevelPieData): string {
  return `${title}: ${levelPieDescription(counts) || "no locations"}`;
}

/** /charts/hazard-bars.svg?t=Heat%20wave&p=hist.hist.2,rcp26.2030.3,…: a score left empty is "not scored". */
export function hazardBarsUrl({ title, points }: HazardBarsData): string {
  const p = points.map((x) => `${x.scenario}.${x.period}.${x.score ?? ""}`).join(",");
  return `/charts/hazard-bars.svg?${new URLSearchParams({ t: title, p })}`;
}

/** /charts/level-pie.svg?t=Heat%20wave&c=120.30.0.0.0.5: the counts in LEVEL_COUNT_KEYS order. */
export function levelPieUrl({ title, counts }: LevelPieData): string {
  return `/charts/level-pie.svg?${new URLSearchParams({ t: title, c: LEVEL_COUNT_KEYS.map((k) => counts[k]).join(".") })}`;
}
