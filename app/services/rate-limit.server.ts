import { and, count, eq, gte, lt } from "drizzle-orm";
import { rateLimitEvents } from "#db/schema/index";
import { getEnv } from "~/env.server";
import { getDb } from "./db.server";

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

export async function isLimited(key: string, limit: number, windowMinutes: number): Promise<boolean> {
  if (getEnv().DISABLE_RATE_LIMIT) return false;
  return (await countRecent(key, windowMinutes)) >= limit;
}
