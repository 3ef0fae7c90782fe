/** The chart image endpoint's query: strict, bounded, so that a URL cannot ask for more than a small chart. */
import { z } from "zod";
import { LEVEL_COUNT_KEYS, type HazardBarsData, type LevelPieData } from "./chart-images";
import type { LevelCounts } from "../../portfolio/stats";
import { PERIOD_IDS, SCENARIO_IDS } from "../../hazards/scenarios";

const title = z.string().trim().min(1).max(60);
const point = z
  .string()
  .regex(/^[a-z0-9]+\.[a-z0-9]+\.[1-5]?$/)
  .transform((s) => {
    const [scenario, period, score] = s.split(".") as [string, string, string];
    return { scenario, period, score: score === "" ? null : Number(score) };
  })
  .refine(
    (p) =>
      (SCENARIO_IDS as readonly string[]).includes(p.scenario) && (PERIOD_IDS as readonly string[]).includes(p.period),
    "unknown scenario or period",
  );

const HazardBarsQuery = z.object({
  t: title,
  p: z
    .string()
    .max(400)
    .transform((s) => s.split(","))
    .pipe(z.array(point).min(1).max(12)),
});

const LevelPieQuery = z.object({
  t: title,
  c: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,7}){5}$/, "c must be six counts separated by dots")
    .transform(
      (s) => Object.fromEntries(s.split(".").map((v, i) => [LEVEL_COUNT_KEYS[i], Number(v)])) as unknown as LevelCounts,
    ),
});

export function parseHazardBarsQuery(
  params: URLSearchParams,
): { success: true; data: HazardBarsData } | { success: false; error: string } {
  const r = HazardBarsQuery.safeParse(Object.fromEntries(params));
  return r.success
    ? { success: true, data: { title: r.data.t, points: r.data.p } }
    : { success: false, error: r.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ") };
}

export function parseLevelPieQuery(
  params: URLSearchParams,
): { success: true; data: LevelPieData } | { success: false; error: string } {
  const r = LevelPieQuery.safeParse(Object.fromEntries(params));
  return r.success
    ? { success: true, data: { title: r.data.t, counts: r.data.c } }
    : { success: false, error: r.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ") };
}
