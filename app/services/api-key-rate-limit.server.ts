/** Requests made with an API key are limited per key, shared by every instance through the database. */
import { TooManyRequestsError } from "./errors.server";
import { hashToken } from "./password.server";
import { isLimited, recordEvent } from "./rate-limit.server";

export const API_KEY_REQUESTS_PER_MINUTE = 600;
export const API_KEY_RATE_MESSAGE = `Too many requests with this API key: at most ${API_KEY_REQUESTS_PER_MINUTE} a minute. Please retry shortly.`;

export async function enforceApiKeyRateLimit(key: string) {
  const bucket = `api_key:${hashToken(key).slice(0, 24)}`;
  if (await isLimited(bucket, API_KEY_REQUESTS_PER_MINUTE, 1)) throw new TooManyRequestsError(API_KEY_RATE_MESSAGE, 60);
  await recordEvent(bucket);
}
