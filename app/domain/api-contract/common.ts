/** Shapes shared by every part of the API: the error answer, the standard error statuses, the `status: "ok"` marker. */
import { API_ERROR_CODES, API_ERROR_CODE_LIST, REQUEST_ID_HEADER } from "../api/api-errors";
import { z, obj } from "./zod";

/** The `success: false` every error answer carries (API_ERROR_MARK). */
export const errorMark = z.literal(false).openapi({ description: "Always false on an error answer." });

export const requestId = z
  .string()
  .min(1)
  .openapi({
    description: `The request's id, also sent as the ${REQUEST_ID_HEADER} header: quote it when asking for support.`,
  });

export const errorCode = z.enum(API_ERROR_CODE_LIST).openapi({
  description: `What went wrong, for programs: one of a fixed list whose meanings do not change.\n\n${Object.entries(
    API_ERROR_CODES,
  )
    .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
    .join("\n")}`,
});

export const ErrorBody = obj({
  success: errorMark,
  error: z.string().openapi({ description: "What went wrong, in words." }),
  code: errorCode,
  request_id: requestId,
  field: z.string().optional().openapi({ description: "The parameter or field at fault." }),
  message: z
    .string()
    .optional()
    .openapi({ description: "The same text as error, on a body that could not be read (400, 415)." }),
}).openapi("Error", {
  example: {
    success: false,
    error: "location_code is required",
    code: "invalid_request",
    request_id: "3f0c9e0e-8a4b-4b8e-9d55-0b1f1f6f2a71",
    field: "location_code",
  },
});

export const ok = z.literal("ok").openapi({ description: "Always `ok` on success." });

/** What each error status means on this API; an operation lists the ones it can answer. */
export const ERROR_STATUS_TEXT = {
  400: "A parameter or body field is missing or invalid; `field` names it. A body that cannot be read is also a 400.",
  401: "Credentials are missing or not valid.",
  402: "The full report needs a confirmed purchase of this portfolio first.",
  403: "The caller may not do this: plan, packages, key scope or a cross-site form.",
  404: "Not found: an unknown id, code, lead, order or upload.",
  405: "The method is not allowed on this path; `Allow` lists those that are.",
  409: "The order is no longer in a state that allows this.",
  412: "A precondition in the request's headers cannot hold (e.g. `If-None-Match: *` where no answer is stored).",
  413: "The request body is larger than this call accepts.",
  415: "The body's content type is not one this call reads.",
  422: "The idempotency key was used before with other parameters.",
  429: "Too many requests; see `Retry-After`.",
  500: "Something failed on our side; the message is generic.",
  503: "A dependency is unavailable; retry later.",
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_TEXT;

/** Answered by every operation: a broken request body or an oversized one, and an unexpected failure. */
