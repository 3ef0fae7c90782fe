/**
 * The riskdb JSON API: query parsing, entitlement checks and calls to the hazard engine. Each endpoint
 * has a data function (usable from dashboard loaders) and a Response handler (used by the api+ routes), which adds
 * CORS, cache headers and the error mapping.
 */
import { json } from "@remix-run/node";
import { latLngToCell } from "h3-js";
import { HEXAGON_RESOLUTION, isOpenLevel } from "~/domain/commerce/entitlements";
import { HAZARDS, PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import {
  SAMPLE_DEFAULT_LOCATION,
  hazardScoresParamsSchema,
  locationCodesParamsSchema,
  periodsParamsSchema,
  pointHazardsParamsSchema,
  regionsParamsSchema,
  type HazardScoresParams,
  type PointHazardsParams,
} from "~/domain/api/params/riskdb-params";
import {
  DURATIONS,
  PERIODS,
  SCENARIOS,
  SCENARIO_IDS,
  periodsForScenario,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import { RiskInputError, RiskNotFoundError, getRiskEngine } from "~/risk/engine/load-engine.server";
import { z } from "zod";
import type * as contract from "~/domain/api-contract/risk";
import { API_RESPONSE_HEADERS, apiError, finishApiResponse, parseQuery, requestIdOf } from "./api-response.server";
import { REQUEST_ID_HEADER } from "~/domain/api/api-errors";
import { API_VERSION_HEADER, API_VERSION_MESSAGE, apiVersionHeaders, apiVersionOf } from "~/domain/api/api-versions";
import { rateLimitHeaders } from "~/domain/api/keys/api-limits";
import type { AppLoadContext } from "@remix-run/node";
import {
  anonymousRateStateOf,
  giveBackIfNotModified,
  limitAnonymousCaller,
  rateLimitStateOf,
  readBearer,
  resolveApiCaller,
} from "./keys/api-auth.server";
import { requestClientAddress } from "../http/client-address.server";
import {
  NotEntitledError,
  assertCanAccess,
  assertFinestAccessibleLevel,
  parseLocationCode,
  type AccessCaller,
} from "../commerce/entitlements.server";
import { BadRequestError, NotFoundError } from "../http/errors.server";
import { nearestPlaceName } from "../maps/places.server";
import { canonicalQuery, etagMatches, versionedEtag } from "./api-etag.server";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { floodLayerSlotAt } from "../flood/flood-layer-scores.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

/** The dataset only changes with a deployment, so list answers may sit in any cache for an hour. */
const PUBLIC_CACHE = "public, max-age=3600";

/** Public read-only API: any origin may GET it, but never with the visitor's cookies (no Allow-Credentials). */
const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  "Access-Control-Max-Age": "86400",
};

export function withCors(response: Response): Response {
  for (const [k, v] of Object.entries(CORS_HEADERS)) response.headers.set(k, v);
  return response;
}

function preflight(): Response {
  return withCors(new Response(null, { status: 204 }));
}

/** Route `action` of every riskdb route: this API is read-only. */
export function riskdbMethodNotAllowed({ request }: { request: Request }): Response {
  if (request.method === "OPTIONS") return preflight();
  return withCors(
    json(
      { ...API_ERROR_MARK, error: `Method ${request.method} is not allowed; use GET` },
      { status: 405, headers: { Allow: "GET, HEAD, OPTIONS" } },
    ),
  );
}

/** Engine errors become the service's typed errors (400 naming the parameter, 404). */
function engine<T>(fn: (e: ReturnType<typeof getRiskEngine>) => T): T {
  try {
    return fn(getRiskEngine());
  } catch (error) {
    if (error instanceof RiskInputError) throw new BadRequestError(error.message, error.param);
    if (error instanceof RiskNotFoundError) throw new NotFoundError(error.message);
    throw error;
  }
}

export function riskdbErrorResponse(error: unknown): Response {
  if (error instanceof Response) return withCors(error);
  if (error instanceof NotEntitledError) {
    return withCors(
      json(
        {
          ...API_ERROR_MARK,
          error: error.message,
          code: error.code,
          field: "location_code",
          kind: error.kind,
          location_code: error.locationCode,
          modal: error.modal,
        },
        { status: 403, headers: { "Cache-Control": "no-store" } },
      ),
    );
  }
  return withCors(apiError(error));
}

interface Answer {
  body: unknown;
  /** Cache-Control; absent → no-store. */
  cache?: string;
  /** Request headers the answer depends on. */
  vary?: string;
  /** A score answer: it carries an ETag tied to the dataset and methodology versions and the request, and 304s. */
  versioned?: boolean;
}

/**
 * An endpoint's answer before it becomes a Response: the api+ routes wrap it in one, the production server entry
 * writes it to the socket directly (no Response body stream to read back).
 */
export interface RiskdbReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A keyed answer may be kept by the caller, never by a shared cache: it carries that key's rate-limit state. */
const KEYED_CACHE = "private, no-cache";

/**
 * The ETag of a score answer: the dataset and methodology versions, the path and query, and the answer itself
 * (what the caller may read decides which level answers, so two callers' answers to one query may differ).
 */
export function scoreAnswerEtag(request: Request, text: string): string {
  const url = new URL(request.url);
  return versionedEtag(getRiskEngine().datasetVersion, METHODOLOGY_VERSION, [url.pathname, canonicalQuery(url), text]);
}

async function reply(request: Request, fn: () => Answer | Promise<Answer>): Promise<RiskdbReply> {
  try {
    const { body, cache, vary, versioned } = await fn();
    const text = JSON.stringify(body);
    const etag = versioned ? scoreAnswerEtag(request, text) : undefined;
    const notModified = etag !== undefined && etagMatches(request.headers.get("If-None-Match"), etag);
    if (notModified) await giveBackIfNotModified(request, 304);
    const rate = rateLimitStateOf(request);
    // An anonymous caller's budget is told as a key's is, without making the answer private.
    const told = rate ?? anonymousRateStateOf(request);
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": rate ? KEYED_CACHE : (cache ?? "no-store"),
      ...(vary ? { Vary: vary } : {}),
      ...(etag ? { ETag: etag } : {}),
      ...(told ? rateLimitHeaders(told) : {}),
      ...API_RESPONSE_HEADERS,
      ...CORS_HEADERS,
      [REQUEST_ID_HEADER]: requestIdOf(request),
      ...apiVersionHeaders(request.headers.get(API_VERSION_HEADER)),
    };
    if (notModified) {
      delete headers["Content-Type"];
      return { status: 304, headers, body: null };
    }
    return { status: 200, headers, body: text };
  } catch (error) {
    const response = await finishApiResponse(request, riskdbErrorResponse(error));
    const rate = rateLimitStateOf(request) ?? anonymousRateStateOf(request);
    if (rate && response.status !== 429)
      for (const [name, value] of Object.entries(rateLimitHeaders(rate))) response.headers.set(name, value);
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }
}

function toResponse(r: RiskdbReply): Response {
  return new Response(r.body, { status: r.status, headers: r.headers });
}

const PREFLIGHT_REPLY: RiskdbReply = { status: 204, headers: CORS_HEADERS, body: null };

// ---------- data functions ----------

type Answer_<K extends keyof typeof contract> = z.input<(typeof contract)[K]>;

export function listCountries(): Answer_<"CountriesResponse"> {
  return { status: "ok" as const, countries: engine((e) => e.countries()) };
}

export function listRegions(countryCode: string): Answer_<"RegionsResponse"> {
  return {
    status: "ok" as const,
    country_code: countryCode.trim().toUpperCase(),
    regions: engine((e) => e.regions(countryCode)),
  };
}

export function listDurations(): Answer_<"DurationsResponse"> {
  return { status: "ok" as const, durations: DURATIONS.map((d) => ({ id: d.id, name: d.name })) };
}

/** Every scenario including hist (the UI drops hist from its selector); ids are the RCP ones, no ssp245 entry. */
export function listScenarios(): Answer_<"ScenariosResponse"> {
  return {
    status: "ok" as const,
    scenarios: SCENARIO_IDS.map((id) => ({
      id,
      name: SCENARIOS[id].name,
      ssp: SCENARIOS[id].ssp,
      narrative: SCENARIOS[id].narrative,
    })),
  };
}

export function listHazardIds(): Answer_<"HazardIdsResponse"> {
  const view = (id: keyof typeof HAZARDS) => ({ hazard_id: id, name: HAZARDS[id].name, colour: HAZARDS[id].colour });
  return { status: "ok" as const, hazards: PER_HAZARD_IDS.map(view), aggregate: view("AL") };
}

export function listPeriods(scenario: ScenarioId, duration: string): Answer_<"PeriodsResponse"> {
  return {
    status: "ok" as const,
    scenario,
    duration,
    periods: periodsForScenario(scenario).map((p) => ({ id: p, name: PERIODS[p].name })),
  };
}

export function locationCodes(lat: number, lon: number): Answer_<"LocationCodesResponse"> {
  const r = engine((e) => e.locate(lat, lon));
  if (r.status !== "ok")
    return {
      status: r.status,
      reason: r.reason,
      message: r.message,
      hexagon_code: null,
      region_code: null,
      country_code: null,
    };
  return r;
}

/** The dataset is immutable while an engine is loaded, and its summary scans every cell: computed once per engine. */
const statisticByEngine = new WeakMap<object, ReturnType<ReturnType<typeof getRiskEngine>["statistic"]>>();

export function datasetStatistic(): Answer_<"StatisticResponse"> {
  const { lat, lon, country, city } = SAMPLE_DEFAULT_LOCATION;
  const dataset = engine((e) => {
    let summary = statisticByEngine.get(e);
    if (!summary) statisticByEngine.set(e, (summary = e.statistic()));
    // What the data holds, not how this server holds it: no build script, load time or memory.
    const { generator: _generator, load_ms: _loadMs, memory_bytes: _memoryBytes, ...data } = summary;
    return { ...data, dataset_version: e.datasetVersion };
  });
  return { status: "ok" as const, statistic: { geography: { lat, lon, country, city }, dataset } };
}

/**
 * Hazards at a point, at the finest level the caller's account may read (the entitlement rule): the hexagon when
 * ordered or in a paid report, else the region, else the country; `location_type` says which. At the hexagon level the
 * scores are the point's own (its drivers at their finest resolution). `explain` follows the same rule.
 */
export async function pointHazards(
  caller: AccessCaller | null,
  p: PointHazardsParams,
): Promise<Answer_<"PointHazardsResponse">> {
  const loc = engine((e) => e.placePoint(p.lat, p.lon));
  if (loc.status !== "ok") return { status: loc.status, reason: loc.reason, message: loc.message, hazards: null };
  const level = await assertFinestAccessibleLevel(caller, loc);
  const place = p.explain && level.kind === "hexagon" ? pointPlace(p.lat, p.lon) : undefined;
  // at the hexagon level the point's own scores; at a region or country its rollup, coastal hazards masked inland
  const placeName = level.kind === "hexagon" ? undefined : (pointPlace(p.lat, p.lon).name ?? undefined);
  // a point read at its hexagon: river and coastal flood from a depth layer where one covers it
  const floodLayers = level.kind === "hexagon" ? await floodLayerSlotAt(loc, p.scenario, p.period) : undefined;
  const scored = engine((e) =>
    e.scoreAt(loc, level, p.scenario, p.period, { explain: p.explain, place, placeName, floodLayers }),
  );
  const r =
    level.kind === "hexagon" || p.explain
      ? scored
      : { ...scored, hazards: scored.hazards.map((h) => (h.state === "not_applicable" ? withoutExplanation(h) : h)) };
  return {
    status: "ok" as const,
    ...versions(),
    lat: p.lat,
    lon: p.lon,
    hexagon_code: loc.hexagon_code,
    region_code: loc.region_code,
    country_code: loc.country_code,
    snapped_to_land: loc.snapped_to_land,
    ...r,
  };
}

function withoutExplanation<T extends { explanation?: unknown }>(item: T): T {
  const { explanation: _explanation, ...rest } = item;
  return rest as T;
}

/** What a score answer names so it can be reproduced: the dataset's and the methodology's versions. */
function versions() {
  return { dataset_version: getRiskEngine().datasetVersion, methodology_version: METHODOLOGY_VERSION };
}

/** How an explanation names the hexagon of a point: by the town it is in or near, when there is one. */
function pointPlace(lat: number, lon: number): { kind: "point"; name: string | null } {
  let name: string | null = null;
  try {
    name = nearestPlaceName(lat, lon);
  } catch {
    // without the place list the sentence says "the point's hexagon"
  }
  return { kind: "point", name };
}

/**
 * Whether a point belongs to a hexagon: it lies in it, or location_codes resolves it there (a point in the water
 * snapped to the nearest land, or a shore point whose own cell is not over land).
 */
function pointScoredInHexagon(lat: number, lon: number, hexagon: string): boolean {
  if (latLngToCell(lat, lon, HEXAGON_RESOLUTION) === hexagon) return true;
  const located = engine((e) => e.locate(lat, lon));
  return located.status === "ok" && located.hexagon_code === hexagon;
}

/**
 * Scores of a country, region or hexagon for one scenario and period. Countries are open to anyone; other codes go
 * through the entitlement service. A hexagon also needs lat and lon of a point inside it.
 */
export async function hazardScores(
  request: Request,
  p: HazardScoresParams,
): Promise<{ body: Answer_<"HazardScoresResponse">; free: boolean }> {
  const ref = parseLocationCode(p.location_code);
  const place =
    p.explain && ref.kind === "hexagon" && p.lat !== undefined && p.lon !== undefined
      ? pointPlace(p.lat, p.lon)
      : undefined;
  const result = engine((e) => e.scores(ref.code, p.scenario, p.period, { explain: p.explain, place }));
  // Open levels skip the caller lookup: no database work on the most common anonymous request.
  const free = isOpenLevel(ref.kind);
  if (!free) await assertCanAccess(await resolveApiCaller(request), ref.code);
  if (ref.kind === "hexagon") {
    if (p.lat === undefined) throw new BadRequestError("lat is required for a hexagon location_code", "lat");
    if (p.lon === undefined) throw new BadRequestError("lon is required for a hexagon location_code", "lon");
    if (!pointScoredInHexagon(p.lat, p.lon, ref.code))
      throw new BadRequestError(`lat/lon ${p.lat}, ${p.lon} do not lie in hexagon ${ref.code}`, "lat");
  }
  return { body: { status: "ok" as const, ...versions(), ...result }, free };
}

// ---------- Response handlers for the api+ routes ----------

/**
 * Remix sends OPTIONS to the loader of a resource route: answer the CORS preflight there. With a `context` (the
 * server entry's fast path, for a request that carries a credential) a request that turns out anonymous is counted
 * against its address here; the api+ routes count it in apiRoute, and the fast path counts a request without any
 * credential itself, before its cache.
 */
export type RiskdbEndpoint = ((request: Request, context?: AppLoadContext) => Promise<RiskdbReply>) & {
  /** The query parameters the endpoint reads (its schema's): a stored answer is keyed by these alone. */
  queryNames: readonly string[];
};

function queryNamesOf(schema: z.ZodTypeAny | undefined): string[] {
  const object = schema instanceof z.ZodEffects ? schema.innerType() : schema;
  return object instanceof z.ZodObject ? Object.keys(object.shape as z.ZodRawShape) : [];
}

const endpoint = (fn: (request: Request) => Answer | Promise<Answer>, params?: z.ZodTypeAny): RiskdbEndpoint =>
  Object.assign(
    (request: Request, context?: AppLoadContext): Promise<RiskdbReply> =>
      request.method === "OPTIONS"
        ? Promise.resolve(PREFLIGHT_REPLY)
        : reply(request, async () => {
            if (context) await limitAnonymousCaller(request, requestClientAddress(request, context));
            if (!apiVersionOf(request.headers.get(API_VERSION_HEADER)))
              throw new BadRequestError(API_VERSION_MESSAGE, API_VERSION_HEADER);
            // A presented credential that does not check out is a 401 on every path, open data included, and a valid
            // key is counted (and told its limit) wherever it is sent.
            if (readBearer(request)) await resolveApiCaller(request);
            return fn(request);
          }),
    { queryNames: queryNamesOf(params) },
  );

/**
 * The riskdb GET endpoints. Each is registered once, by its route module under app/routes/api+/riskdb+ (export
 * `riskdbEndpoint`): the route's loader answers through it, and the server entry's fast path finds it in the build's
 * routes (server/riskdb-routes.ts).
 */
export const riskdbEndpoints = {
  countries: endpoint(() => ({ body: listCountries(), cache: PUBLIC_CACHE })),
  regions: endpoint(
    (request) => ({ body: listRegions(parseQuery(regionsParamsSchema, request).country_code), cache: PUBLIC_CACHE }),
    regionsParamsSchema,
  ),
  durations: endpoint(() => ({ body: listDurations(), cache: PUBLIC_CACHE })),
  scenarios: endpoint(() => ({ body: listScenarios(), cache: PUBLIC_CACHE })),
  hazardIds: endpoint(() => ({ body: listHazardIds(), cache: PUBLIC_CACHE })),
  periods: endpoint((request) => {
    const q = parseQuery(periodsParamsSchema, request);
    return { body: listPeriods(q.scenario, q.duration), cache: PUBLIC_CACHE };
  }, periodsParamsSchema),
  hazardScores: endpoint(async (request) => {
    const { body, free } = await hazardScores(request, parseQuery(hazardScoresParamsSchema, request));
    return { body, cache: free ? PUBLIC_CACHE : undefined, versioned: true };
  }, hazardScoresParamsSchema),
  locationCodes: endpoint((request) => {
    const q = parseQuery(locationCodesParamsSchema, request);
    return { body: locationCodes(q.lat, q.lon), cache: PUBLIC_CACHE };
  }, locationCodesParamsSchema),
  statistic: endpoint(() => ({ body: datasetStatistic(), cache: PUBLIC_CACHE })),
  pointHazards: endpoint(async (request) => {
    const params = parseQuery(pointHazardsParamsSchema, request);
    const caller = await resolveApiCaller(request);
    // The answer depends on who asks: only the anonymous one may sit in a shared cache.
    return {
      body: await pointHazards(caller, params),
      cache: caller ? undefined : PUBLIC_CACHE,
      vary: "Authorization, Cookie",
      versioned: true,
    };
  }, pointHazardsParamsSchema),
};

/** A loader's Response from an endpoint's reply. */
export async function riskdbResponse(endpoint: RiskdbEndpoint, request: Request): Promise<Response> {
  return toResponse(await endpoint(request));
}
