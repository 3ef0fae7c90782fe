/**
 * The machine-readable `code` of every API error answer: one list, read by the services that answer errors and by
 * the OpenAPI document (the `Error` schema's enum and its description). A code, once published, keeps its meaning;
 * the words in `error` may change.
 */
export const API_ERROR_CODES = {
  invalid_request: "A parameter or body field is missing or invalid; `field` names it.",
  unreadable_body: "The request body could not be read (malformed form, JSON or multipart).",
  authentication_required: "No credentials were sent, and this call needs them.",
  invalid_credential: "The Authorization header holds an unknown, revoked or expired token or API key.",
  key_expired:
    "The API key is past its end (the expiry chosen at its creation, or a rotated key's overlap); `error` names when it ended.",
  payment_required: "The full report needs a confirmed purchase of this portfolio first.",
  forbidden: "The caller may not do this (plan, cross-site form, or another account's resource).",
  plan_required: "The caller's plan does not include this (API keys are PREMIUM only).",
  insufficient_scope:
    "The API key's scopes do not allow this: buying and billing need a key with the billing scope (or the user's own session); managing keys needs the user's own session.",
  address_not_allowed:
    "The API key lists the client addresses it may be used from, and this request came from another; `error` names the address.",
  test_mode_key:
    "A test-mode API key reads but never buys, pays or changes billing: this call needs a live key or the user's own session.",
  not_entitled: "The location is not in the caller's plan or packages; `modal` says which purchase opens it.",
  not_found: "Unknown id, code, path, lead, order, upload or key.",
  method_not_allowed: "The method is not allowed on this path; `Allow` lists those that are.",
  conflict:
    "The order is no longer in a state that allows this, or an API key's name is taken, the account holds the most keys it may, or the key was rotated already.",
  payload_too_large: "The request body is larger than this call accepts.",
  unsupported_media_type: "The body's content type is not one this call reads.",
  precondition_failed: "A condition the request set (If-None-Match: * on a POST) cannot hold.",
  idempotency_key_reused: "The idempotency key was used before with other parameters.",
  quote_expired: "The unlock quote is past its `expires_at`: ask for a new quote.",
  quote_used: "The unlock quote was bought already (with another idempotency key): its order is named in `error`.",
  quote_changed:
    "Since the unlock quote the account ordered some of its hexagons or used its allowance: ask for a new quote.",
  quote_of_another_account: "The unlock quote was made for another account.",
  rate_limited: "Too many requests; `Retry-After` gives the seconds to wait.",
  server_error: "Something failed on our side; the message is generic.",
  service_unavailable: "A dependency is unavailable; retry later.",
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;
export const API_ERROR_CODE_LIST = Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

/** The code of an error answer that names none itself: the one its status stands for. */
const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: "invalid_request",
  401: "authentication_required",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  412: "precondition_failed",
  415: "unsupported_media_type",
  // A well-formed request whose content cannot be used (a file without coordinate columns): the reused idempotency
  // key, also a 422, names its own code where it is refused.
  422: "invalid_request",
  429: "rate_limited",
  503: "service_unavailable",
};

export function apiErrorCodeForStatus(status: number): ApiErrorCode {
  return (
    CODE_OF_STATUS[status] ??
    (status >= 500 ? (status === 503 ? "service_unavailable" : "server_error") : "invalid_request")
  );
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && Object.hasOwn(API_ERROR_CODES, value);
}

/** The header that carries a request's id in and out (the server sets it on the way in). */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** What an incoming id may look like to be passed on: short, and nothing a log line or header could trip on. */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id a request goes by: the one it came with when that one is well formed, else a new UUID. */
export function requestIdFrom(given: string | null | undefined): string {
  return given && REQUEST_ID_SHAPE.test(given) ? given : crypto.randomUUID();
}

/** A 401 names the scheme to authenticate with (RFC 9110 §11.6.1, RFC 6750 §3): Bearer, an API key or a session token. */
export const WWW_AUTHENTICATE_HEADER = "WWW-Authenticate";
const AUTH_REALM = "api";

export function wwwAuthenticate(code: ApiErrorCode): string {
  return code === "invalid_credential" || code === "key_expired"
    ? `Bearer realm="${AUTH_REALM}", error="invalid_token"`
    : `Bearer realm="${AUTH_REALM}"`;
}
