/**
 * The public API's limits, in one place: the /api page, the OpenAPI document, the rate limiter and the batch
 * endpoint all read them, so what is written down is what is enforced.
 */

/** Requests an account may make with its API keys per sliding minute: one budget for all its keys and every instance. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/**
 * Requests one client address may make per window without an API key or a session: well below a key's limit, so a
 * paying key is never slower than an anonymous caller. Counted by each server process on its own (see
 * anonymous-rate-limit.server.ts).
 */
export const ANONYMOUS_REQUESTS_PER_MINUTE = 60;
/**
 * Keyed requests count over a sliding minute (this minute window plus the covered share of the previous one);
 * anonymous ones per calendar minute. RateLimit-Reset counts down to the next minute window.
 */
export const API_RATE_WINDOW_SECONDS = 60;

/** Points (or location codes) in one batch call. */
export const BATCH_MAX_LOCATIONS = 1_000;
/** Scenario/period slots in one batch call: every slot the dataset has fits. */
export const BATCH_MAX_SLOTS = 10;
/**
 * A batch counts against the per-key limit by its items (locations × slots): one request for each started block of
 * this many items, so 1,000 points × 10 slots count 10 requests and a nightly pull of 20,000 × 10 counts 200.
 */
export const BATCH_ITEMS_PER_REQUEST = 1_000;

export function batchRequestCost(locations: number, slots: number): number {
  return Math.max(1, Math.ceil((locations * slots) / BATCH_ITEMS_PER_REQUEST));
}

export const API_KEY_RATE_MESSAGE = `Too many requests with this account's API keys: at most ${API_KEY_REQUESTS_PER_MINUTE} a minute across all of them (a batch counts one for each ${BATCH_ITEMS_PER_REQUEST.toLocaleString("en-GB")} items). Retry after the seconds in Retry-After.`;

/** Unknown or revoked Bearer credentials an address may present a minute; each costs a database lookup. */
export const INVALID_CREDENTIALS_PER_MINUTE = 20;
export const INVALID_CREDENTIALS_MESSAGE = `Too many unknown, revoked or expired credentials from this address: at most ${INVALID_CREDENTIALS_PER_MINUTE} a minute. Retry after the seconds in Retry-After.`;

export const ANONYMOUS_RATE_MESSAGE = `Too many requests without an API key from this address: at most ${ANONYMOUS_REQUESTS_PER_MINUTE} a minute. Retry after the seconds in Retry-After, or send an API key (${API_KEY_REQUESTS_PER_MINUTE} a minute).`;

/** What a caller has left in the current window; sent back as the RateLimit headers. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/** The RateLimit-* headers (draft-ietf-httpapi-ratelimit-headers) of a state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
    "RateLimit-Policy": `${state.limit};w=${API_RATE_WINDOW_SECONDS}`,
  };
}

/** The window a moment falls in, and the seconds left until it resets. */
export function rateWindowAt(nowMs: number): { start: Date; resetSeconds: number } {
  const windowMs = API_RATE_WINDOW_SECONDS * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  return { start: new Date(startMs), resetSeconds: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)) };
}

/** The limits in words, as the /api page and the OpenAPI document state them. */
export const API_LIMITS_TEXT: readonly string[] = [
  `An account may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute with its API keys: one budget for all its keys, shared by every server instance, counted over a sliding minute (the current minute window plus the share of the previous one the last 60 seconds still cover), so a burst just before a minute boundary still counts after it. Every answer to a keyed request, errors and 405 included, carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds to the next minute window) and RateLimit-Policy (${API_KEY_REQUESTS_PER_MINUTE};w=${API_RATE_WINDOW_SECONDS}). A 304 Not Modified is free. Past the limit the answer is 429 with Retry-After set to the seconds until the request would fit.`,
  `A batch (POST /api/v1/hazards/batch, up to ${BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} locations × ${BATCH_MAX_SLOTS} scenario/period slots) counts by its items: one request for each started ${BATCH_ITEMS_PER_REQUEST.toLocaleString("en-GB")} location × slot items. 1,000 points × 10 slots count 10 requests, so 20,000 locations × 10 slots count 200 and fit in one minute.`,
  `Without an API key or a signed-in session, each client address may make ${ANONYMOUS_REQUESTS_PER_MINUTE} requests a minute across every /api path (cached answers included), with the same RateLimit headers (RateLimit-Policy ${ANONYMOUS_REQUESTS_PER_MINUTE};w=${API_RATE_WINDOW_SECONDS}) and the same 429 with Retry-After past it. Each server instance counts its own share, so the limit protects the service and is never a quota; the payment provider's signed webhook is not counted. CORS preflights (OPTIONS) are never counted.`,
  "There is no separate quota per plan: API keys come with the PREMIUM plan, and every account has the budget above. A session (signed in on the site) is not counted against a key.",
];
