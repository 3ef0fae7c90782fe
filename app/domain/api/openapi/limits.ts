/**
 * What the rate limits add to the OpenAPI document, applied to the generated document so that every operation gets
 * it whatever table it comes from: a 429 on every operation that can throttle (all but the signed payment webhook),
 * the RateLimit headers on its success answers (an anonymous caller gets them too), and headers that name both
 * limits. The limits themselves, in words, are API_LIMITS_TEXT in the document's description.
 */
import {
  ANONYMOUS_REQUESTS_PER_MINUTE,
  API_KEY_REQUESTS_PER_MINUTE,
  API_RATE_WINDOW_SECONDS,
} from "../keys/api-limits";
import { ERROR_STATUS_TEXT } from "../../api-contract/common";
import { REQUEST_ID_HEADER } from "../api-errors";

/** Operations no rate limit applies to: the payment provider's webhook proves itself by its signature. */
export const UNTHROTTLED_OPERATIONS: ReadonlySet<string> = new Set(["stripeWebhook"]);

interface HeaderObject {
  schema: { type: string; description: string };
  required: boolean;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, unknown>;
}
interface OperationObject {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}

const header = (type: "integer" | "string", description: string, required = false): HeaderObject => ({
  schema: { type, description },
  required,
});

/** The RateLimit headers as a keyed or an anonymous answer carries them. */
export const RATE_LIMIT_HEADER_OBJECTS: Record<string, HeaderObject> = {
  "RateLimit-Limit": header(
    "integer",
    `Requests per ${API_RATE_WINDOW_SECONDS}-second window: ${API_KEY_REQUESTS_PER_MINUTE} for an API key, ${ANONYMOUS_REQUESTS_PER_MINUTE} for a client address without credentials (none for a signed-in session).`,
  ),
  "RateLimit-Remaining": header("integer", "Requests left in the current window."),
  "RateLimit-Reset": header("integer", "Seconds until the window resets (the next full minute, UTC)."),
  "RateLimit-Policy": header(
    "string",
    `The limit and its window in seconds: ${API_KEY_REQUESTS_PER_MINUTE};w=${API_RATE_WINDOW_SECONDS} for a key, ${ANONYMOUS_REQUESTS_PER_MINUTE};w=${API_RATE_WINDOW_SECONDS} for an address.`,
  ),
};

function tooManyRequests(): ResponseObject {
  return {
    description: ERROR_STATUS_TEXT[429],
    headers: {
      "Retry-After": header(
        "integer",
        "Seconds to wait before retrying; for the request limit of a key or an address, the seconds until its window resets.",
        true,
      ),
      ...RATE_LIMIT_HEADER_OBJECTS,
      [REQUEST_ID_HEADER]: header("string", "The request's id: the same as the body's request_id.", true),
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

const SUCCESS = /^(200|202|304)$/;

function operationsOf(document: { paths?: object }): OperationObject[] {
  return Object.values((document.paths ?? {}) as Record<string, Record<string, OperationObject>>).flatMap((item) =>
    Object.values(item),
  );
}

/**
 * Adds the limits to every operation of a generated document, in place. Telling an anonymous caller from one with a
 * credential checks the credential, so every throttled operation may also answer the 401 of a Bearer that does not
 * check out (the shape the document gives it elsewhere).
 */
export function registerApiLimits(document: { paths?: object }): void {
  const unauthorized = operationsOf(document).find((op) => op.responses?.["401"])?.responses["401"];
  for (const op of operationsOf(document)) {
    if (!op || typeof op !== "object" || !op.responses || UNTHROTTLED_OPERATIONS.has(op.operationId ?? "")) continue;
    if (!op.responses["401"] && unauthorized) op.responses["401"] = structuredClone(unauthorized);
    // A 429 documented already (a form's own limit, with its body) keeps its body and gains the headers.
    const documented = op.responses["429"];
    op.responses["429"] = documented
      ? { ...documented, headers: { ...documented.headers, ...tooManyRequests().headers } }
      : tooManyRequests();
    for (const [status, response] of Object.entries(op.responses)) {
      if (SUCCESS.test(status)) response.headers = { ...response.headers, ...RATE_LIMIT_HEADER_OBJECTS };
    }
    // Keep the statuses in order, as the generator writes them.
    op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b)));
  }
}
