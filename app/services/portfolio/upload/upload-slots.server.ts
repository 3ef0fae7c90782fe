/**
 * Uploads being read right now. The cap per account holds across every instance: each upload holds a lease row in
 * upload_slots, renewed while it reads, so a second instance counts it too and an instance that dies frees its
 * slots when their leases run out. The total cap is per process: what it protects is this process's memory and
 * event loop. A caller over either cap gets a 429 with Retry-After before its body is read.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, lt, sql } from "drizzle-orm";
import { uploadSlots } from "#db/schema/index";
import {
  UPLOAD_BUSY_RETRY_AFTER_SECONDS,
  UPLOAD_MESSAGES,
  UPLOADS_CONCURRENT_PER_ACCOUNT,
  UPLOADS_CONCURRENT_TOTAL,
} from "~/domain/portfolio/limits";
import { getDb } from "../../infra/db.server";
import { TooManyRequestsError } from "../../http/errors.server";
import { logger } from "../../infra/logger.server";

/** How long a slot outlives its last renewal: how soon a dead instance's uploads stop counting. */
export const UPLOAD_SLOT_LEASE_SECONDS = 60;
const RENEW_EVERY_MS = (UPLOAD_SLOT_LEASE_SECONDS / 3) * 1000;

let total = 0;

async function leaseAccountSlot(account: string): Promise<string | null> {
  const db = await getDb();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    // One account's takers wait their turn, on every instance: two cannot both count "0 so far".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-slot:${account}`}))`);
    await tx.delete(uploadSlots).where(and(eq(uploadSlots.account, account), lt(uploadSlots.expiresAt, sql`now()`)));
    const [held] = await tx.select({ n: count() }).from(uploadSlots).where(eq(uploadSlots.account, account));
    if ((held?.n ?? 0) >= UPLOADS_CONCURRENT_PER_ACCOUNT) return null;
    await tx
      .insert(uploadSlots)
      .values({ id, account, expiresAt: sql`now() + make_interval(secs => ${UPLOAD_SLOT_LEASE_SECONDS})` });
    return id;
  });
}

/**
 * Takes a slot for `account` (a user id, or a visitor's address); the returned release frees it once. The slot
 * never outlives its request: when `signal` aborts (the client went away) it is freed at once, and its lease is
 * no longer renewed, whatever the reader is still doing.
 */
export async function takeUploadSlot(account: string, signal?: AbortSignal): Promise<() => Promise<void>> {
  signal?.throwIfAborted();
  const id = await leaseAccountSlot(account);
  if (!id)
    throw new TooManyRequestsError(
      UPLOAD_MESSAGES.busyAccount(UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOAD_BUSY_RETRY_AFTER_SECONDS),
      UPLOAD_BUSY_RETRY_AFTER_SECONDS,
    );
  const db = await getDb();
  const drop = async () => {
    await db
      .delete(uploadSlots)
      .where(eq(uploadSlots.id, id))
      .catch((error: unknown) =>
        logger.warn({ err: error, account }, "could not free an upload slot (its lease runs out)"),
      );
  };
  if (total >= UPLOADS_CONCURRENT_TOTAL) {
    await drop();
    throw new TooManyRequestsError(
      UPLOAD_MESSAGES.busyServer(UPLOAD_BUSY_RETRY_AFTER_SECONDS),
      UPLOAD_BUSY_RETRY_AFTER_SECONDS,
    );
  }
  total++;
  const renew = setInterval(() => {
    db.update(uploadSlots)
      .set({ expiresAt: sql`now() + make_interval(secs => ${UPLOAD_SLOT_LEASE_SECONDS})` })
      .where(eq(uploadSlots.id, id))
      .catch((error: unknown) => logger.warn({ err: error, account }, "could not renew an upload slot"));
  }, RENEW_EVERY_MS);
  renew.unref();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    signal?.removeEventListener("abort", onAbort);
    total--;
    clearInterval(renew);
    await drop();
  };
  const onAbort = () => void release();
  if (signal?.aborted) await release();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return release;
}

/**
 * Uploads being read by this process now (for tests and the health figures).
 * @internal
 */
export function uploadsInProgress(): number {
  return total;
}
