import { json } from "@remix-run/node";
import type { z } from "zod";
import { describeRequestIssue } from "~/domain/api/api-issues";
import {
  REQUEST_ID_HEADER,
  WWW_AUTHENTICATE_HEADER,
  apiErrorCodeForStatus,
  wwwAuthenticate,
  isApiErrorCode,
  requestIdFrom,
  type ApiErrorCode,
} from "~/domain/api/api-errors";
import { API_ERROR_MARK, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS, ERROR_MESSAGES } from "~/domain/forms/errors";
import { rateLimitHeaders } from "~/domain/api/keys/api-limits";
import { API_VERSION_HEADER, API_VERSION_MESSAGE, apiVersionHeaders, apiVersionOf } from "~/domain/api/api-versions";
import type { AppLoadContext } from "@remix-run/node";
import { ApiKeyRateLimitError } from "./keys/api-key-rate-limit.server";
import { AnonymousRateLimitError } from "./keys/anonymous-rate-limit.server";
import { anonymousRateStateOf, keyLivemodeOf, keyedRateStateOf, limitAnonymousCaller } from "./keys/api-auth.server";
import { LIVEMODE_HEADER } from "~/domain/api/keys/key-options";
import { requestClientAddress } from "../http/client-address.server";
import { BadRequestError, isAppError } from "../http/errors.server";
import { isDatabaseUnavailable } from "../infra/db-errors.server";
import { logger } from "../infra/logger.server";

export interface ApiErrorBody {
  success: false;
  error: string;
  code?: ApiErrorCode;
  request_id?: string;
  field?: string;
}

const requestIds = new WeakMap<Request, string>();

/**
 * The request's id: the one in the `X-Request-Id` request header (the production server sets it on every request),
 * or a new UUID (development, tests). The same id for the whole request.
 */
export function requestIdOf(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    id = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    requestIds.set(request, id);
  }
  return id;
}

/**
 * An error body as every API error answer has it: `success: false`, `error`, the stable `code` (the body's own, else
 * the one its status stands for) and the `request_id`. Other fields of the body are kept.
 */
export function completeErrorBody<B extends Record<string, unknown>>(
  request: Request,
  status: number,
  body: B,
): B & { success: false; code: ApiErrorCode; request_id: string } {
  return {
    ...body,
    ...API_ERROR_MARK,
    code: isApiErrorCode(body.code) ? body.code : apiErrorCodeForStatus(status),
    request_id: requestIdOf(request),
  };
}

/**
 * The last step of every /api answer: it carries `X-Request-Id`, and an error answer's JSON body gets its `code` and
 * `request_id` (error answers are small: reading one back costs nothing worth counting).
 */
export async function finishApiResponse(request: Request, response: Response): Promise<Response> {
  const id = requestIdOf(request);
  // An anonymous answer tells its address's budget as a keyed one tells the key's (a 429 carries its own).
  const anonymous = anonymousRateStateOf(request);
  if (anonymous && response.status !== 429 && !response.headers.has("RateLimit-Limit")) {
    for (const [name, value] of Object.entries(rateLimitHeaders(anonymous))) setHeader(response, name, value);
  }
  // Every answer to a valid API key tells the account's budget, a 405 or an error answered before the key was read
  // included: the request is counted then.
  if (response.status !== 429 && !response.headers.has("RateLimit-Limit")) {
    const keyed = await keyedRateStateOf(request);
    if (keyed) for (const [name, value] of Object.entries(rateLimitHeaders(keyed))) setHeader(response, name, value);
  }
  // Every answer to a key that checked out says whether it is live: a client tells a test-mode key's answers apart.
  const livemode = keyLivemodeOf(request);
  if (livemode !== null) setHeader(response, LIVEMODE_HEADER, String(livemode));
  // Every answer names the dated version it follows (the pinned one, else the newest).
  for (const [name, value] of Object.entries(apiVersionHeaders(request.headers.get(API_VERSION_HEADER)))) {
    // A list's page links and a retiring version's links share the one Link header.
    const links = response.headers.get("Link");
    if (name === "Link" && links?.includes('rel="deprecation"')) continue;
    if (name === "Link" && links) setHeader(response, name, `${links}, ${value}`);
    else setHeader(response, name, value);
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status < 400 || !type.includes("json")) {
    setHeader(response, REQUEST_ID_HEADER, id);
    return response;
  }
  const body: unknown = await response.json().catch(() => null);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set(REQUEST_ID_HEADER, id);
  const finished =
    body && typeof body === "object" && !Array.isArray(body)
      ? completeErrorBody(request, response.status, body as Record<string, unknown>)
      : completeErrorBody(request, response.status, { error: ERROR_MESSAGES.serverError });
  if (response.status === 401 && !headers.has(WWW_AUTHENTICATE_HEADER))
    headers.set(WWW_AUTHENTICATE_HEADER, wwwAuthenticate(finished.code));
  return new Response(JSON.stringify(finished), { status: response.status, statusText: response.statusText, headers });
}

/** Sets a header, on a copy when the Response's headers are immutable (a fetched or redirect Response). */
function setHeader(response: Response, name: string, value: string) {
  try {
    response.headers.set(name, value);
  } catch {
    // immutable headers: left as they are
  }
}

type RouteArgs = { request: Request; context?: AppLoadContext };

export interface ApiRouteOptions {
  /**
   * Whether a request without credentials counts against its address's anonymous limit (default true). Only a call
   * that proves itself otherwise is left out: the payment provider's webhook, signed, from a few shared addresses.
   */
  anonymousLimit?: boolean;
}

/**
 * Wraps an /api route's loader or action: a request without a caller is counted against its client address first
 * (429 past the limit), a thrown Response or error becomes the API's JSON answer, and every answer goes through
 * finishApiResponse (request id, error code, the anonymous RateLimit headers).
 */
export function apiRoute<A extends RouteArgs>(
  handler: (args: A) => Response | Promise<Response>,
  options: ApiRouteOptions = {},
): (args: A) => Promise<Response> {
  const limited = options.anonymousLimit ?? true;
  return async (args) => {
    let response: Response;
    try {
      if (limited) await limitAnonymousCaller(args.request, requestClientAddress(args.request, args.context));
      if (!apiVersionOf(args.request.headers.get(API_VERSION_HEADER)))
        throw new BadRequestError(API_VERSION_MESSAGE, API_VERSION_HEADER);
      response = await handler(args);
    } catch (thrown) {
      response = thrown instanceof Response && thrown.status < 400 ? thrown : apiError(thrown);
    }
    return finishApiResponse(args.request, response);
  };
}

/** JSON is never rendered as a page: no sniffing, no framing, no sub-resources. */
export const API_RESPONSE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

function withApiHeaders(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) headers.set(name, value);
  return headers;
}

/**
 * A success answer typed by its contract schema (app/domain/api-contract), the schema the OpenAPI document is
 * generated from: the data must have the documented shape. The contract test checks the answers at run time.
 */
export function apiAnswer<S extends z.ZodTypeAny>(_schema: S, data: z.input<S>, init?: number | ResponseInit) {
  return apiJson(data, init);
}

/** JSON success response for the public API; callers add headers (Cache-Control…) through `init`. */
export function apiJson<T>(data: T, init?: number | ResponseInit) {
  const base: ResponseInit = typeof init === "number" ? { status: init } : (init ?? {});
  return json(data, { ...base, headers: withApiHeaders(new Headers(base.headers)) });
}

/**
 * The one place that turns a thrown value into an API error response: typed AppErrors keep their status and
 * message, a thrown 4xx Response is answered as it is; anything else is logged and becomes a 500 with a generic message so no stack or SQL leaks out.
 */
export function apiError(error: unknown) {
  // A body that could not be read (readFormData's 400/415) is already a client answer: pass it on.
  if (error instanceof Response && error.status >= 400 && error.status < 500) {
    withApiHeaders(error.headers);
    return error;
  }
  if (isAppError(error)) {
    const body: ApiErrorBody = {
      ...API_ERROR_MARK,
      error: error.message,
      code: error.code ?? apiErrorCodeForStatus(error.status),
    };
    if (error.field) body.field = error.field;
    const headers = withApiHeaders(new Headers());
    if ("retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
      headers.set("Retry-After", String(error.retryAfterSeconds));
    }
    if (error instanceof ApiKeyRateLimitError || error instanceof AnonymousRateLimitError)
      for (const [name, value] of Object.entries(rateLimitHeaders(error.state))) headers.set(name, value);
    return json(body, { status: error.status, headers });
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, "database unavailable in API route");
    const headers = withApiHeaders(new Headers({ "Retry-After": String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS) }));
    return json<ApiErrorBody>(
      { ...API_ERROR_MARK, error: ERROR_MESSAGES.databaseUnavailable, code: "service_unavailable" },
      { status: 503, headers },
    );
  }
  logger.error({ err: error }, "unexpected error in API route");
  return json<ApiErrorBody>(
    { ...API_ERROR_MARK, error: ERROR_MESSAGES.serverError, code: "server_error" },
    { status: 500, headers: withApiHeaders(new Headers()) },
  );
}

/** Reads the query string with a zod schema; the first problem becomes a 400 whose message names the parameter. */
export function parseQuery<S extends z.ZodTypeAny>(schema: S, request: Request): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (result.success) return result.data;
  const { message, field } = describeRequestIssue(result.error.issues[0]!, "the query");
  throw new BadRequestError(message, field);
}

/** Reads a request body's values with a zod schema; the first problem becomes a 400 in the API's words, naming the field. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, values: unknown): z.output<S> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const { message, field } = describeRequestIssue(result.error.issues[0]!);
  throw new BadRequestError(message, field);
}
