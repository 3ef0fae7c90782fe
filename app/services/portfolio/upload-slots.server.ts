/**
 * Uploads being read right now, per account and in total (per server process: the memory and CPU they hold are
 * this process's). A caller over either cap gets a 429 with Retry-After before its body is read.
 */
import {
  UPLOAD_BUSY_RETRY_AFTER_SECONDS, UPLOAD_MESSAGES, UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOADS_CONCURRENT_TOTAL,
} from "~/domain/portfolio/limits";
import { TooManyRequestsError } from "../errors.server";

const byAccount = new Map<string, number>();
let total = 0;

/** Takes a slot for `account` (a user id, or a visitor's address); the returned release frees it once. */
export function takeUploadSlot(account: string): () => void {
  const mine = byAccount.get(account) ?? 0;
  if (mine >= UPLOADS_CONCURRENT_PER_ACCOUNT)
    throw new TooManyRequestsError(UPLOAD_MESSAGES.busyAccount(mine, UPLOAD_BUSY_RETRY_AFTER_SECONDS), UPLOAD_BUSY_RETRY_AFTER_SECONDS);
  if (total >= UPLOADS_CONCURRENT_TOTAL)
    throw new TooManyRequestsError(UPLOAD_MESSAGES.busyServer(UPLOAD_BUSY_RETRY_AFTER_SECONDS), UPLOAD_BUSY_RETRY_AFTER_SECONDS);
  byAccount.set(account, mine + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (byAccount.get(account) ?? 1) - 1;
    if (left > 0) byAccount.set(account, left);
    else byAccount.delete(account);
  };
}

/** Uploads being read now (for tests and the health figures). */
export function uploadsInProgress(): number {
  return total;
}
