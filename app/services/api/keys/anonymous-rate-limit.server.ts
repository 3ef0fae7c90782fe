/**
 * Requests without an API key or a session are limited per client address (after the trusted-proxy resolution),
 * counted in this process's memory. The limit protects the service from one address's flood; it bills nobody and
 * promises nothing, so each instance counting its own share (behind N instances an address may make up to N times
 * as many) is good enough, and the cached anonymous answers pay no database round trip for it. A restart forgets
 * the counts, which at worst lets an address start a minute afresh.
 */
import {
  ANONYMOUS_RATE_MESSAGE,
  ANONYMOUS_REQUESTS_PER_MINUTE,
  rateWindowAt,
  type RateLimitState,
} from "~/domain/api/keys/api-limits";
import { UNKNOWN_CLIENT, addressBucket } from "~/domain/http/client-address";
import { getEnv } from "~/env.server";
import { TooManyRequestsError } from "../../http/errors.server";

/** A 429 that still tells the caller the limit and when it resets. */
export class AnonymousRateLimitError extends TooManyRequestsError {
  constructor(readonly state: RateLimitState) {
    super(ANONYMOUS_RATE_MESSAGE, state.resetSeconds);
  }
}

/** Requests of each address (an IPv6 one by its /64) in the current window; emptied when the next window starts, so it never outgrows one minute's callers. */
const counts = new Map<string, number>();
let countedWindow = 0;

/**
 * Takes one request from the address's current window, or throws AnonymousRateLimitError (429, Retry-After to the
 * reset). With DISABLE_RATE_LIMIT (load tests) requests are counted and reported, never refused, as for keys. A
 * request without a known address (no socket peer: a loader called without the server entry) has no bucket to count in: null.
 */
export function takeAnonymousRequest(address: string, nowMs = Date.now()): RateLimitState | null {
  if (address === UNKNOWN_CLIENT) return null;
  const { start, resetSeconds } = rateWindowAt(nowMs);
  if (start.getTime() > countedWindow) {
    counts.clear();
    countedWindow = start.getTime();
  }
  const limit = ANONYMOUS_REQUESTS_PER_MINUTE;
  const bucket = addressBucket(address);
  const used = counts.get(bucket) ?? 0;
  if (used >= limit && !getEnv().DISABLE_RATE_LIMIT)
    throw new AnonymousRateLimitError({ limit, remaining: 0, resetSeconds });
  counts.set(bucket, used + 1);
  return { limit, remaining: Math.max(0, limit - used - 1), resetSeconds };
}

/**
 * Forgets every count (tests).
 * @internal
 */
export function resetAnonymousCountsForTesting() {
  counts.clear();
  countedWindow = 0;
}
