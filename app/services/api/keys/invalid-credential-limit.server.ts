/**
 * Unknown, revoked or expired Bearer credentials, counted per client address (an IPv6 one by its /64) in this
 * process's memory: each costs a database lookup, so past INVALID_CREDENTIALS_PER_MINUTE an address's Bearer
 * credentials are refused (429) before any lookup until the minute ends. Valid credentials are never counted;
 * DISABLE_RATE_LIMIT (load tests) counts without refusing, as for the other limits.
 */
import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_CREDENTIALS_PER_MINUTE,
  rateWindowAt,
} from "~/domain/api/keys/api-limits";
import { UNKNOWN_CLIENT, addressBucket } from "~/domain/http/client-address";
import { getEnv } from "~/env.server";
import { TooManyRequestsError, withErrorCode } from "../../http/errors.server";

const failures = new Map<string, number>();
let countedWindow = 0;

function currentWindow(nowMs: number) {
  const { start, resetSeconds } = rateWindowAt(nowMs);
  if (start.getTime() > countedWindow) {
    failures.clear();
    countedWindow = start.getTime();
  }
  return resetSeconds;
}

/** Throws the 429 when the address has presented too many bad credentials this minute. */
export function assertCredentialAttemptsLeft(address: string, nowMs = Date.now()) {
  if (address === UNKNOWN_CLIENT || getEnv().DISABLE_RATE_LIMIT) return;
  const resetSeconds = currentWindow(nowMs);
  if ((failures.get(addressBucket(address)) ?? 0) >= INVALID_CREDENTIALS_PER_MINUTE) {
    throw withErrorCode(new TooManyRequestsError(INVALID_CREDENTIALS_MESSAGE, resetSeconds), "rate_limited");
  }
}

export function countInvalidCredential(address: string, nowMs = Date.now()) {
  if (address === UNKNOWN_CLIENT) return;
  currentWindow(nowMs);
  const bucket = addressBucket(address);
  failures.set(bucket, (failures.get(bucket) ?? 0) + 1);
}

/**
 * Forgets every count (tests).
 * @internal
 */
export function resetInvalidCredentialCountsForTesting() {
  failures.clear();
  countedWindow = 0;
}
