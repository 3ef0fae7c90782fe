/**
 * Requests made with an account's API keys share one budget per account, across its keys and every instance, counted
 * over a sliding minute: the count of the current minute window plus the previous window's count weighted by how much
 * of it the last 60 s still cover. A burst across a minute boundary is no longer two full minutes' worth.
 *
 * No database write per request: each instance decides at once from what it knows (the shared totals as of its last
 * sync plus its own requests since) and adds its requests to the shared row of each window at most every
 * SYNC_INTERVAL_MS, reading the other instances' totals back in the same upsert. An account's first request on an
 * instance waits for that read. Between syncs N instances may together let through at most what N-1 of them took in
 * one interval beyond the limit. The embedded database (one process) counts in memory only.
 */
import { lt, sql } from "drizzle-orm";
import { apiRateWindows } from "#db/schema/index";
import {
  API_KEY_RATE_MESSAGE,
  API_KEY_REQUESTS_PER_MINUTE,
  API_RATE_WINDOW_SECONDS,
  type RateLimitState,
} from "~/domain/api/keys/api-limits";
import { getEnv } from "~/env.server";
import { getDb, getDbMode } from "../../infra/db.server";
import { logger } from "../../infra/logger.server";
import { TooManyRequestsError } from "../../http/errors.server";

export { API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE };

/** How often an instance adds its requests to the shared count and reads the others'. */
export const SYNC_INTERVAL_MS = 250;
const WINDOW_MS = API_RATE_WINDOW_SECONDS * 1000;

/** A 429 that still tells the caller the limit and when it resets. */
export class ApiKeyRateLimitError extends TooManyRequestsError {
  constructor(
    readonly state: RateLimitState,
    retryAfterSeconds = state.resetSeconds,
  ) {
    super(API_KEY_RATE_MESSAGE, retryAfterSeconds);
  }
}

export function accountBucket(userId: string) {
  return `account:${userId}`;
}

/**
 * Where an account's windows are counted. With PostgreSQL every instance shares the database row. The embedded database
 * (PGlite) belongs to one process, so there is only ever one instance and the count lives in its memory: writing it
 * to disk, synced, on every keyed request was what held keyed calls to a few dozen a second.
 */
export interface RateWindowStore {
  /** Adds `total` to the window and answers its count after the addition. */
  add(bucket: string, start: Date, total: number): Promise<number>;
}

export const databaseWindows: RateWindowStore = {
  async add(bucket, start, total) {
    const db = await getDb();
    const [row] = await db
      .insert(apiRateWindows)
      .values({ bucket, windowStart: start, used: total })
      .onConflictDoUpdate({
        target: [apiRateWindows.bucket, apiRateWindows.windowStart],
        set: { used: sql`${apiRateWindows.used} + ${total}` },
      })
      .returning({ used: apiRateWindows.used });
    // Windows older than an hour are never read again.
    if (Math.random() < 0.01)
      await db.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, new Date(start.getTime() - 3_600_000)));
    return row!.used;
  },
};

export function memoryWindows(): RateWindowStore {
  const counts = new Map<string, Map<number, number>>();
  return {
    async add(bucket, start, total) {
      const windows = counts.get(bucket) ?? new Map<number, number>();
      counts.set(bucket, windows);
      const used = (windows.get(start.getTime()) ?? 0) + total;
      windows.set(start.getTime(), used);
      // The current and previous windows are read; older ones never again.
      for (const s of windows.keys()) if (s < start.getTime() - WINDOW_MS) windows.delete(s);
      return used;
    },
  };
}

let embeddedWindows: RateWindowStore | undefined;
let storeOverride: RateWindowStore | undefined;

/**
 * Lets a test count in a given store whatever the database.
 * @internal
 */
export function useRateWindowStoreForTesting(store: RateWindowStore | undefined) {
  storeOverride = store;
}

async function windowStore(): Promise<RateWindowStore> {
  if (storeOverride) return storeOverride;
  return (await getDbMode()) === "pglite" ? (embeddedWindows ??= memoryWindows()) : databaseWindows;
}

interface WindowCount {
  /** Every instance's requests in the window as of the last sync, this one's included. */
  shared: number;
  /** This instance's requests since (negative after a request given back). */
  unsynced: number;
}

interface Bucket {
  windows: Map<number, WindowCount>;
  /** The first read of the shared counts; the bucket decides locally once it is done. */
  ready: Promise<void>;
  lastSync: number;
  /** The latest moment a request was counted at: the windows synced are that moment's and the one before. */
  latest: number;
  syncing: Promise<void> | null;
  timer: NodeJS.Timeout | null;
}

const buckets = new Map<string, Bucket>();

function windowOf(bucket: Bucket, start: number): WindowCount {
  let w = bucket.windows.get(start);
  if (!w) bucket.windows.set(start, (w = { shared: 0, unsynced: 0 }));
  return w;
}

/** Sends this instance's unsynced requests of the current and previous windows and reads back the totals. */
async function sync(name: string, bucket: Bucket): Promise<void> {
  const store = await windowStore();
  const current = Math.floor(bucket.latest / WINDOW_MS) * WINDOW_MS;
  for (const start of bucket.windows.keys()) if (start < current - WINDOW_MS) bucket.windows.delete(start);
  for (const start of [current - WINDOW_MS, current]) {
    const w = windowOf(bucket, start);
    const sent = w.unsynced;
    const total = await store.add(name, new Date(start), sent);
    w.unsynced -= sent;
    w.shared = total;
  }
  bucket.lastSync = Date.now();
}

function scheduleSync(name: string, bucket: Bucket) {
  if (bucket.timer || bucket.syncing) return;
  const wait = Math.max(0, bucket.lastSync + SYNC_INTERVAL_MS - Date.now());
  bucket.timer = setTimeout(() => {
    bucket.timer = null;
    bucket.syncing = sync(name, bucket)
      .catch((error: unknown) => logger.warn({ err: error, bucket: name }, "rate limit count not shared"))
      .finally(() => {
        bucket.syncing = null;
        const pending = [...bucket.windows.values()].some((w) => w.unsynced !== 0);
        if (pending) scheduleSync(name, bucket);
        else if (Date.now() - bucket.lastSync > 2 * WINDOW_MS) buckets.delete(name);
      });
  }, wait);
  bucket.timer.unref?.();
}

function bucketFor(name: string, nowMs: number): Bucket {
  let bucket = buckets.get(name);
  if (!bucket) {
    const created: Bucket = {
      windows: new Map(),
      ready: Promise.resolve(),
      lastSync: 0,
      latest: nowMs,
      syncing: null,
      timer: null,
    };
    created.ready = sync(name, created).catch((error: unknown) => {
      buckets.delete(name);
      throw error;
    });
    buckets.set(name, (bucket = created));
  }
  return bucket;
}

/** The sliding count at a moment: the current window plus the covered share of the previous one. */
function usedAt(bucket: Bucket, nowMs: number) {
  const start = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
  const count = (s: number) => {
    const w = bucket.windows.get(s);
    return w ? w.shared + w.unsynced : 0;
  };
  const previous = count(start - WINDOW_MS);
  const current = count(start);
  const covered = 1 - (nowMs - start) / WINDOW_MS;
  return { start, previous, current, used: previous * covered + current };
}

/** Seconds until `cost` more fit: the previous window's share shrinks as time goes on; the current one's stays. */
function secondsUntilFits(
  previous: number,
  current: number,
  start: number,
  nowMs: number,
  cost: number,
  limit: number,
): number {
  const untilNext = (start + WINDOW_MS - nowMs) / 1000;
  if (current + cost > limit || previous === 0) return Math.max(1, Math.ceil(untilNext));
  // previous × (1 - t/W) + current + cost ≤ limit  ⇒  t ≥ W × (1 - (limit - current - cost) / previous)
  const t = WINDOW_MS * (1 - (limit - current - cost) / previous);
  return Math.max(1, Math.ceil((t - (nowMs - start)) / 1000));
}

/**
 * Takes `cost` requests from the account's budget, or none when they do not fit (then 429 with Retry-After the seconds
 * until they would). With DISABLE_RATE_LIMIT (load tests) requests are counted and reported, never refused.
 */
export async function takeAccountRequests(userId: string, cost = 1, nowMs = Date.now()): Promise<RateLimitState> {
  const name = accountBucket(userId);
  const bucket = bucketFor(name, nowMs);
  await bucket.ready;
  bucket.latest = Math.max(bucket.latest, nowMs);
  const limit = API_KEY_REQUESTS_PER_MINUTE;
  const { start, previous, current, used } = usedAt(bucket, nowMs);
  const resetSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - nowMs) / 1000));
  if (!getEnv().DISABLE_RATE_LIMIT && used + cost > limit) {
    const state = { limit, remaining: Math.max(0, Math.floor(limit - used)), resetSeconds };
    throw new ApiKeyRateLimitError(state, secondsUntilFits(previous, current, start, nowMs, cost, limit));
  }
  windowOf(bucket, start).unsynced += cost;
  scheduleSync(name, bucket);
  return { limit, remaining: Math.max(0, Math.floor(limit - used - cost)), resetSeconds };
}

/** Gives back requests that turned out free (a 304: the caller already had the answer). */
export function giveBackAccountRequests(userId: string, cost = 1, nowMs = Date.now()) {
  const name = accountBucket(userId);
  const bucket = buckets.get(name);
  if (!bucket) return;
  const w = bucket.windows.get(Math.floor(nowMs / WINDOW_MS) * WINDOW_MS);
  if (!w) return;
  w.unsynced -= cost;
  scheduleSync(name, bucket);
}

/**
 * Forgets every count this instance holds (tests).
 * @internal
 */
export function resetAccountCountsForTesting() {
  for (const bucket of buckets.values()) if (bucket.timer) clearTimeout(bucket.timer);
  buckets.clear();
}
