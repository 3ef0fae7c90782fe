/**
 * The batch read (POST /api/v1/hazards/batch): many points or location codes × several scenario/period slots in
 * one call. Each location is answered on its own, at the finest level the caller may read, with an error item where
 * it cannot be scored (at sea, bad coordinates, not in the plan), so one bad row never fails the batch. The caller's
 * plan and ledger are read once per batch, not once per point.
 */
import { batchRequestCost } from "~/domain/api/keys/api-limits";
import { describeRequestIssue } from "~/domain/api/api-issues";
import { API_BODY_MESSAGES } from "~/domain/forms/errors";
import { rateLimitHeaders } from "~/domain/api/keys/api-limits";
import {
  BatchRequest,
  type BatchHeader,
  type BatchItemError,
  type BatchItemErrorCode,
  type BatchItemOk,
  type HazardsBatchResponse,
} from "~/domain/api-contract/batch";
import {
  ENTITLEMENT_MESSAGES,
  canAccess,
  classifyLocationCode,
  finestReadableLevel,
  type AccessContext,
  type LocationRef,
} from "~/domain/commerce/entitlements";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { CSV_TYPE, batchCsvHeader, batchCsvRows, type CsvItem } from "~/domain/api/params/batch-csv";
import { API_VERSION_HEADER, LATEST_API_VERSION, apiVersionOf, type ApiVersion } from "~/domain/api/api-versions";
import { isValidCombination, slotWarmingC, type PeriodId, type ScenarioId } from "~/domain/hazards/scenarios";
import { RiskNotFoundError, getRiskEngine, type PlacedPoint, type RiskEngine } from "~/risk/engine/load-engine.server";
import { withAreaFloodSources, type FloodLayerSlot } from "~/risk/engine/flood-layer-scores";
import type { HazardScoreItem } from "~/risk/types";
import { floodLayersAt } from "../flood/flood-layer-scores.server";
import type { z } from "zod";
import { API_RESPONSE_HEADERS, apiError } from "./api-response.server";
import { etagMatches, versionedEtag } from "./api-etag.server";
import { giveBackIfNotModified, rateLimitStateOf, requireApiCaller } from "./keys/api-auth.server";
import { accessContextFor } from "../commerce/entitlements.server";
import { AppError, BadRequestError, withErrorCode } from "../http/errors.server";
import { readJsonBody } from "../http/forms/form-body.server";

type Item = z.input<typeof BatchItemOk> | z.input<typeof BatchItemError>;
type Header = z.input<typeof BatchHeader>;
type SlotScores = z.input<typeof BatchItemOk>["results"][number];
interface Slot {
  scenario: ScenarioId;
  period: PeriodId;
}

export const BATCH_FORMATS = ["json", "ndjson", "csv"] as const;
export type BatchFormat = (typeof BATCH_FORMATS)[number];
export const NDJSON_TYPE = "application/x-ndjson";

/** Locations scored between two yields to the event loop while an NDJSON answer streams. */
const STREAM_CHUNK = 50;

/** The slots asked for, each valid and once; the first problem is a 400 naming it. */
function parseSlots(slots: BatchRequest["slots"]): Slot[] {
  const list = (slots ?? [{ scenario: "hist" }]).map((s, i) => {
    const period: PeriodId = s.period ?? (s.scenario === "hist" ? "hist" : ("" as PeriodId));
    if (!isValidCombination(s.scenario, period)) {
      throw new BadRequestError(
        s.scenario === "hist"
          ? "scenario hist has only the period hist"
          : `scenario ${s.scenario} needs a period of 2030, 2040 or 2050`,
        `slots[${i}].period`,
      );
    }
    return { scenario: s.scenario, period };
  });
  const seen = new Set<string>();
  list.forEach((s, i) => {
    const key = `${s.scenario}/${s.period}`;
    if (seen.has(key)) throw new BadRequestError(`slot ${key} is asked for twice`, `slots[${i}]`);
    seen.add(key);
  });
  return list;
}

/** A zod problem in the body as a 400 naming the field (`locations[3].lat`). */
export function parseBatchRequest(body: unknown): { locations: BatchRequest["locations"]; slots: Slot[] } {
  const result = BatchRequest.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const { message, field } = describeRequestIssue(issue);
    if (issue.code === "invalid_union" && issue.path[0] === "locations")
      throw new BadRequestError(
        `${field}: each location needs lat and lon, or location_code (and optionally id), nothing else`,
        field,
      );
    throw new BadRequestError(message, field);
  }
  return { locations: result.data.locations, slots: parseSlots(result.data.slots) };
}

function compact(item: HazardScoreItem) {
  return {
    hazard_id: item.hazard_id,
    value: item.value,
    score: item.score,
    level: item.level,
    state: item.state,
    ...(item.source ? { source: item.source } : {}),
  } as SlotScores["aggregate"];
}

class Scorer {
  private readonly cache = new Map<string, { name: string; results: SlotScores[] }>();
  constructor(
    private readonly engine: RiskEngine,
    private readonly slots: readonly Slot[],
  ) {}

  /** Scores of one code for every slot; points in the same cell share them. */
  scores(code: string) {
    let hit = this.cache.get(code);
    if (!hit) {
      let name = code;
      const results = this.slots.map((s) => {
        const r = withAreaFloodSources(this.engine.scores(code, s.scenario, s.period));
        name = r.location_name;
        return {
          scenario: r.scenario,
          period: r.period,
          aggregate: compact(r.aggregate),
          hazards: r.hazards.map(compact),
        };
      });
      hit = { name, results };
      this.cache.set(code, hit);
    }
    return hit;
  }

  /**
   * Scores of a placed point in its hexagon, from its own drivers and the flood-depth layers read at it per slot
   * (RiskEngine.scoreAt); not shared between points.
   */
  pointScores(place: PlacedPoint, floodLayers: readonly FloodLayerSlot[] | undefined) {
    let name = place.hexagon_code;
    const results = this.slots.map((s, i) => {
      const r = this.engine.scoreAt(place, { kind: "hexagon", code: place.hexagon_code }, s.scenario, s.period, {
        floodLayers: floodLayers?.[i],
      });
      name = r.location_name;
      return {
        scenario: r.scenario,
        period: r.period,
        aggregate: compact(r.aggregate),
        hazards: r.hazards.map(compact),
      };
    });
    return { name, results };
  }
}

function errorItem(index: number, id: string | null, code: BatchItemErrorCode, error: string): Item {
  return { index, id, status: "error", code, error };
}

function notInPlanMessage(ctx: AccessContext, ref: LocationRef) {
  return ctx.plan === null ? ENTITLEMENT_MESSAGES.signInRequired : ENTITLEMENT_MESSAGES.notEntitled(ref.kind, ref.code);
}

/** The point read at its hexagon: where the caller may read a point at that level, else null. */
function hexagonPlace(engine: RiskEngine, ctx: AccessContext, location: BatchRequest["locations"][number]) {
  if ("location_code" in location) return null;
  const loc = engine.placePoint(location.lat, location.lon);
  if (loc.status !== "ok") return null;
  const level = finestReadableLevel(ctx, {
    hexagon: loc.hexagon_code,
    region: loc.region_code,
    country: loc.country_code,
  });
  return level?.kind === "hexagon" ? loc : null;
}

/** Points scored at a time while their flood-depth layers are read. */
const LAYER_READ_CHUNK = 50;

/** The flood-depth layers at each point the batch scores at its hexagon, per slot, by the location's index. */
async function floodLayersOf(
  engine: RiskEngine,
  ctx: AccessContext,
  locations: readonly BatchRequest["locations"][number][],
  slots: readonly Slot[],
  first = 0,
): Promise<Map<number, FloodLayerSlot[]>> {
  const out = new Map<number, FloodLayerSlot[]>();
  for (let start = 0; start < locations.length; start += LAYER_READ_CHUNK) {
    await Promise.all(
      locations.slice(start, start + LAYER_READ_CHUNK).map(async (l, k) => {
        const place = hexagonPlace(engine, ctx, l);
        if (place) out.set(first + start + k, await floodLayersAt(place, slots));
      }),
    );
  }
  return out;
}

function scoreLocation(
  scorer: Scorer,
  engine: RiskEngine,
  ctx: AccessContext,
  location: BatchRequest["locations"][number],
  index: number,
  floodLayers?: readonly FloodLayerSlot[],
): Item {
  const id = location.id ?? null;
  if ("location_code" in location) {
    const ref = classifyLocationCode(location.location_code);
    if (!ref) return errorItem(index, id, "invalid_location_code", ENTITLEMENT_MESSAGES.invalidCode);
    // A code the dataset does not know is unknown to everyone, whatever the plan (the lists of codes are open).
    let scored;
    try {
      scored = scorer.scores(ref.code);
    } catch (error) {
      if (error instanceof RiskNotFoundError) return errorItem(index, id, "unknown_location", error.message);
      throw error;
    }
    if (!canAccess(ctx, ref.kind, ref.code).allowed)
      return errorItem(index, id, "not_in_plan", notInPlanMessage(ctx, ref));
    return {
      index,
      id,
      status: "ok",
      lat: null,
      lon: null,
      hexagon_code: ref.kind === "hexagon" ? ref.code : null,
      region_code: ref.kind === "region" ? ref.code : null,
      country_code: ref.kind === "country" ? ref.code : ref.kind === "region" ? ref.code.slice(0, 2) : null,
      snapped_to_land: null,
      location_type: ref.kind,
      location_code: ref.code,
      location_name: scored.name,
      results: scored.results,
    };
  }
  const loc = engine.placePoint(location.lat, location.lon);
  if (loc.status !== "ok") return errorItem(index, id, loc.reason, loc.message);
  const level = finestReadableLevel(ctx, {
    hexagon: loc.hexagon_code,
    region: loc.region_code,
    country: loc.country_code,
  });
  if (!level)
    return errorItem(index, id, "not_in_plan", notInPlanMessage(ctx, { kind: "country", code: loc.country_code }));
  // at the hexagon level a point is scored from its own drivers (the land point placePoint scores)
  const scored = level.kind === "hexagon" ? scorer.pointScores(loc, floodLayers) : scorer.scores(level.code);
  // A point read at its region or country: the area's coastal figures are not the point's when it is inland.
  const notExposed = level.kind === "hexagon" ? [] : (engine.coastalExposure(loc.hexagon_code)?.notApplicable ?? []);
  const results = notExposed.length
    ? scored.results.map((r) => ({
        ...r,
        hazards: r.hazards.map((h) =>
          (notExposed as string[]).includes(h.hazard_id)
            ? { ...h, value: null, score: null, level: null, state: "not_applicable" as const }
            : h,
        ),
      }))
    : scored.results;
  return {
    index,
    id,
    status: "ok",
    lat: Number(location.lat),
    lon: Number(location.lon),
    hexagon_code: loc.hexagon_code,
    region_code: loc.region_code,
    country_code: loc.country_code,
    snapped_to_land: loc.snapped_to_land,
    location_type: level.kind,
    location_code: level.code,
    location_name: scored.name,
    results,
  };
}

/** The header of an answer: the versions every score depends on, and the slots in the order of each item's results. */
export function batchHeader(engine: RiskEngine, slots: readonly Slot[], count: number): Header {
  return {
    status: "ok",
    dataset_version: engine.datasetVersion,
    methodology_version: METHODOLOGY_VERSION,
    slots: slots.map((s) => ({
      scenario: s.scenario,
      period: s.period,
      warming_c: slotWarmingC(s.scenario, s.period),
    })),
    count,
  };
}

/** Every item of a batch, in request order (the JSON form). */
export async function scoreBatch(
  ctx: AccessContext,
  request: { locations: BatchRequest["locations"]; slots: Slot[] },
): Promise<z.input<typeof HazardsBatchResponse>> {
  const engine = getRiskEngine();
  const scorer = new Scorer(engine, request.slots);
  const layers = await floodLayersOf(engine, ctx, request.locations, request.slots);
  const items = request.locations.map((l, i) => scoreLocation(scorer, engine, ctx, l, i, layers.get(i)));
  return {
    ...batchHeader(engine, request.slots, items.length),
    errors: items.filter((i) => i.status === "error").length,
    items,
  };
}

/**
 * A streamed form: its first line, then each item's text as it is scored, a chunk at a time (NDJSON: the header line,
 * then one line per item; CSV: the header row, then one row per item × slot).
 */
function streamItems(
  ctx: AccessContext,
  request: { locations: BatchRequest["locations"]; slots: Slot[] },
  first: (header: Header) => string,
  text: (item: Item, header: Header, location: BatchRequest["locations"][number]) => string,
): ReadableStream<Uint8Array> {
  const engine = getRiskEngine();
  const scorer = new Scorer(engine, request.slots);
  const header = batchHeader(engine, request.slots, request.locations.length);
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first(header)));
    },
    async pull(controller) {
      if (next > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const end = Math.min(next + STREAM_CHUNK, request.locations.length);
      const layers = await floodLayersOf(engine, ctx, request.locations.slice(next, end), request.slots, next);
      let chunk = "";
      for (; next < end; next++)
        chunk += text(
          scoreLocation(scorer, engine, ctx, request.locations[next]!, next, layers.get(next)),
          header,
          request.locations[next]!,
        );
      controller.enqueue(encoder.encode(chunk));
      if (next >= request.locations.length) controller.close();
    },
  });
}

/** The NDJSON form: the header line, then each item as it is scored. */
export function streamBatch(
  ctx: AccessContext,
  request: { locations: BatchRequest["locations"]; slots: Slot[] },
): ReadableStream<Uint8Array> {
  return streamItems(
    ctx,
    request,
    (header) => `${JSON.stringify(header)}\n`,
    (item) => `${JSON.stringify(item)}\n`,
  );
}

/** The CSV form: the header row, then one row per item × slot, with the versions on every row, in the version's columns. */
export function streamBatchCsv(
  ctx: AccessContext,
  request: { locations: BatchRequest["locations"]; slots: Slot[] },
  version: ApiVersion = LATEST_API_VERSION,
): ReadableStream<Uint8Array> {
  return streamItems(
    ctx,
    request,
    () => `${batchCsvHeader(version)}\r\n`,
    (item, header, input) => batchCsvRows(item as CsvItem, header.slots, header, { version, input }),
  );
}

/** `?format=` wins, then `Accept`; JSON otherwise. */
export function batchFormatOf(request: Request): BatchFormat {
  const format = new URL(request.url).searchParams.get("format");
  if (format !== null) {
    if ((BATCH_FORMATS as readonly string[]).includes(format)) return format as BatchFormat;
    throw new BadRequestError(`format must be one of ${BATCH_FORMATS.join(", ")}`, "format");
  }
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes(NDJSON_TYPE) ? "ndjson" : accept.includes(CSV_TYPE) ? "csv" : "json";
}

/** The batch's JSON body: another content type is a 415, JSON that does not parse a 400 unreadable_body. */
const readJson = (request: Request) => readJsonBody(request, API_BODY_MESSAGES.batchType);

/** Ties an answer to what it depends on: the versions, the caller's access and the request itself. */
export function batchEtag(
  engine: RiskEngine,
  ctx: AccessContext,
  format: BatchFormat,
  body: unknown,
  apiVersion: ApiVersion = LATEST_API_VERSION,
): string {
  return versionedEtag(engine.datasetVersion, METHODOLOGY_VERSION, [format, apiVersion, ctx.plan, ctx.ordered, body]);
}

export const BATCH_PRECONDITION_MESSAGE =
  "If-None-Match: * cannot hold for a batch: send the ETag of the answer you hold";

/** The route's action: POST only; a credential is required (an API key is counted by the batch's items). */
export async function hazardsBatchAction(request: Request): Promise<Response> {
  try {
    const format = batchFormatOf(request);
    const body = await readJson(request);
    const parsed = parseBatchRequest(body);
    const caller = await requireApiCaller(
      request,
      "read",
      batchRequestCost(parsed.locations.length, parsed.slots.length),
    );
    const ctx = await accessContextFor(caller);
    const engine = getRiskEngine();
    const apiVersion = apiVersionOf(request.headers.get(API_VERSION_HEADER)) ?? LATEST_API_VERSION;
    const etag = batchEtag(engine, ctx, format, body, apiVersion);
    const ifNoneMatch = request.headers.get("If-None-Match");
    // A POST's answer always exists: "*" cannot hold (RFC 9110 §13.1.2), so it is a 412 rather than a 304.
    if (ifNoneMatch?.trim() === "*")
      throw withErrorCode(new AppError(BATCH_PRECONDITION_MESSAGE, 412), "precondition_failed");
    const notModified = etagMatches(ifNoneMatch, etag);
    if (notModified) await giveBackIfNotModified(request, 304);
    const rate = rateLimitStateOf(request);
    const headers = new Headers({
      ...API_RESPONSE_HEADERS,
      "Cache-Control": "private, no-cache",
      ETag: etag,
      ...(rate ? rateLimitHeaders(rate) : {}),
    });
    if (notModified) return new Response(null, { status: 304, headers });
    if (format === "ndjson") {
      headers.set("Content-Type", `${NDJSON_TYPE}; charset=utf-8`);
      return new Response(streamBatch(ctx, parsed), { status: 200, headers });
    }
    if (format === "csv") {
      headers.set("Content-Type", `${CSV_TYPE}; charset=utf-8; header=present`);
      return new Response(streamBatchCsv(ctx, parsed, apiVersion), { status: 200, headers });
    }
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(await scoreBatch(ctx, parsed)), { status: 200, headers });
  } catch (error) {
    const response = apiError(error);
    const rate = rateLimitStateOf(request);
    if (rate && response.status !== 429)
      for (const [name, value] of Object.entries(rateLimitHeaders(rate))) response.headers.set(name, value);
    return response;
  }
}
