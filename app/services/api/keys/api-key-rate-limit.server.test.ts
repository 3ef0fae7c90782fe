import { setupTestDatabase } from "#db/testing";
import {
  API_KEY_RATE_MESSAGE, API_KEY_REQUESTS_PER_MINUTE, ApiKeyRateLimitError, databaseWindows, memoryWindows, takeApiKeyRequests, useRateWindowStoreForTesting,
} from "./api-key-rate-limit.server";
import { apiError } from "../api-response.server";

setupTestDatabase();

/** 12:00:45 UTC: 15 s before the minute window resets. */
const AT = Date.UTC(2026, 10, 27, 12, 0, 45, 200);

// PostgreSQL shares the count through a row; the embedded database (one process) keeps it in memory.
describe.each([
  ["the database row (PostgreSQL)", () => databaseWindows],
  ["memory (PGlite, one process)", () => memoryWindows()],
])("a key's window counted in %s", (_name, store) => {
  beforeEach(() => useRateWindowStoreForTesting(store()));
  afterEach(() => useRateWindowStoreForTesting(undefined));

  it("counts each request, says what is left, and refuses past the limit with Retry-After the seconds to the reset", async () => {
    const key = "crk_rate_limited_key_0000000000";
    expect(await takeApiKeyRequests(key, 1, AT)).toEqual({ limit: API_KEY_REQUESTS_PER_MINUTE, remaining: 599, resetSeconds: 15 });
    expect(await takeApiKeyRequests(key, 590, AT)).toEqual({ limit: 600, remaining: 9, resetSeconds: 15 });
    // A batch that does not fit is refused whole and takes nothing: the 9 left stay usable.
    const refused = await takeApiKeyRequests(key, 10, AT).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiKeyRateLimitError);
    expect(refused).toMatchObject({ status: 429, message: API_KEY_RATE_MESSAGE, retryAfterSeconds: 15, state: { remaining: 9, resetSeconds: 15 } });
    const answer = apiError(refused);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("15");
    expect(answer.headers.get("RateLimit-Limit")).toBe("600");
    expect(answer.headers.get("RateLimit-Remaining")).toBe("9");
    expect(answer.headers.get("RateLimit-Reset")).toBe("15");
    expect(await takeApiKeyRequests(key, 9, AT + 10_000)).toEqual({ limit: 600, remaining: 0, resetSeconds: 5 });
    await expect(takeApiKeyRequests(key, 1, AT + 14_500)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    // The next minute is a new window; other keys were never touched.
    expect(await takeApiKeyRequests(key, 1, AT + 15_000)).toEqual({ limit: 600, remaining: 599, resetSeconds: 60 });
    expect(await takeApiKeyRequests("crk_another_key_000000000000000", 1, AT)).toMatchObject({ remaining: 599 });
});

  it("counts concurrent requests of one key exactly, each with its own place, in one round trip between them", async () => {
    const key = "crk_concurrent_key_000000000000";
    await takeApiKeyRequests(key, 590, AT);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => takeApiKeyRequests(key, 1, AT)));
    const accepted = outcomes.filter((o) => o.status === "fulfilled").map((o) => (o as PromiseFulfilledResult<{ remaining: number }>).value.remaining);
    expect(accepted.sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(2);
    // the refused ones took nothing: the window holds exactly 600
    await expect(takeApiKeyRequests(key, 1, AT)).rejects.toMatchObject({ state: { remaining: 0 } });
    expect(await takeApiKeyRequests(key, 1, AT + 15_000)).toMatchObject({ remaining: 599 });
});
});
