/**
 * Requests made with an API key are limited per key and per minute window, shared by every instance through one
 * database row per key and window: a single upsert counts the request and says what is left.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { apiRateWindows } from "#db/schema/index";
import { API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE, rateWindowAt, type RateLimitState } from "~/domain/api-limits";
import { getEnv } from "~/env.server";
import { getDb } from "./db.server";
import { TooManyRequestsError } from "./errors.server";
import { hashToken } from "./password.server";

export { API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE };

/** A 429 that still tells the caller the limit and when it resets. */
export class ApiKeyRateLimitError extends TooManyRequestsError {
  constructor(readonly state: RateLimitState) {
    super(API_KEY_RATE_MESSAGE, state.resetSeconds);
  }
}

export function apiKeyBucket(key: string) {
  return `api_key:${hashToken(key).slice(0, 24)}`;
}

/**
 * Takes `cost` requests from the key's current window, or none when they do not fit (then 429 with Retry-After the
 * seconds to the reset). With DISABLE_RATE_LIMIT (load tests) requests are counted and reported, never refused.
 */
export async function takeApiKeyRequests(key: string, cost = 1, nowMs = Date.now()): Promise<RateLimitState> {
  const db = await getDb();
  const bucket = apiKeyBucket(key);
  const { start, resetSeconds } = rateWindowAt(nowMs);
  const limit = API_KEY_REQUESTS_PER_MINUTE;
  const enforce = !getEnv().DISABLE_RATE_LIMIT;
  const [row] = await db
    .insert(apiRateWindows)
    .values({ bucket, windowStart: start, used: cost })
    .onConflictDoUpdate({
      target: [apiRateWindows.bucket, apiRateWindows.windowStart],
      set: { used: sql`${apiRateWindows.used} + ${cost}` },
      ...(enforce ? { setWhere: sql`${apiRateWindows.used} + ${cost} <= ${limit}` } : {}),
    })
    .returning({ used: apiRateWindows.used });
  // Windows older than an hour are never read again.
  if (Math.random() < 0.01) await db.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, new Date(nowMs - 3_600_000)));
  if (row && (!enforce || row.used <= limit)) return { limit, remaining: Math.max(0, limit - row.used), resetSeconds };
  const [current] = await db
    .select({ used: apiRateWindows.used })
    .from(apiRateWindows)
    .where(and(eq(apiRateWindows.bucket, bucket), eq(apiRateWindows.windowStart, start)));
  throw new ApiKeyRateLimitError({ limit, remaining: Math.max(0, limit - (current?.used ?? limit)), resetSeconds });
}
