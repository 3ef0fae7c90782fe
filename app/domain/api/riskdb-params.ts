/**
 * Query parameters of the riskdb API (spec §7). Every message names its parameter so an API client can tell
 * which one to fix. Pure: shared by the API routes, the dashboard and tests.
 */
import { z } from "zod";
import {
  DURATIONS, PERIOD_IDS, SCENARIO_IDS, isValidCombination, parseDuration, parsePeriod, parseScenario, periodsForScenario,
  type PeriodId, type ScenarioId,
} from "../hazards/scenarios";

const required = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

/** Decimal degrees of any precision (the API is not the form, which asks for 3-4 decimals). */
function coordinate(name: "lat" | "lon", limit: number) {
  const range = `${name} must be a number within -${limit}..${limit}`;
  return required(name)
    .refine((v) => /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(v), range)
    .transform(Number)
    .refine((v) => v >= -limit && v <= limit, range);
}
export const latParam = () => coordinate("lat", 90);
export const lonParam = () => coordinate("lon", 180);

const SCENARIO_LIST = SCENARIO_IDS.join(", ");
const PERIOD_LIST = PERIOD_IDS.join(", ");

export const scenarioParam = () =>
  required("scenario").transform((v, ctx): ScenarioId => {
    const s = parseScenario(v);
    if (!s) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `scenario must be one of ${SCENARIO_LIST}` });
      return z.NEVER;
    }
    return s;
  });

export const periodParam = () =>
  required("period").transform((v, ctx): PeriodId => {
    const p = parsePeriod(v);
    if (!p) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `period must be one of ${PERIOD_LIST}` });
      return z.NEVER;
    }
    return p;
  });

export const durationParam = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return DURATIONS[0]!.id;
      const d = parseDuration(v);
      if (!d) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `duration must be one of ${DURATIONS.map((x) => x.id).join(", ")}` });
        return z.NEVER;
      }
      return d;
    });

export const explainParam = () =>
  z
    .enum(["1", "0", "true", "false", ""], { errorMap: () => ({ message: "explain must be 1 or 0" }) })
    .optional()
    .transform((v) => v === "1" || v === "true");

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/**
 * scenario defaults to hist; hist needs no period, a future scenario needs one of its own periods.
 * The error lands on `period` because the scenario itself is valid.
 */
function withSlot<T extends { scenario?: ScenarioId; period?: PeriodId }>(v: T, ctx: z.RefinementCtx) {
  const scenario = v.scenario ?? "hist";
  const period = v.period ?? (scenario === "hist" ? "hist" : undefined);
  if (!period) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["period"], message: `period is required for scenario ${scenario} (one of ${periodsForScenario(scenario).join(", ")})` });
    return z.NEVER;
  }
  if (!isValidCombination(scenario, period)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["period"], message: `period for scenario ${scenario} must be one of ${periodsForScenario(scenario).join(", ")}` });
    return z.NEVER;
  }
  return { ...v, scenario, period };
}

export const regionsParamsSchema = z.object({ country_code: required("country_code") });

export const periodsParamsSchema = z.object({ duration: durationParam(), scenario: scenarioParam() });

export const hazardScoresParamsSchema = z
  .object({
    location_code: required("location_code"),
    scenario: optional(scenarioParam()),
    period: optional(periodParam()),
    lat: optional(latParam()),
    lon: optional(lonParam()),
    explain: explainParam(),
  })
  .transform(withSlot);

export const locationCodesParamsSchema = z.object({ lat: latParam(), lon: lonParam() });

export const pointHazardsParamsSchema = z
  .object({
    lat: latParam(),
    lon: lonParam(),
    scenario: optional(scenarioParam()),
    period: optional(periodParam()),
    explain: explainParam(),
  })
  .transform(withSlot);

export type HazardScoresParams = z.output<typeof hazardScoresParamsSchema>;
export type PointHazardsParams = z.output<typeof pointHazardsParamsSchema>;

export { SAMPLE_DEFAULT_LOCATION } from "../geo/default-location";
