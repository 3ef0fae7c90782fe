import { json } from "@remix-run/node";
import type { z } from "zod";
import { API_ERROR_MARK, ERROR_MESSAGES } from "~/domain/errors";
import { rateLimitHeaders } from "~/domain/api-limits";
import { ApiKeyRateLimitError } from "./api-key-rate-limit.server";
import { BadRequestError, isAppError } from "./errors.server";
import { logger } from "./logger.server";

export interface ApiErrorBody {
  success: false;
  error: string;
  field?: string;
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
    const body: ApiErrorBody = { ...API_ERROR_MARK, error: error.message };
    if (error.field) body.field = error.field;
    const headers = withApiHeaders(new Headers());
    if ("retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
      headers.set("Retry-After", String(error.retryAfterSeconds));
    }
    if (error instanceof ApiKeyRateLimitError) for (const [name, value] of Object.entries(rateLimitHeaders(error.state))) headers.set(name, value);
    return json(body, { status: error.status, headers });
  }
  logger.error({ err: error }, "unexpected error in API route");
  return json<ApiErrorBody>({ ...API_ERROR_MARK, error: ERROR_MESSAGES.serverError }, { status: 500, headers: withApiHeaders(new Headers()) });
}

/** Reads the query string with a zod schema; the first problem becomes a 400 whose message names the parameter. */
export function parseQuery<S extends z.ZodTypeAny>(schema: S, request: Request): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  throw new BadRequestError(issue.message, field);
}
