import { rateLimitEvents } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE, enforceApiKeyRateLimit } from "./api-key-rate-limit.server";
import { hashToken } from "./password.server";

const getDb = setupTestDatabase();

it("refuses a key past its per-minute budget with 429, and leaves other keys alone", async () => {
  const key = "crk_rate_limited_key_0000000000";
  const bucket = `api_key:${hashToken(key).slice(0, 24)}`;
  await getDb().insert(rateLimitEvents).values(Array.from({ length: API_KEY_REQUESTS_PER_MINUTE - 1 }, () => ({ key: bucket })));
  await enforceApiKeyRateLimit(key);
  await expect(enforceApiKeyRateLimit(key)).rejects.toMatchObject({ status: 429, message: API_KEY_RATE_MESSAGE });
  await expect(enforceApiKeyRateLimit("crk_another_key_000000000000000")).resolves.toBeUndefined();
});
