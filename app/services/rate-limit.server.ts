import { and, count, eq, gte, lt } from "drizzle-orm";
import { rateLimitEvents } from "#db/schema/index";
import { getEnv, isProduction } from "~/env.server";
import { getDb } from "./db.server";
import { logger } from "./logger.server";

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
