/** The "Risk data" paths: reference lists, hazard scores of places and points, and the batch. */
import {
  API_KEY_REQUESTS_PER_MINUTE,
  BATCH_ITEMS_PER_REQUEST,
  BATCH_MAX_LOCATIONS,
  BATCH_MAX_SLOTS,
} from "../keys/api-limits";
import { API_PATHS } from "../api-paths";
import {
  hazardScoresParamsSchema,
  locationCodesParamsSchema,
  periodsParamsSchema,
  pointHazardsParamsSchema,
  regionsParamsSchema,
} from "../params/riskdb-params";
import * as batch from "../../api-contract/batch";
import * as risk from "../../api-contract/risk";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { CALLER_ERRORS, RATE_LIMIT_HEADERS } from "./shared";

const rateLimitedHeaders = z.object(RATE_LIMIT_HEADERS);
/** A score answer's ETag: send it back in If-None-Match for a 304 while the dataset, methodology and answer hold. */
const versionedHeaders = z.object({
  ETag: z.string().openapi({
    description:
      "Tied to dataset_version, methodology_version and the request (path, query, and the answer the caller may read). Send it in If-None-Match: 304 while it holds.",
  }),
  ...RATE_LIMIT_HEADERS,
});

const batchOp: ApiOperation = {
  id: "hazardsBatch",
  method: "post",
  path: API_PATHS.hazardsBatch,
  tag: "Risk data",
  summary: "Hazard scores of many points or location codes for several scenarios and periods",
  description: [
    `Up to ${BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} locations (lat/lon points or location codes) × up to ${BATCH_MAX_SLOTS} scenario/period slots in one call. Each location is one item, in the request's order, with its codes and, per slot, the scores at the finest level the caller may read (location_type); a location that cannot be scored is an item with status error and a code (at_sea, invalid_coordinates, not_in_plan, …) and the rest of the batch is answered.`,
    `With an API key a batch counts against the key's ${API_KEY_REQUESTS_PER_MINUTE} requests a minute by its items: one request for each started ${BATCH_ITEMS_PER_REQUEST.toLocaleString("en-GB")} location × slot items (1,000 points × 10 slots count 10).`,
    "`Accept: application/x-ndjson` or `?format=ndjson` streams the answer as NDJSON: a header line (versions and slots), then one line per item as it is scored. The ETag follows the dataset and methodology versions, the caller's access and the request: send it back in If-None-Match to get 304 while nothing changed.",
  ].join("\n\n"),
  access: "required",
  query: z.object({
    format: z
      .enum(["json", "ndjson"])
      .optional()
      .openapi({ description: "ndjson for the streamed form; otherwise Accept decides (JSON by default)." }),
  }),
  body: { schema: batch.BatchRequest, types: ["application/json"] },
  response: { schema: batch.HazardsBatchResponse, description: "One item per location, in the request's order." },
  alternateContent: { "application/x-ndjson": batch.HazardsBatchLine },
  responseHeaders: z.object({
    ETag: z
      .string()
      .openapi({ description: "Tied to dataset_version, methodology_version, the caller's access and the request." }),
    ...RATE_LIMIT_HEADERS,
  }),
  notModified: true,
  errors: [400, 401, 403, 412, 413, 415, 429],
};

/** Every risk read counts against an API key, so each answer may carry the key's RateLimit headers. */
const withRateLimitHeaders = (ops: ApiOperation[]) => ops.map((op) => ({ responseHeaders: rateLimitedHeaders, ...op }));

const riskOps: ApiOperation[] = withRateLimitHeaders([
  {
    id: "riskCountries",
    method: "get",
    path: API_PATHS.riskCountries,
    tag: "Risk data",
    summary: "List countries",
    description: "Every country of the dataset, sorted by name. ISO 3166-1 alpha-2 codes.",
    access: "optional",
    response: { schema: risk.CountriesResponse, description: "Countries." },
    errors: CALLER_ERRORS,
  },
  {
    id: "riskRegions",
    method: "get",
    path: API_PATHS.riskRegions,
    tag: "Risk data",
    summary: "List the first-level regions of a country",
    access: "optional",
    query: regionsParamsSchema,
    response: {
      schema: risk.RegionsResponse,
      description: "Regions, sorted by name; codes are ISO 3166-2 where available.",
    },
    errors: [400, ...CALLER_ERRORS, 404],
  },
  {
    id: "riskDurations",
    method: "get",
    path: API_PATHS.riskDurations,
    tag: "Risk data",
    summary: "List durations (averaging windows)",
    access: "optional",
    response: { schema: risk.DurationsResponse, description: "Durations." },
    errors: CALLER_ERRORS,
  },
  {
    id: "riskScenarios",
    method: "get",
    path: API_PATHS.riskScenarios,
    tag: "Risk data",
    summary: "List scenarios",
    description:
      "Includes hist, the historical reference (its ssp is null); applications usually hide it from scenario pickers.",
    access: "optional",
    response: { schema: risk.ScenariosResponse, description: "Scenarios." },
    errors: CALLER_ERRORS,
  },
  {
    id: "riskHazardIds",
    method: "get",
    path: API_PATHS.riskHazardIds,
    tag: "Risk data",
    summary: "List hazards with their colours",
    description: "The per-hazard list excludes the aggregate AL, which is given separately.",
    access: "optional",
    response: { schema: risk.HazardIdsResponse, description: "Hazards." },
    errors: CALLER_ERRORS,
  },
  {
    id: "riskPeriods",
    method: "get",
    path: API_PATHS.riskPeriods,
    tag: "Risk data",
    summary: "List the periods of a scenario",
    access: "optional",
    query: periodsParamsSchema,
    response: {
      schema: risk.PeriodsResponse,
      description: "Periods of the scenario (hist has only the historical period).",
    },
    errors: [400, ...CALLER_ERRORS],
  },
  {
    id: "riskHazardScores",
    method: "get",
    path: API_PATHS.riskHazardScores,
    tag: "Risk data",
    summary: "Hazard scores of a country, region or hexagon",
    description:
      "Scores 1 (Low) to 5 (Extreme) with the underlying value in [0, 1]. 'not_applicable' and 'no_data' items have value, score and level null. Country codes are open to everyone; region codes and H3 resolution-4 hexagons need credentials (a PREMIUM API key or session token in `Authorization: Bearer`, or the session cookie) of an account that ordered the location or paid a report on it: an API key reads what its account's dashboard shows. A hexagon also needs lat and lon of a point inside it (or of a point location_codes places in it).",
    access: "optional",
    query: hazardScoresParamsSchema,
    response: { schema: risk.HazardScoresResponse, description: "Scores of the eleven hazards plus the aggregate." },
    responseHeaders: versionedHeaders,
    notModified: true,
    errors: [400, ...CALLER_ERRORS, 403, 404],
    errorBodies: { 403: risk.NotEntitledBody },
  },
  {
    id: "riskLocationCodes",
    method: "get",
    path: API_PATHS.riskLocationCodes,
    tag: "Risk data",
    summary: "Country, region and hexagon of a point",
    description:
      "A point in the water within 10 km of the shore is scored at the nearest land and snapped_to_land gives that land point (null on land); points further out at sea answer status out_of_range, reason at_sea, with null codes, and points on a floating Antarctic ice shelf reason not_covered.",
    access: "optional",
    query: locationCodesParamsSchema,
    response: { schema: risk.LocationCodesResponse, description: "Codes of the point." },
    errors: [400, ...CALLER_ERRORS],
  },
  {
    id: "riskStatistic",
    method: "get",
    path: API_PATHS.riskStatistic,
    tag: "Risk data",
    summary: "Default geography and dataset statistics",
    access: "optional",
    response: { schema: risk.StatisticResponse, description: "The sample default location and counts of the dataset." },
    errors: CALLER_ERRORS,
  },
  {
    id: "riskPointHazards",
    method: "get",
    path: API_PATHS.riskPointHazards,
    tag: "Risk data",
    summary: "Hazard scores of a point",
    description:
      "A point takes the scores of the finest level the caller may read: its hexagon (ordered, or in a paid report; the same for an API key as for its account's dashboard), else its region, else its country; location_type says which. At the hexagon level the scores are the point's own, from each driver at its finest resolution (2′ floodplain, height above the channel, elevation, slope, distance to the sea; temperature brought to the point's elevation; 10′ climate), and explain=1 names the resolution of each input; a region or country answers with its own rollup. A point in the water within 10 km of the shore takes the scores of the nearest land, and snapped_to_land says where that is.",
    access: "optional",
    query: pointHazardsParamsSchema,
    response: {
      schema: risk.PointHazardsResponse,
      description: "Scores with the point's codes, or status out_of_range with hazards null.",
    },
    responseHeaders: versionedHeaders,
    notModified: true,
    errors: [400, ...CALLER_ERRORS],
  },
]);

/** The query parameters are the schemas the riskdb routes parse with (../riskdb-params). */
export const registerRiskPaths: RegisterPaths = (add) => add(...riskOps, batchOp);
