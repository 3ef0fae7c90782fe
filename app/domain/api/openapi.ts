/**
 * The OpenAPI 3.1 description of the public API (served at /api/openapi.json, rendered on /api), generated from the
 * zod schemas in ./api-contract that type the routes' answers. Every path comes from API_PATHS; every status an
 * operation can answer is listed with its body. Pure data: no I/O.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { API_KEY_REQUESTS_PER_MINUTE, API_LIMITS_TEXT, BATCH_ITEMS_PER_REQUEST, BATCH_MAX_LOCATIONS, BATCH_MAX_SLOTS } from "./api-limits";
import * as account from "../api-contract/account";
import * as batch from "../api-contract/batch";
import { ERROR_STATUS_TEXT, ErrorBody, type ErrorStatus } from "../api-contract/common";
import { API_VERSION } from "./api-changelog";
import { REQUEST_ID_HEADER } from "./api-errors";
import * as content from "../api-contract/content";
import * as orders from "../api-contract/orders";
import * as risk from "../api-contract/risk";
import * as upload from "../api-contract/upload";
import { z } from "../api-contract/zod";
import { API_PATHS, API_PREFIX } from "./api-paths";
import { DOCUMENTS } from "../content/documents";
import { portfolioLimitsFor } from "../portfolio/limits";
import { PERIOD_IDS, SCENARIO_IDS } from "../hazards/scenarios";

export const API_TAGS = [
  { name: "Risk data", description: "Reference lists and hazard scores for countries, regions, H3 hexagons and points." },
  { name: "Account", description: "Locations, plan, reports, invoices, billing and API key of the signed-in user." },
  { name: "Portfolio upload", description: "Portfolio preview, statistics and reports from an uploaded CSV or XLSX file." },
  { name: "Orders", description: "Self-service products, data packages, leads and purchases." },
  { name: "Content", description: "FAQ, blog, newsletter, contact and document requests." },
] as const;
type Tag = (typeof API_TAGS)[number]["name"];

/** Cookie of the signed-in session (DESIGN §4: its name contains weather_token). */
export const SESSION_COOKIE_NAME = "weather_token";

/**
 * none: open to anyone; optional: open, credentials widen what is answered; required: a session (cookie or Bearer
 * session token) or a PREMIUM API key; session: the user's own session only (an API key may read, not buy).
 */
type Access = "none" | "optional" | "required" | "session";

type Method = "get" | "post" | "put" | "delete";
type Schema = z.ZodTypeAny;

export interface ApiOperation {
  id: string;
  method: Method;
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  query?: z.AnyZodObject;
  headers?: z.AnyZodObject;
  body?: { schema: Schema; types: readonly string[]; required?: boolean };
  response: { schema: Schema; description: string; example?: unknown };
  /** The same answer in other media types (a streamed NDJSON form), chosen by Accept or a format parameter. */
  alternateContent?: Record<string, Schema>;
  /** Headers the success answer carries. */
  responseHeaders?: z.AnyZodObject;
  /** Answers 304 to an If-None-Match that names its current ETag. */
  notModified?: boolean;
  /** Other success answers (202 while a report is being built). */
  accepted?: { schema: Schema; description: string };
  /** A browser form post (no JavaScript) is answered with a redirect back to its page. */
  formRedirect?: boolean;
  errors: readonly ErrorStatus[];
  /** Error statuses whose body is not the plain Error. */
  errorBodies?: Partial<Record<ErrorStatus, Schema>>;
}

// ---------- parameters ----------

const scenario = (required: boolean) =>
  (required ? z.enum(SCENARIO_IDS) : z.enum(SCENARIO_IDS).optional()).openapi({ description: `Scenario id.${required ? "" : " Defaults to hist (historical reference)."}`, example: "rcp45" });
const period = z.enum(PERIOD_IDS).optional().openapi({ description: "Period id: hist for the historical reference, 2030, 2040 or 2050 for a future scenario.", example: "2050" });
const lat = z.number().min(-90).max(90).openapi({ description: "Latitude, decimal degrees (-90..90).", example: 51.507 });
const lon = z.number().min(-180).max(180).openapi({ description: "Longitude, decimal degrees (-180..180).", example: -0.128 });
const explain = z.enum(["0", "1", "true", "false"]).optional().openapi({ description: "1 to add each score's explanation: summary (one or two plain sentences ending with the level, or why there is none), drivers (the values the formula reads, with units), formula, inputs and steps." });
const uploadQuery = z.object({
  upload_id: z.string().optional().openapi({ description: "From upload_preview; the caller's latest upload when absent (signed in)." }),
  access_token: z.string().optional().openapi({ description: "From upload_preview: a visitor's proof that the upload is theirs." }),
});
/** Every purchase call replays its first answer for the same key (app/services/commerce/idempotency.server.ts). */
const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(8)
    .max(200)
    .optional()
    .openapi({
      description:
        "8-200 letters, digits or - _ : . chosen by the client, one per purchase: a retry with the same key replays the first answer and never charges twice; the same key with other parameters answers 422. An `idempotency_key` body field is accepted instead; one of the two is required.",
      example: "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e",
    }),
});

const JSON_BODY = ["application/json", "application/x-www-form-urlencoded"] as const;
const json = (schema: Schema) => ({ schema, types: JSON_BODY });

/** What a call that reads a body can answer before it runs: an unreadable body, a cross-site form, too large. */
const BODY_ERRORS: ErrorStatus[] = [400, 403, 413, 415];
/** What resolving the caller can answer: a Bearer that does not check out, a PREMIUM key over its rate. */
const CALLER_ERRORS: ErrorStatus[] = [401, 429];
/** ...and when credentials are required or a scope is checked. */
const SIGNED_IN_ERRORS: ErrorStatus[] = [401, 403, 429];
const PURCHASE_ERRORS: ErrorStatus[] = [...BODY_ERRORS, ...SIGNED_IN_ERRORS, 404, 409, 422, 503];
const REPORT_ERRORS: ErrorStatus[] = [...BODY_ERRORS, ...SIGNED_IN_ERRORS, 402, 404];

/** What a keyed answer says about the key's limit (none for a session or an anonymous caller). */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": z.number().int().optional().openapi({ description: `Requests the API key may make per minute window (${API_KEY_REQUESTS_PER_MINUTE}).` }),
  "RateLimit-Remaining": z.number().int().optional().openapi({ description: "Requests left in the current window." }),
  "RateLimit-Reset": z.number().int().optional().openapi({ description: "Seconds until the window resets." }),
  "RateLimit-Policy": z.string().optional().openapi({ description: "The limit and its window in seconds, e.g. 600;w=60." }),
};
const rateLimitedHeaders = z.object(RATE_LIMIT_HEADERS);
/** A score answer's ETag: send it back in If-None-Match for a 304 while the dataset, methodology and answer hold. */
const versionedHeaders = z.object({
  ETag: z.string().openapi({ description: "Tied to dataset_version, methodology_version and the request (path, query, and the answer the caller may read). Send it in If-None-Match: 304 while it holds." }),
  ...RATE_LIMIT_HEADERS,
});
/** Every error answer names its request (the same id as the body's request_id). */
const REQUEST_ID_HEADERS = {
  [REQUEST_ID_HEADER]: z.string().openapi({ description: "The request's id: the same as the body's request_id." }),
};
const errorHeaders = z.object(REQUEST_ID_HEADERS);
const allowHeaders = z.object({ Allow: z.string().openapi({ description: "The methods the path takes, e.g. GET, HEAD, OPTIONS." }), ...REQUEST_ID_HEADERS });
const retryAfterHeaders = z.object({
  "Retry-After": z.number().int().openapi({ description: "Seconds to wait: for an API key, the seconds until its window resets." }),
  ...RATE_LIMIT_HEADERS,
  ...REQUEST_ID_HEADERS,
});

// ---------- operations ----------

const PAGING_TEXT =
  "Newest first, a page at a time: `limit` items (default and most 100); when `has_more` is true, ask again with `starting_after` set to the last item's id (reports) or number (invoices, receipts).";

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
  query: z.object({ format: z.enum(["json", "ndjson"]).optional().openapi({ description: "ndjson for the streamed form; otherwise Accept decides (JSON by default)." }) }),
  body: { schema: batch.BatchRequest, types: ["application/json"] },
  response: { schema: batch.HazardsBatchResponse, description: "One item per location, in the request's order." },
  alternateContent: { "application/x-ndjson": batch.HazardsBatchLine },
  responseHeaders: z.object({ ETag: z.string().openapi({ description: "Tied to dataset_version, methodology_version, the caller's access and the request." }), ...RATE_LIMIT_HEADERS }),
  notModified: true,
  errors: [400, 401, 403, 413, 429],
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
    query: z.object({ country_code: z.string().openapi({ description: "ISO 3166-1 alpha-2 country code.", example: "FR" }) }),
    response: { schema: risk.RegionsResponse, description: "Regions, sorted by name; codes are ISO 3166-2 where available." },
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
    description: "Includes hist, the historical reference (its ssp is null); applications usually hide it from scenario pickers.",
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
    query: z.object({ duration: z.string().optional().openapi({ description: "Duration id; defaults to the first duration.", example: "30y" }), scenario: scenario(true) }),
    response: { schema: risk.PeriodsResponse, description: "Periods of the scenario (hist has only the historical period)." },
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
    query: z.object({
      location_code: z.string().openapi({ description: "Country (alpha-2), region (ISO 3166-2) or H3 resolution-4 hexagon id.", example: "GB" }),
      scenario: scenario(false),
      period,
      lat: lat.optional(),
      lon: lon.optional(),
      explain,
    }),
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
    query: z.object({ lon, lat }),
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
    query: z.object({ lat, lon, scenario: scenario(false), period, explain }),
    response: { schema: risk.PointHazardsResponse, description: "Scores with the point's codes, or status out_of_range with hazards null." },
    responseHeaders: versionedHeaders,
    notModified: true,
    errors: [400, ...CALLER_ERRORS],
  },
]);

/** GET names the live key (never creates one), POST creates or rotates it, DELETE revokes it; the last two need a signed-in session. */
function appKeyOps(id: string, path: string, suffix: string): ApiOperation[] {
  const premiumOnly = "Answers 403 'Only users with the PREMIUM Subscription Plan can use this option' for other plans.";
  return [
    {
      id,
      method: "get",
      path,
      tag: "Account",
      summary: `API key (PREMIUM only)${suffix}`,
      description: `Names the live key (key is null: the full key is shown only by the POST that creates it). A GET never creates or rotates a key; without a live key it answers 404. ${premiumOnly}`,
      access: "required",
      response: { schema: account.ApiKeyResponse, description: "The live key's name." },
      errors: [...SIGNED_IN_ERRORS, 404],
    },
    {
      id: `${id}Rotate`,
      method: "post",
      path,
      tag: "Account",
      summary: `Rotate the API key${suffix}`,
      description: `Creates a key, or revokes the current one and answers a new one; shown once. Needs the session (cookie or Bearer session token), not an API key. ${premiumOnly}`,
      access: "session",
      response: { schema: account.ApiKeyResponse, description: "The new key, shown once.", example: { status: "ok", key: "crk_Q2xpbWF0ZVJpc2tEZW1vS2V5Rm9yRG9jc09ubHkxMjM0NTY3", prefix: "crk_Q2xpbWF0", created_at: "2026-11-01T10:00:00.000Z" } },
      errors: [...SIGNED_IN_ERRORS, 413],
    },
    {
      id: `${id}Revoke`,
      method: "delete",
      path,
      tag: "Account",
      summary: `Revoke the API key${suffix}`,
      description: "Needs the session (cookie or Bearer session token), not an API key.",
      access: "session",
      response: { schema: account.ApiKeyRevokedResponse, description: "How many keys were revoked." },
      errors: [...SIGNED_IN_ERRORS, 413],
    },
  ];
}

const accountOps: ApiOperation[] = [
  {
    id: "availableLocations",
    method: "get",
    path: API_PATHS.availableLocations,
    tag: "Account",
    summary: "Locations the user may open",
    access: "required",
    response: { schema: account.AvailableLocationsResponse, description: "Remaining limits and the codes the user may open." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "currentSubscription",
    method: "get",
    path: API_PATHS.currentSubscription,
    tag: "Account",
    summary: "Current plan and upgrade options",
    access: "required",
    response: { schema: account.CurrentSubscriptionResponse, description: "Plan, limits and the plans on offer." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "tariffUpgrade",
    method: "post",
    path: API_PATHS.tariffUpgrade,
    tag: "Account",
    summary: "Upgrade the plan, optionally with data packages",
    description:
      "Only to a plan above the current one (tariff_id as in upgrade_subscription_plan); the current plan with packages buys the packages alone. A lower plan or nothing to buy answers 400. Needs filled billing info and the current terms accepted (PUT terms_conditions); VAT follows its country.",
    access: "session",
    headers: idempotencyHeaders,
    body: json(orders.TariffUpgradeBody),
    response: { schema: orders.PurchaseResponse, description: "The order, paid or waiting for payment.", example: { status: "paid", order_id: 11, lead_id: null, total: "1 368.00", invoice_number: 4, checkout_url: null, test_payment: true } },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "reportsList",
    method: "get",
    path: API_PATHS.reportsList,
    tag: "Account",
    summary: "Reports of the user",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    response: { schema: account.ReportsListResponse, description: "Paid self-service orders and what they cover." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  {
    id: "invoices",
    method: "get",
    path: API_PATHS.invoices,
    tag: "Account",
    summary: "Invoices",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    response: { schema: account.InvoicesResponse, description: "Invoices, newest first." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  {
    id: "receipts",
    method: "get",
    path: API_PATHS.receipts,
    tag: "Account",
    summary: "Receipts",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    response: { schema: account.ReceiptsResponse, description: "Receipts, newest first." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  ...appKeyOps("customerAppKey", API_PATHS.customerAppKey, ""),
  ...appKeyOps("appKey", API_PATHS.appKey, ", alternative path"),
  {
    id: "billingInfoGet",
    method: "get",
    path: API_PATHS.billingInfo,
    tag: "Account",
    summary: "Billing information",
    access: "required",
    response: { schema: account.BillingInfoResponse, description: "Billing information and whether it is complete." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "billingInfoPut",
    method: "put",
    path: API_PATHS.billingInfo,
    tag: "Account",
    summary: "Update billing information",
    description: "Company fields may also be sent flat (company_name, country, zip, city, street, vat_number).",
    access: "session",
    body: json(account.BillingInfoBody),
    response: { schema: account.BillingInfoResponse, description: "The saved billing information." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
  {
    id: "termsGet",
    method: "get",
    path: API_PATHS.termsConditions,
    tag: "Account",
    summary: "Terms acceptance",
    access: "required",
    response: { schema: account.TermsResponse, description: "Whether the current terms are accepted." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "termsPut",
    method: "put",
    path: API_PATHS.termsConditions,
    tag: "Account",
    summary: "Accept or decline the terms",
    access: "session",
    body: json(account.TermsBody),
    response: { schema: account.TermsResponse, description: "The terms acceptance after the change." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
];

const previewExample = {
  status: "ok",
  upload_id: "6d1f1e0e-8a2b-4a55-9a3c-1c2d3e4f5a6b",
  file_name: "portfolio.csv",
  total_locations: 19,
  valid_locations: 16,
  invalid_locations: 1,
  out_of_range_locations: 1,
  duplicate_locations: 1,
  billed_locations: 16,
  blank_rows: 0,
  header_rows: 1,
  invalid: [{ row: 7, reason: "lat is not a number" }],
  out_of_range: [{ row: 9, reason: "at sea" }],
  duplicates: [{ row: 12, duplicate_of: 3 }],
  corrected_locations: 1,
  geocoded_locations: 0,
  placed: [{ row: 5, id: "FR-002", reason: "coordinates swapped, corrected" }],
  issues_truncated: false,
  limits: null,
  portfolio_limits: portfolioLimitsFor("PREMIUM"),
  data: [{ row: 2, lat: 51.507, lon: -0.128, name: "London office" }],
  data_truncated: true,
  access_token: "Zm9yIGRvY3Mgb25seQ",
  lead_id: null,
  columns: ["name", "lat", "lon"],
  detected: { lat: "lat", lon: "lon", name: "name", id: null, swapped: false, column_order: { as_named: 16, swapped: 0 } },
  weighted_by: ["local GDP per Capita equivalent"],
  weight_column: "local GDP per Capita equivalent",
  warnings: [],
  figures: { shown: true, distinct_hexagons: 14, min_hexagons: 10 },
  piecharts: [{ hazard_id: "FD", counts: { L: 8, M: 4, H: 2, S: 1, E: 0, none: 0 } }],
  summary_table: [{ hazard_id: "FD", scenario: "hist", period: "hist", counts: { L: 8, M: 4, H: 2, S: 1, E: 0, none: 0 }, at_risk_share: 0.2, weighted: { value: null, score: null, level: null } }],
};

const blockOp = (id: string, path: string, block: keyof typeof upload.ReportBlockResponses, summary: string, example: unknown): ApiOperation => ({
  id,
  method: "post",
  path,
  tag: "Portfolio upload",
  summary,
  description: "upload_id (and access_token) in the query or the body; the caller's latest upload when absent. Needs a confirmed purchase of the portfolio; answers 202 with the progress while the report is being built.",
  access: "required",
  query: uploadQuery,
  body: { ...json(orders.UploadRef), required: false },
  response: { schema: upload.ReportBlockResponses[block], description: "The block of the finished report.", example },
  accepted: { schema: upload.ReportRunningResponse, description: "The report is still being built: its progress." },
  errors: REPORT_ERRORS,
});
const level = (value: number, score: 1 | 2 | 3 | 4 | 5) => ({ value, score, level: (["L", "M", "H", "S", "E"] as const)[score - 1] });
const future = { "2030": level(0.32, 2), "2040": level(0.35, 2), "2050": level(0.41, 3) };

const uploadOps: ApiOperation[] = [
  {
    id: "uploadPreview",
    method: "post",
    path: API_PATHS.uploadPreview,
    tag: "Portfolio upload",
    summary: "Preview an uploaded portfolio",
    description:
      "Multipart form with the CSV or XLSX file (UTF-8 or UTF-16 CSV). Allow 30 s. The location counts partition the rows read: total_locations = valid_locations + duplicate_locations + invalid_locations + out_of_range_locations. billed_locations, what a report order charges for, is the valid locations. The charts and summary table are the paid report's figures for the same file, for every caller: whole-file shares over at least figures.min_hexagons distinct hexagons, else withheld (figures.shown false). Keep upload_id and access_token: later calls name the upload with them. An account reads a few files at once: more answer 429 with Retry-After.",
    access: "optional",
    body: { schema: upload.UploadForm, types: ["multipart/form-data"] },
    response: { schema: upload.PreviewResponse, description: "Counts, issues, sample rows and the preview charts.", example: previewExample },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS],
  },
  {
    id: "requestPreview",
    method: "post",
    path: API_PATHS.requestPreview,
    tag: "Portfolio upload",
    summary: "Charts and summary of a preview, or the built report's blocks",
    description: "upload_id and access_token in the query or the body; a signed-in caller's latest upload when absent.",
    access: "optional",
    query: uploadQuery,
    body: { ...json(orders.UploadRef), required: false },
    response: {
      schema: upload.RequestPreviewResponse,
      description: "The preview's charts until the report is built, then its output blocks.",
      example: { status: "ok", report: { status: "not_requested", processed: 0, total: 0, percent: 0 }, piecharts: previewExample.piecharts, summary_table: previewExample.summary_table },
    },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS, 404],
  },
  {
    id: "generateReport",
    method: "get",
    path: API_PATHS.generateReport,
    tag: "Portfolio upload",
    summary: "Generate the full portfolio report",
    description: "Starts the paid report's job (once) and answers its progress and, when built, its files.",
    access: "required",
    query: uploadQuery,
    response: { schema: upload.GenerateReportResponse, description: "The report's progress and files." },
    errors: [400, ...SIGNED_IN_ERRORS, 402, 404],
  },
  blockOp("uploadRequestStats", API_PATHS.uploadRequestStats, "request_stats", "Report statistics", {
    status: "ok",
    output_request_stats: { asset_number: 19, hexagon_number: 16, country_number: 11, locations: { countries: [{ country_code: "GB", country_name: "United Kingdom", asset_number: 5 }], hexagons: ["84194adffffffff"] }, report_cost: "238.00", report_currency: "EUR", new_hexagon_request: 16 },
  }),
  blockOp("uploadOverallEstimate", API_PATHS.uploadOverallEstimate, "risks_overall_estimate", "Overall risk estimate", {
    status: "ok",
    output_risks_overall_estimate: { hist: level(0.3, 2), future: { rcp26: future, rcp45: future, rcp85: future } },
  }),
  blockOp("uploadDiversity", API_PATHS.uploadDiversity, "risks_diversity", "Hazard diversity", {
    status: "ok",
    output_risks_diversity: { AL: 3, CS: 0, HW: 7, LS: 1, WF: 2, FD: 4, DR: 0, SS: 1, ER: 2, TC: 0, PC: 0, SL: 1 },
  }),
  blockOp("uploadIntensity", API_PATHS.uploadIntensity, "risks_intensity", "Intensity distribution", {
    status: "ok",
    output_risks_intensity: [[1, 5], [2, 8], [3, 3], [4, 0], [5, 0], [0, 0]],
  }),
  blockOp("uploadSocialEconomics", API_PATHS.uploadSocialEconomics, "risks_social_economics", "Social and economic context by country", {
    status: "ok",
    social_by_country_sum: [{ country_code: "GB", country_name: "United Kingdom", asset_number: 5, hexagon_number: 4, population_at_risk: 120000, electricity_consumption_at_risk: null, agricultural_land_total_surface_at_risk: null }],
    not_available: { electricity_consumption_at_risk: "not available: no open source", agricultural_land_total_surface_at_risk: "not available: no open source" },
  }),
];

const orderOps: ApiOperation[] = [
  {
    id: "leadFileTransfer",
    method: "post",
    path: API_PATHS.leadFileTransfer,
    tag: "Orders",
    summary: "Turn the previewed file into a lead",
    description: "Names the upload with upload_id and access_token (from upload_preview); a signed-in caller may omit both for the latest upload.",
    access: "optional",
    body: { ...json(orders.UploadRef), required: false },
    response: { schema: orders.LeadIdResponse, description: "The lead to order for." },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS, 404],
  },
  {
    id: "leadPostalAddress",
    method: "post",
    path: API_PATHS.leadPostalAddress,
    tag: "Orders",
    summary: "Start a single-location order",
    access: "required",
    body: json(orders.PostalAddressBody),
    response: { schema: orders.PostalAddressLeadResponse, description: "The lead and the point's scores." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
  {
    id: "leadConfirmPurchase",
    method: "post",
    path: API_PATHS.leadConfirmPurchase,
    tag: "Orders",
    summary: "Confirm a purchase",
    description: "Pays the order. The buyer signs in and needs filled billing info and the current terms accepted (PUT terms_conditions) first; VAT follows its country.",
    access: "session",
    headers: idempotencyHeaders,
    body: json(orders.ConfirmPurchaseBody),
    response: { schema: orders.PurchaseResponse, description: "The order, paid or waiting for payment." },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "leadPayment",
    method: "get",
    path: API_PATHS.leadPayment,
    tag: "Orders",
    summary: "Payment status of a lead",
    access: "optional",
    query: z.object({ lead_id: z.number().int().min(1).openapi({ description: "The lead's id (from file_transfer or postal_address).", example: 42 }) }),
    response: { schema: orders.LeadPaymentResponse, description: "The lead's latest order and whether it is paid." },
    errors: [400, ...CALLER_ERRORS, 404],
  },
  {
    id: "selfServiceProducts",
    method: "get",
    path: API_PATHS.selfServiceProducts,
    tag: "Orders",
    summary: "Self-service products",
    access: "none",
    response: { schema: orders.SelfServiceProductsResponse, description: "Products and prices." },
    errors: [],
  },
  {
    id: "selfServiceCreateOrder",
    method: "post",
    path: API_PATHS.selfServiceCreateOrder,
    tag: "Orders",
    summary: "Create a self-service order",
    description:
      "The order is priced from the lead itself: a portfolio lead for its upload's unique valid locations, a postal-address lead for one. Only products of the lead's kind may be chosen (the portfolio report for a portfolio, the PDF for a postal address).",
    access: "optional",
    headers: idempotencyHeaders,
    body: json(orders.CreateOrderBody),
    response: { schema: orders.CreateOrderResponse, description: "The priced order." },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "packageRegister",
    method: "get",
    path: API_PATHS.packageRegister,
    tag: "Orders",
    summary: "Data packages",
    description: "Open to anyone: the price list of country, region and hexagon packages, cheapest first after the placeholder.",
    access: "none",
    response: { schema: orders.PackageRegisterResponse, description: "Packages by group." },
    errors: [],
  },
  {
    id: "buyProducts",
    method: "post",
    path: API_PATHS.buyProducts,
    tag: "Orders",
    summary: "Buy country, region or hexagon credits",
    description: "type: 1 country, 2 region, 3 hexagon. Needs filled billing info and the current terms accepted (PUT terms_conditions); VAT follows its country.",
    access: "session",
    headers: idempotencyHeaders,
    body: json(orders.BuyProductsBody),
    response: { schema: orders.PurchaseResponse, description: "The order, paid or waiting for payment.", example: { status: "paid", order_id: 12, lead_id: null, total: "300.00", invoice_number: 5, checkout_url: null, test_payment: true } },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "stripeWebhook",
    method: "post",
    path: API_PATHS.stripeWebhook,
    tag: "Orders",
    summary: "Stripe payment events",
    description: "Called by Stripe with a signed event (Stripe-Signature header); an order settles once however often the event is delivered.",
    access: "none",
    body: { schema: z.object({}).passthrough().openapi({ description: "The Stripe event, as Stripe signs it." }), types: ["application/json"] },
    response: { schema: orders.WebhookResponse, description: "The event was received." },
    errors: [400, 413, 404, 409, 503],
  },
];

const contentOps: ApiOperation[] = [
  {
    id: "faqList",
    method: "get",
    path: API_PATHS.faqList,
    tag: "Content",
    summary: "FAQ list",
    access: "none",
    query: z.object({ category: z.string().max(100).optional().openapi({ description: "Only the questions of this category." }) }),
    response: { schema: content.FaqListResponse, description: "Every published question, with a count." },
    errors: [400],
  },
  {
    id: "faqItem",
    method: "get",
    path: API_PATHS.faqItem("{id}"),
    tag: "Content",
    summary: "FAQ item",
    access: "none",
    response: { schema: content.FaqItem, description: "One question and its answer." },
    errors: [404],
  },
  {
    id: "blogList",
    method: "get",
    path: API_PATHS.blogList,
    tag: "Content",
    summary: "Blog posts",
    access: "none",
    query: z.object({
      page: z.number().int().min(1).optional().openapi({ description: "Page number (default 1).", example: 1 }),
      page_size: z.number().int().min(1).max(100).optional().openapi({ description: "Posts per page (default 10).", example: 10 }),
      topic: z.number().int().min(1).optional().openapi({ description: "Topic id." }),
    }),
    response: { schema: content.BlogListResponse, description: "Published posts, newest first, with next and previous page URLs." },
    errors: [400, 404],
  },
  {
    id: "blogItem",
    method: "get",
    path: API_PATHS.blogItem("{id}"),
    tag: "Content",
    summary: "Blog post",
    access: "none",
    response: { schema: content.BlogPostResponse, description: "One published post with its HTML body." },
    errors: [404],
  },
  {
    id: "blogTopics",
    method: "get",
    path: API_PATHS.blogTopics,
    tag: "Content",
    summary: "Blog topics",
    access: "none",
    response: { schema: content.BlogTopicsResponse, description: "Topics with a count." },
    errors: [],
  },
  {
    id: "newsletterSubscribe",
    method: "post",
    path: API_PATHS.newsletterSubscribe,
    tag: "Content",
    summary: "Subscribe to the newsletter (double opt-in)",
    description: "Sends an e-mail with a confirmation link; the subscription counts once the link is opened. Re-subscribing an unconfirmed address sends a new link.",
    access: "none",
    body: json(content.NewsletterBody),
    response: { schema: content.MessageResponse, description: "What happens next, in words." },
    formRedirect: true,
    errors: [...BODY_ERRORS, 429],
    errorBodies: { 400: content.NewsletterErrorBody },
  },
  {
    id: "getEmailList",
    method: "get",
    path: API_PATHS.getEmail,
    tag: "Content",
    summary: "Documents that can be requested by e-mail",
    access: "none",
    response: { schema: account.DocumentsListResponse, description: "Documents: name and id." },
    errors: [],
  },
  {
    id: "getEmailSend",
    method: "post",
    path: API_PATHS.getEmail,
    tag: "Content",
    summary: "E-mail a document as a PDF attachment",
    access: "none",
    query: z.object({ document_id: z.enum(DOCUMENTS.map((d) => d.id) as [string, ...string[]]).openapi({ description: "Document id from the list.", example: "methodology" }) }),
    body: json(content.EmailBody),
    response: { schema: content.SuccessResponse, description: "The document is on its way." },
    formRedirect: true,
    errors: [...BODY_ERRORS, 404, 429],
  },
  {
    id: "contact",
    method: "post",
    path: API_PATHS.contact,
    tag: "Content",
    summary: "Send a message to the team",
    access: "none",
    body: json(content.ContactBody),
    response: { schema: content.ContactResponse, description: "The message was stored and sent." },
    errors: [...BODY_ERRORS, 429],
  },
];

export const API_OPERATIONS: readonly ApiOperation[] = [...riskOps, batchOp, ...accountOps, ...uploadOps, ...orderOps, ...contentOps];

// ---------- the document ----------

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  none: [],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  required: [{ bearerAuth: [] }, { sessionCookie: [] }],
  session: [{ bearerAuth: [] }, { sessionCookie: [] }],
};

/** The example a schema carries in its `.openapi({ example })` metadata, if any. */
function exampleOf(schema: Schema): unknown {
  return (schema._def as { openapi?: { metadata?: { example?: unknown } } }).openapi?.metadata?.example;
}

const withExample = (schema: Schema, example?: unknown) => {
  const e = example ?? exampleOf(schema);
  return { schema, ...(e === undefined ? {} : { example: e }) };
};

function responsesOf(op: ApiOperation): Record<string, ResponseConfig> {
  const responses: Record<string, ResponseConfig> = {
    200: {
      description: op.response.description,
      content: { "application/json": withExample(op.response.schema, op.response.example), ...Object.fromEntries(Object.entries(op.alternateContent ?? {}).map(([type, schema]) => [type, { schema }])) },
      ...(op.responseHeaders ? { headers: op.responseHeaders } : {}),
    },
  };
  if (op.notModified) responses[304] = { description: "Not modified: the ETag sent in If-None-Match is still current (same dataset, methodology, access and request).", ...(op.responseHeaders ? { headers: op.responseHeaders } : {}) };
  if (op.accepted) responses[202] = { description: op.accepted.description, content: { "application/json": withExample(op.accepted.schema) } };
  if (op.formRedirect) {
    responses[302] = {
      description: "A form posted by a browser page (multipart or urlencoded, with the page's `redirect` field) is answered with a redirect back to that page, its outcome in a flash message.",
      headers: z.object({ Location: z.string().openapi({ description: "The page the form came from." }) }),
    };
  }
  // Every path answers 405 (with Allow) to a method it does not take.
  const statuses = [...new Set([...op.errors, 405 as const, 500 as const])].sort((a, b) => a - b);
  for (const status of statuses) {
    const schema = op.errorBodies?.[status] ?? ErrorBody;
    responses[status] = {
      description: ERROR_STATUS_TEXT[status],
      content: { "application/json": { schema } },
      headers: status === 429 ? retryAfterHeaders : status === 405 ? allowHeaders : errorHeaders,
    };
  }
  return responses;
}

function routeOf(op: ApiOperation): RouteConfig {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return {
    method: op.method,
    path: op.path,
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: SECURITY[op.access],
    request: {
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.number().int().min(1).openapi({ description: "The item's id.", example: 1 })]))) } : {}),
      ...(op.body
        ? {
            body: {
              required: op.body.required ?? true,
              content: Object.fromEntries(op.body.types.map((type) => [type, withExample(op.body!.schema)])),
            },
          }
        : {}),
    },
    responses: responsesOf(op),
  };
}

/** The OpenAPI 3.1 document; its version follows the changelog (app/domain/api/api-changelog.ts). */
export function buildOpenApiDocument(origin: string, version = API_VERSION) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A session token or a PREMIUM API key (crk_…) in `Authorization: Bearer`.",
  });
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description: "The session cookie a browser holds after signing in on the site.",
  });
  for (const op of API_OPERATIONS) registry.registerPath(routeOf(op));
  const base = origin.replace(/\/$/, "");
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Climate risk public API",
      version,
      description:
        [
          "Physical climate risk scores (1 Low to 5 Extreme) for countries, regions, H3 resolution-4 hexagons and points, under RCP2.6, RCP4.5 and RCP8.5 for 2030, 2040 and 2050, plus the account, order and content endpoints used by the web application.",
          `What changed, with dates, in the API and the dataset: ${base}/api/changelog`,
          "## Limits",
          ...API_LIMITS_TEXT,
        ].join("\n\n"),
      license: { name: "Proprietary: see the terms of use", url: `${base}/terms` },
      contact: { name: "Climate risk platform", url: `${base}/contact` },
    },
    servers: [{ url: `${base}${API_PREFIX}` }],
    tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
  });
  allowNullInEnums(document);
  return document as typeof document & { paths: NonNullable<(typeof document)["paths"]> };
}

/**
 * zod-to-openapi writes a nullable enum as `type: [string, null]` with an enum that lacks null, which no value null
 * can satisfy in JSON Schema: add null to such enums so the document says what `.nullable()` means.
 */
function allowNullInEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullInEnums);
  if (!node || typeof node !== "object") return;
  const schema = node as { type?: unknown; enum?: unknown[] };
  if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes("null") && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(node)) allowNullInEnums(value);
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
