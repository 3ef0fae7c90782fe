/** Parameters, bodies, error lists and headers that operations of several subjects share. */
import { API_KEY_REQUESTS_PER_MINUTE } from "../keys/api-limits";
import { LIVEMODE_HEADER } from "../keys/key-options";
import type { ErrorStatus } from "../../api-contract/common";
import { z } from "../../api-contract/zod";
import type { Schema } from "./operation";

/** Every purchase call replays its first answer for the same key (app/services/commerce/orders/idempotency.server.ts). */
export const idempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(8).max(200).optional().openapi({
    description:
      "8-200 letters, digits or - _ : . chosen by the client, one per purchase: a retry with the same key replays the first answer and never charges twice; the same key with other parameters answers 422. An `idempotency_key` body field is accepted instead; one of the two is required.",
    example: "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e",
  }),
});

export const JSON_BODY = ["application/json", "application/x-www-form-urlencoded"] as const;
export const json = (schema: Schema) => ({ schema, types: JSON_BODY });

/** What a call that reads a body can answer before it runs: an unreadable body, a cross-site form, too large. */
export const BODY_ERRORS: ErrorStatus[] = [400, 403, 413, 415];
/** What resolving the caller can answer: a Bearer that does not check out, a PREMIUM key over its rate. */
export const CALLER_ERRORS: ErrorStatus[] = [401, 429];
/** ...and when credentials are required or a scope is checked. */
export const SIGNED_IN_ERRORS: ErrorStatus[] = [401, 403, 429];
export const PURCHASE_ERRORS: ErrorStatus[] = [...BODY_ERRORS, ...SIGNED_IN_ERRORS, 404, 409, 422, 503];
export const REPORT_ERRORS: ErrorStatus[] = [...BODY_ERRORS, ...SIGNED_IN_ERRORS, 402, 404];

/** What a keyed answer says about the key's limit (none for a session or an anonymous caller). */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": z
    .number()
    .int()
    .optional()
    .openapi({ description: `Requests the API key may make per minute window (${API_KEY_REQUESTS_PER_MINUTE}).` }),
  "RateLimit-Remaining": z.number().int().optional().openapi({ description: "Requests left in the current window." }),
  "RateLimit-Reset": z.number().int().optional().openapi({ description: "Seconds until the window resets." }),
  "RateLimit-Policy": z
    .string()
    .optional()
    .openapi({ description: "The limit and its window in seconds, e.g. 600;w=60." }),
  [LIVEMODE_HEADER]: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "On an answer to an API key: false when it is a test-mode key (crk_test_…)." }),
};
