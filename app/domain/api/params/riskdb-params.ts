/**
 * Query parameters of the riskdb API. Every message names its parameter so an API client can tell
 * which one to fix. Pure: shared by the API routes, the dashboard and tests. The OpenAPI document registers these
 * same schemas, so what it says of a parameter is what the routes parse; `.openapi()` gives each its description.
 */
import type { ZodOpenAPIMetadata } from "@asteasolutions/zod-to-openapi";
import { z } from "../../api-contract/zod";
import {
  DURATIONS,
  PERIOD_IDS,
  SCENARIO_IDS,
  isValidCombination,
  parseDuration,
  parsePeriod,
  parseScenario,
  periodsForScenario,
  type PeriodId,
  type ScenarioId,
} from "../../hazards/scenarios";

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

/**
 * How the document describes each parameter. A query value arrives as text; the document names what it must hold
 * (a number in range, one of the ids), which is what the parse below checks.
 * Typed loosely: the example is the value a client sends, not the text the parse reads.
 */
type ParamDoc = Partial<ZodOpenAPIMetadata>;
const DOC: Record<
  "lat" | "lon" | "scenario" | "optionalScenario" | "period" | "duration" | "explain" | "countryCode" | "locationCode",
  ParamDoc
> = {
  lat: {
    type: "number",
    minimum: -90,
    maximum: 90,
    description: "Latitude, decimal degrees (-90..90).",
    example: 51.507,
  },
  lon: {
    type: "number",
    minimum: -180,
    maximum: 180,
    description: "Longitude, decimal degrees (-180..180).",
    example: -0.128,
  },
  scenario: { type: "string", enum: [...SCENARIO_IDS], description: "Scenario id.", example: "rcp45" },
  optionalScenario: {
    type: "string",
    enum: [...SCENARIO_IDS],
    description: "Scenario id. Defaults to hist (historical reference).",
    example: "rcp45",
  },
  period: {
    type: "string",
    enum: [...PERIOD_IDS],
    description: "Period id: hist for the historical reference, 2030, 2040 or 2050 for a future scenario.",
    example: "2050",
  },
  duration: { description: "Duration id; defaults to the first duration.", example: "30y" },
  explain: {
    description:
      "1 to add each score's explanation: summary (one or two plain sentences ending with the level, or why there is none), drivers (the values the formula reads, with units), formula, inputs and steps.",
  },
  countryCode: { description: "ISO 3166-1 alpha-2 country code.", example: "FR" },
  locationCode: { description: "Country (alpha-2), region (ISO 3166-2) or H3 resolution-4 hexagon id.", example: "GB" },
};

export const latParam = () => coordinate("lat", 90).openapi(DOC.lat);
export const lonParam = () => coordinate("lon", 180).openapi(DOC.lon);

const SCENARIO_LIST = SCENARIO_IDS.join(", ");
const PERIOD_LIST = PERIOD_IDS.join(", ");

export const scenarioParam = () =>
  required("scenario")
    .transform((v, ctx): ScenarioId => {
      const s = parseScenario(v);
      if (!s) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `scenario must be one of ${SCENARIO_LIST}` });
        return z.NEVER;
      }
      return s;
    })
    .openapi(DOC.scenario);

export const periodParam = () =>
  required("period")
    .transform((v, ctx): PeriodId => {
      const p = parsePeriod(v);
      if (!p) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `period must be one of ${PERIOD_LIST}` });
        return z.NEVER;
      }
      return p;
    })
    .openapi(DOC.period);

export const durationParam = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return DURATIONS[0]!.id;
      const d = parseDuration(v);
      if (!d) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `duration must be one of ${DURATIONS.map((x) => x.id).join(", ")}`,
        });
        return z.NEVER;
      }
      return d;
    })
    .openapi(DOC.duration);

export const explainParam = () =>
  z
    .enum(["0", "1", "true", "false", ""], { errorMap: () => ({ message: "explain must be 1 or 0" }) })
    .optional()
    .transform((v) => v === "1" || v === "true")
    .openapi(DOC.explain);

/** A blank value counts as absent. The document describes the wrapper, so it carries the parameter's description again. */
const optional = <T extends z.ZodTypeAny>(schema: T, doc: ParamDoc) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional()).openapi(doc);

/**
 * scenario defaults to hist; hist needs no period, a future scenario needs one of its own periods.
 * The error lands on `period` because the scenario itself is valid.
 */
function withSlot<T extends { scenario?: ScenarioId; period?: PeriodId }>(v: T, ctx: z.RefinementCtx) {
  const scenario = v.scenario ?? "hist";
  const period = v.period ?? (scenario === "hist" ? "hist" : undefined);
  if (!period) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["period"],
      message: `period is required for scenario ${scenario} (one of ${periodsForScenario(scenario).join(", ")})`,
    });
    return z.NEVER;
  }
  if (!isValidCombination(scenario, period)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["period"],
      message: `period for scenario ${scenario} must be one of ${periodsForScenario(scenario).join(", ")}`,
    });
    return z.NEVER;
  }
  return { ...v, scenario, period };
}

export const regionsParamsSchema = z.object({ country_code: required("country_code").openapi(DOC.countryCode) });

export const periodsParamsSchema = z.object({ duration: durationParam(), scenario: scenarioParam() });

export const hazardScoresParamsSchema = z
  .object({
    location_code: required("location_code").openapi(DOC.locationCode),
    scenario: optional(scenarioParam(), DOC.optionalScenario),
    period: optional(periodParam(), DOC.period),
    lat: optional(latParam(), DOC.lat),
    lon: optional(lonParam(), DOC.lon),
    explain: explainParam(),
  })
  .transform(withSlot);

export const locationCodesParamsSchema = z.object({ lat: latParam(), lon: lonParam() });

export const pointHazardsParamsSchema = z
  .object({
    lat: latParam(),
    lon: lonParam(),
    scenario: optional(scenarioParam(), DOC.optionalScenario),
    period: optional(periodParam(), DOC.period),
    explain: explainParam(),
  })
  .transform(withSlot);

export type HazardScoresParams = z.output<typeof hazardScoresParamsSchema>;
export type PointHazardsParams = z.output<typeof pointHazardsParamsSchema>;

export { SAMPLE_DEFAULT_LOCATION } from "../../geo/default-location";
