/**
 * Requests made with an API key are limited per key and per minute window, shared by every instance through one
 * database row per key and window: an upsert counts the requests and says what is left.
 *
 * Requests of one key that arrive while its upsert is in flight wait for the next one, which counts all of them
 * at once and hands each its place in arrival order: a key's concurrent requests cost one database round trip
 * between them instead of one each (this, not the scoring, was the time of a keyed call), and the count stays exact.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { apiRateWindows } from "#db/schema/index";
import { API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE, rateWindowAt, type RateLimitState } from "~/domain/api/keys/api-limits";
import { getEnv } from "~/env.server";
import { getDb, getDbMode } from "../../infra/db.server";
import { TooManyRequestsError } from "../../http/errors.server";
import { hashToken } from "../../auth/password.server";

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

interface Waiter {
  cost: number;
  nowMs: number;
  resolve: (state: RateLimitState) => void;
  reject: (error: unknown) => void;
}

const queues = new Map<string, Waiter[]>();

/**
 * Takes `cost` requests from the key's current window, or none when they do not fit (then 429 with Retry-After the
 * seconds to the reset). With DISABLE_RATE_LIMIT (load tests) requests are counted and reported, never refused.
 */
export function takeApiKeyRequests(key: string, cost = 1, nowMs = Date.now()): Promise<RateLimitState> {
  const bucket = apiKeyBucket(key);
  return new Promise((resolve, reject) => {
    const waiting = queues.get(bucket);
    if (waiting) return void waiting.push({ cost, nowMs, resolve, reject });
    queues.set(bucket, [{ cost, nowMs, resolve, reject }]);
    void drain(bucket);
  });
}

async function drain(bucket: string) {
  for (;;) {
    const waiting = queues.get(bucket)!;
    if (!waiting.length) return void queues.delete(bucket);
    const group = waiting.splice(0);
    // One upsert per window the group spans (requests straddling a minute boundary).
    const byWindow = new Map<number, Waiter[]>();
    for (const w of group) {
      const start = rateWindowAt(w.nowMs).start.getTime();
      byWindow.set(start, [...(byWindow.get(start) ?? []), w]);
    }
    for (const [start, waiters] of byWindow) {
      try {
        await countWindow(bucket, new Date(start), waiters);
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
  }
}

/**
 * Where a key's window is counted. With PostgreSQL every instance shares the database row. The embedded database
 * (PGlite) belongs to one process, so there is only ever one instance and the count lives in its memory: writing it
 * to disk, synced, on every keyed request was what held keyed calls to a few dozen a second.
 */
export interface RateWindowStore {
  /** Adds `total` to the window and answers its count after the addition. */
  add(bucket: string, start: Date, total: number): Promise<number>;
  /** Takes back requests that were refused. */
  giveBack(bucket: string, start: Date, refused: number): Promise<void>;
}

export const databaseWindows: RateWindowStore = {
  async add(bucket, start, total) {
    const db = await getDb();
    const [row] = await db
      .insert(apiRateWindows)
      .values({ bucket, windowStart: start, used: total })
      .onConflictDoUpdate({ target: [apiRateWindows.bucket, apiRateWindows.windowStart], set: { used: sql`${apiRateWindows.used} + ${total}` } })
      .returning({ used: apiRateWindows.used });
    // Windows older than an hour are never read again.
    if (Math.random() < 0.01) await db.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, new Date(start.getTime() - 3_600_000)));
    return row!.used;
  },
  async giveBack(bucket, start, refused) {
    const db = await getDb();
    await db
      .update(apiRateWindows)
      .set({ used: sql`${apiRateWindows.used} - ${refused}` })
      .where(and(eq(apiRateWindows.bucket, bucket), eq(apiRateWindows.windowStart, start)));
  },
};

export function memoryWindows(): RateWindowStore {
  const counts = new Map<string, { start: number; used: number }>();
  return {
    async add(bucket, start, total) {
      const entry = counts.get(bucket);
      const used = (entry && entry.start === start.getTime() ? entry.used : 0) + total;
      // Only the current window of each key is kept: an older one is never read again.
      if (!entry || entry.start <= start.getTime()) counts.set(bucket, { start: start.getTime(), used });
      return used;
    },
    async giveBack(bucket, start, refused) {
      const entry = counts.get(bucket);
      if (entry && entry.start === start.getTime()) entry.used -= refused;
    },
  };
}

let embeddedWindows: RateWindowStore | undefined;
let storeOverride: RateWindowStore | undefined;

/** Lets a test count in a given store whatever the database. */
export function useRateWindowStoreForTesting(store: RateWindowStore | undefined) {
  storeOverride = store;
}

async function windowStore(): Promise<RateWindowStore> {
  if (storeOverride) return storeOverride;
  return (await getDbMode()) === "pglite" ? (embeddedWindows ??= memoryWindows()) : databaseWindows;
}

async function countWindow(bucket: string, start: Date, waiters: Waiter[]) {
  const store = await windowStore();
  const limit = API_KEY_REQUESTS_PER_MINUTE;
  const enforce = !getEnv().DISABLE_RATE_LIMIT;
  const total = waiters.reduce((n, w) => n + w.cost, 0);
  const after = await store.add(bucket, start, total);
  // In arrival order: each request fits in what the ones before it left, or is refused and takes nothing.
  let used = after - total;
  let refused = 0;
  const outcomes = waiters.map((w) => {
    if (enforce && used + w.cost > limit) {
      refused += w.cost;
      return { accepted: false, remaining: -1 };
    }
    used += w.cost;
    return { accepted: true, remaining: Math.max(0, limit - used) };
  });
  if (refused) await store.giveBack(bucket, start, refused);
  waiters.forEach((w, i) => {
    const { resetSeconds } = rateWindowAt(w.nowMs);
    const { accepted, remaining } = outcomes[i]!;
    if (accepted) w.resolve({ limit, remaining, resetSeconds });
    else w.reject(new ApiKeyRateLimitError({ limit, remaining: Math.max(0, limit - used), resetSeconds }));
  });
}
