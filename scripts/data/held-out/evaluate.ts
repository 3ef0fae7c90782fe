/**
 * Scores a held-out evaluation set: pairs of points where one must read a strictly higher level than the other for a
 * hazard, and places that must read High or above ("high": level ≥ 3) or at most Moderate ("low": level ≤ 2). Pure:
 * the caller passes how a point is scored, so the same rules hold for any scorer.
 */
import { z } from "zod";

const point = z.object({ name: z.string(), lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
const hazard = z.enum(["FD", "SS", "SL", "LS", "WF", "HW", "CS", "DR", "ER", "TC"]);
export const heldOutPair = z.object({
  id: z.string(),
  hazard,
  higher: point,
  lower: point,
  source: z.string(),
  why: z.string().optional(),
});
export const heldOutPlace = point.extend({
  id: z.string(),
  country: z.string().length(2),
  hazard,
  expect: z.enum(["high", "low"]),
  source: z.string(),
  why: z.string().optional(),
});
/** A town within a few km of an international land border, with the country its coordinates lie in. */
export const heldOutBorderTown = point.extend({
  country: z.string().length(2),
  neighbour: z.string().length(2),
  continent: z.string(),
  km_to_border: z.number().optional(),
});
export type HeldOutBorderTown = z.infer<typeof heldOutBorderTown>;
export type HeldOutPair = z.infer<typeof heldOutPair>;
export type HeldOutPlace = z.infer<typeof heldOutPlace>;
export type HazardCode = z.infer<typeof hazard>;

/** A point's level for a hazard: 1-5, "not_applicable" (the hazard cannot occur there: Low), or why none came. */
export type PointLevel = number | "not_applicable" | { unscored: string };

const levelOf = (l: PointLevel): number | null => (l === "not_applicable" ? 1 : typeof l === "number" ? l : null);
const describe = (l: PointLevel): string =>
  l === "not_applicable" ? "n/a" : typeof l === "number" ? String(l) : `unscored (${l.unscored})`;

export interface CaseResult {
  id: string;
  hazard: HazardCode;
  passed: boolean;
  detail: string;
  /** The levels read, without the case's names: "2 vs 2" for a pair, "expected high, reads 2" for a place. */
  levels: string;
}

export function judgePair(pair: HeldOutPair, higher: PointLevel, lower: PointLevel): CaseResult {
  const h = levelOf(higher);
  const l = levelOf(lower);
  const passed = h !== null && l !== null && h > l;
  return {
    id: pair.id,
    hazard: pair.hazard,
    passed,
    detail: `${pair.higher.name} ${describe(higher)} > ${pair.lower.name} ${describe(lower)}`,
    levels: `${describe(higher)} vs ${describe(lower)}`,
  };
}

export function judgePlace(place: HeldOutPlace, level: PointLevel): CaseResult {
  const v = levelOf(level);
  const passed = v !== null && (place.expect === "high" ? v >= 3 : v <= 2);
  return {
    id: place.id,
    hazard: place.hazard,
    passed,
    detail: `${place.name} (${place.country}) expected ${place.expect}, reads ${describe(level)}`,
    levels: `expected ${place.expect}, reads ${describe(level)}`,
  };
}

export interface Tally {
  passed: number;
  total: number;
}

/** Pass counts per hazard and in all. */
export function tally(results: CaseResult[]): { all: Tally; byHazard: Map<HazardCode, Tally> } {
  const byHazard = new Map<HazardCode, Tally>();
  const all = { passed: 0, total: 0 };
  for (const r of results) {
    const t = byHazard.get(r.hazard) ?? { passed: 0, total: 0 };
    t.total++;
    all.total++;
    if (r.passed) {
      t.passed++;
      all.passed++;
    }
    byHazard.set(r.hazard, t);
  }
  return { all, byHazard };
}

/**
 * The failing cases counted by hazard and the levels they read ("FD 1 vs 1" → 3), in hazard then level order: how a
 * set fails (ties, reversals, under- or over-reads) without naming a case.
 */
export function failureShapes(results: CaseResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (r.passed) continue;
    const key = `${r.hazard} ${r.levels}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

/** Reads a set file: a JSON array, or an object holding the array under `key`. */
export function parseSet<T>(json: unknown, key: string, schema: z.ZodType<T>): T[] {
  const list = Array.isArray(json) ? json : (json as Record<string, unknown> | null)?.[key];
  return z.array(schema).parse(list);
}

/** A border town passes when its point is located in the country it lies in (`located`: a country code, or why none). */
export function judgeBorderTown(town: HeldOutBorderTown, located: string): { passed: boolean; continent: string; detail: string } {
  return {
    passed: located === town.country,
    continent: town.continent,
    detail: `${town.name} (${town.continent}) in ${town.country}, located in ${located}`,
  };
}
