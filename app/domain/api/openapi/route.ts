/** One operation as zod-to-openapi's route: its security, parameters, body and every answer it can give. */
import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { ERROR_STATUS_TEXT, ErrorBody } from "../../api-contract/common";
import { z } from "../../api-contract/zod";
import { REQUEST_ID_HEADER, WWW_AUTHENTICATE_HEADER } from "../api-errors";
import { IDEMPOTENT_REPLAYED_HEADER } from "../../commerce/orders";
import type { Access, ApiOperation, Schema } from "./operation";
import { RATE_LIMIT_HEADERS } from "./shared";

/** Every error answer names its request (the same id as the body's request_id). */
const REQUEST_ID_HEADERS = {
  [REQUEST_ID_HEADER]: z.string().openapi({ description: "The request's id: the same as the body's request_id." }),
};
const errorHeaders = z.object(REQUEST_ID_HEADERS);
const unauthorizedHeaders = z.object({
  [WWW_AUTHENTICATE_HEADER]: z.string().openapi({
    description:
      'The scheme to authenticate with: `Bearer realm="api"`, with `error="invalid_token"` when the credential sent does not check out.',
  }),
  ...REQUEST_ID_HEADERS,
});
const allowHeaders = z.object({
  Allow: z.string().openapi({ description: "The methods the path takes, e.g. GET, HEAD, OPTIONS." }),
  ...REQUEST_ID_HEADERS,
});
const retryAfterHeaders = z.object({
  "Retry-After": z
    .number()
    .int()
    .openapi({ description: "Seconds to wait: for an API key, the seconds until its window resets." }),
  ...RATE_LIMIT_HEADERS,
  ...REQUEST_ID_HEADERS,
});

/** The user's own session: the cookie, or the token sign-in answers as a Bearer. */
const SESSION: Record<string, string[]>[] = [{ sessionToken: [] }, { sessionCookie: [] }];
/** OpenAPI 3.1 lets an http scheme's requirement list roles: here the key scope the operation needs. */
export const SECURITY: Record<Access, Record<string, string[]>[]> = {
  none: [],
  optional: [{}, { apiKey: ["read"] }, ...SESSION],
  required: [{ apiKey: ["read"] }, ...SESSION],
  optional_billing: [{}, { apiKey: ["billing"] }, ...SESSION],
  billing: [{ apiKey: ["billing"] }, ...SESSION],
  webhooks: [{ apiKey: ["webhooks"] }, ...SESSION],
  session: SESSION,
};

/** The example a schema carries in its `.openapi({ example })` metadata, if any. */
export function exampleOf(schema: Schema): unknown {
  return (schema._def as { openapi?: { metadata?: { example?: unknown } } }).openapi?.metadata?.example;
}

export const withExample = (schema: Schema, example?: unknown) => {
  const e = example ?? exampleOf(schema);
  return { schema, ...(e === undefined ? {} : { example: e }) };
};

/** An operation that takes an Idempotency-Key says when its answer is a replay. */
const replayedHeaders = {
  [IDEMPOTENT_REPLAYED_HEADER]: z.literal("true").optional().openapi({
    description:
      "Present, `true`, when the answer is the stored one of an earlier request with the same Idempotency-Key: nothing ran again.",
  }),
};

function successHeaders(op: ApiOperation): z.AnyZodObject | undefined {
  const idempotent = op.headers && "Idempotency-Key" in op.headers.shape;
  if (!idempotent) return op.responseHeaders;
  return z.object({ ...(op.responseHeaders?.shape ?? {}), ...replayedHeaders });
}

export function responsesOf(op: ApiOperation): Record<string, ResponseConfig> {
  const responses: Record<string, ResponseConfig> = {
    200: {
      description: op.response.description,
      content: {
        "application/json": withExample(op.response.schema, op.response.example),
        ...Object.fromEntries(Object.entries(op.alternateContent ?? {}).map(([type, schema]) => [type, { schema }])),
      },
      ...(successHeaders(op) ? { headers: successHeaders(op) } : {}),
    },
  };
  if (op.notModified)
    responses[304] = {
      description:
        "Not modified: the ETag sent in If-None-Match is still current (same dataset, methodology, access and request).",
      ...(op.responseHeaders ? { headers: op.responseHeaders } : {}),
    };
  if (op.accepted)
    responses[202] = {
      description: op.accepted.description,
      content: { "application/json": withExample(op.accepted.schema) },
    };
  if (op.formRedirect) {
    responses[302] = {
      description:
        "A form posted by a browser page (multipart or urlencoded, with the page's `redirect` field) is answered with a redirect back to that page, its outcome in a flash message.",
      headers: z.object({ Location: z.string().openapi({ description: "The page the form came from." }) }),
    };
  }
  // Every path answers 400 to an API-Version no one released, and 405 (with Allow) to a method it does not take.
  const statuses = [...new Set([...op.errors, 400 as const, 405 as const, 500 as const])].sort((a, b) => a - b);
  for (const status of statuses) {
    const schema = op.errorBodies?.[status] ?? ErrorBody;
    responses[status] = {
      description: ERROR_STATUS_TEXT[status],
      content: { "application/json": { schema } },
      headers:
        status === 429
          ? retryAfterHeaders
          : status === 405
            ? allowHeaders
            : status === 401
              ? unauthorizedHeaders
              : errorHeaders,
    };
  }
  return responses;
}

export function routeOf(op: ApiOperation): RouteConfig {
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
      ...(params.length
        ? {
            params:
              op.params ??
              z.object(
                Object.fromEntries(
                  params.map((p) => [
                    p,
                    z.number().int().min(1).openapi({ description: "The item's id.", example: 1 }),
                  ]),
                ),
              ),
          }
        : {}),
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
