/**
 * Idempotency, stated once: the first request with a key runs and its answer is stored; any later request with the
 * same owner, scope and key gets that answer back without running again. The row is inserted before the work
 * starts, so two racing requests cannot both run it (the unique key lets exactly one insert win).
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { idempotencyKeys } from "#db/schema/index";
import { COMMERCE_MESSAGES, IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from "~/domain/commerce";
import { getDb } from "../db.server";
import { BadRequestError, ConflictError } from "../errors.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How long a repeat waits for the first request to finish before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/**
 * A pending row older than this belongs to a request that died before answering. Far longer than any purchase
 * takes (a Stripe call included), so a request still at work is never taken over.
 */
export const STALE_PENDING_MS = 5 * 60_000;

export function assertIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequestError(`${IDEMPOTENCY_HEADER} ${IDEMPOTENCY_KEY_MESSAGE}`, "idempotency_key");
  }
  return key;
}

/** The key of an API request: the header, else an `idempotency_key` field of the body. */
export function idempotencyKeyOf(request: Request, body?: Record<string, unknown>): string {
  return assertIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER) ?? body?.idempotency_key);
}

export async function withIdempotency<T>(ownerId: string | null, key: string, scope: string, run: () => Promise<T>): Promise<T> {
  assertIdempotencyKey(key);
  const db = await getDb();
  const owner = ownerId ?? "anonymous";
  const where = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const claimed = await db.insert(idempotencyKeys).values({ owner, scope, key }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (claimed.length) return runClaimed(where, run);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (row?.state === "done") return row.response as T;
    if (!row) return withIdempotency(ownerId, key, scope, run);
    if (Date.now() - row.createdAt.getTime() > STALE_PENDING_MS && (await reclaimStale(where))) return runClaimed(where, run);
    if (Date.now() > deadline) throw new ConflictError(COMMERCE_MESSAGES.keyInProgress);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

type Where = ReturnType<typeof and>;

async function runClaimed<T>(where: Where, run: () => Promise<T>): Promise<T> {
  const db = await getDb();
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // Nothing was done (the work is transactional), so a retry with the same key may run again.
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
  await db.update(idempotencyKeys).set({ state: "done", response: (result ?? null) as unknown }).where(where);
  return result;
}

/**
 * Takes over a row left pending by a request that died (crash, restart) so its key is not blocked forever. The
 * update is conditional on the row still being pending and stale by the database clock, so of several waiting
 * requests exactly one wins and the others keep waiting for its answer.
 */
async function reclaimStale(where: Where): Promise<boolean> {
  const db = await getDb();
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(and(where, eq(idempotencyKeys.state, "pending"), lt(idempotencyKeys.createdAt, sql`now() - ${`${STALE_PENDING_MS} milliseconds`}::interval`)))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}
