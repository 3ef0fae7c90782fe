import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { rateLimitEvents } from "#db/schema/index";
import { getEnv, isProduction } from "~/env.server";
import { getDb } from "../infra/db.server";
import { logger } from "../infra/logger.server";

export const RATE_LIMITS_DISABLED_WARNING =
  "DISABLE_RATE_LIMIT=true: login, sign-up, password-reset and form limits are off, so anyone may guess passwords without limit. For load tests only; never on a public server. Per-recipient mail limits stay on.";

/** Whether DISABLE_RATE_LIMIT is set; says so loudly on a production server. */
export function warnIfRateLimitsDisabled(): boolean {
  const disabled = getEnv().DISABLE_RATE_LIMIT === true;
  if (disabled && isProduction()) logger.warn({ security: true }, RATE_LIMITS_DISABLED_WARNING);
  return disabled;
}

// At start: the server bundle evaluates this module once when it boots.
if (!process.env.VITEST) warnIfRateLimitsDisabled();

/** Counts events per key in a sliding window; rows live in the database so every instance shares them. */
export async function countRecent(key: string, windowMinutes: number): Promise<number> {
  const db = await getDb();
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordEvent(...keys: string[]) {
  const db = await getDb();
  await db.insert(rateLimitEvents).values(keys.map((key) => ({ key })));
  // Keep the table small: anything older than a day is never read again.
  if (Math.random() < 0.02) {
    await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - 86_400_000)));
  }
}

export async function clearEvents(key: string) {
  const db = await getDb();
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}

/** Limits that protect the caller's own service; DISABLE_RATE_LIMIT (load tests) turns them off. */
export async function isLimited(key: string, limit: number, windowMinutes: number): Promise<boolean> {
  if (getEnv().DISABLE_RATE_LIMIT) return false;
  return isOverLimit(key, limit, windowMinutes);
}

/** Limits that protect third parties (mail to someone's address): on whatever DISABLE_RATE_LIMIT says. */
export async function isOverLimit(key: string, limit: number, windowMinutes: number): Promise<boolean> {
  return (await countRecent(key, windowMinutes)) >= limit;
}

/**
 * Takes one attempt under several keys at once, or none. Under a lock per key (held to the end of the transaction,
 * so every instance waits its turn), each key is counted and, when all are below their limits, one event is written
 * for each: forty parallel attempts cannot all read "4 so far" before any of them writes. The attempt counts as a
 * failure until `releaseEvents` takes it back. Returns the event ids, or null when a key is at its limit.
 * With DISABLE_RATE_LIMIT the limits are not checked, the events are still written.
 */
/** A key whose limit is Infinity is only counted (written), never checked. */
export async function reserveAttempt(
  limits: { key: string; limit: number }[],
  windowMinutes: number,
): Promise<number[] | null> {
  const db = await getDb();
  if (getEnv().DISABLE_RATE_LIMIT) {
    const rows = await db
      .insert(rateLimitEvents)
      .values(limits.map(({ key }) => ({ key })))
      .returning({ id: rateLimitEvents.id });
    return rows.map((r) => r.id);
  }
  const since = new Date(Date.now() - windowMinutes * 60_000);
  // A fixed order of locks: two attempts sharing keys can never wait on each other in a circle.
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    const limited = ordered.filter(({ limit }) => Number.isFinite(limit));
    for (const { key } of limited) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    for (const { key, limit } of limited) {
      const [row] = await tx
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)));
      if ((row?.n ?? 0) >= limit) return null;
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(limits.map(({ key }) => ({ key })))
      .returning({ id: rateLimitEvents.id });
    return rows.map((r) => r.id);
  });
}

/** Takes back the events of a reserved attempt that turned out not to count (a successful login). */
export async function releaseEvents(ids: number[]) {
  if (!ids.length) return;
  const db = await getDb();
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}
