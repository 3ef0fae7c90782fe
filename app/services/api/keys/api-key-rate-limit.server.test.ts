import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import {
  API_KEY_RATE_MESSAGE,
  API_KEY_REQUESTS_PER_MINUTE,
  ApiKeyRateLimitError,
  SYNC_INTERVAL_MS,
  accountBucket,
  databaseWindows,
  giveBackAccountRequests,
  memoryWindows,
  resetAccountCountsForTesting,
  takeAccountRequests,
  useRateWindowStoreForTesting,
} from "./api-key-rate-limit.server";
import { createApiKey } from "./api-keys.server";
import { rateLimitStateOf, resolveApiCaller } from "./api-auth.server";
import { apiError } from "../api-response.server";

const getDb = setupTestDatabase();

/** 12:00:45.200 UTC: 14.8 s before the minute window ends. */
const AT = Date.UTC(2026, 10, 27, 12, 0, 45, 200);
const afterSync = () => new Promise((r) => setTimeout(r, SYNC_INTERVAL_MS * 3));

// PostgreSQL shares the count through a row per window; the embedded database (one process) keeps it in memory.
describe.each([
  ["the database rows (PostgreSQL)", () => databaseWindows],
  ["memory (PGlite, one process)", () => memoryWindows()],
])("an account's budget counted in %s", (_name, store) => {
  beforeEach(() => {
    resetAccountCountsForTesting();
    useRateWindowStoreForTesting(store());
  });
  afterEach(() => useRateWindowStoreForTesting(undefined));

  it("counts over a sliding minute: a burst before a minute boundary still counts after it", async () => {
    const user = crypto.randomUUID();
    expect(await takeAccountRequests(user, 1, AT)).toEqual({
      limit: API_KEY_REQUESTS_PER_MINUTE,
      remaining: 599,
      resetSeconds: 15,
    });
    expect(await takeAccountRequests(user, 589, AT)).toEqual({ limit: 600, remaining: 10, resetSeconds: 15 });
    // A batch that does not fit is refused whole and takes nothing: the 10 left stay usable.
    const refused = await takeAccountRequests(user, 11, AT).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiKeyRateLimitError);
    expect(refused).toMatchObject({ status: 429, message: API_KEY_RATE_MESSAGE, state: { remaining: 10 } });
    const answer = apiError(refused);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("RateLimit-Remaining")).toBe("10");
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // 0.2 s into the next minute the 590 still count at 59.8/60 of their weight: a calendar minute would have forgotten them.
    expect(await takeAccountRequests(user, 1, AT + 15_000)).toMatchObject({ remaining: 10 });
    // Half a minute on, about half of them count.
    expect(await takeAccountRequests(user, 1, AT + 45_000)).toMatchObject({ remaining: 304 });
    expect(await takeAccountRequests(crypto.randomUUID(), 1, AT)).toMatchObject({ remaining: 599 });
  });

  it("says when a refused request would fit: as the previous minute's share shrinks, not at the next minute", async () => {
    const user = crypto.randomUUID();
    await takeAccountRequests(user, 600, AT);
    // 30.2 s into the next minute: 600 × 29.8/60 = 298 used. 303 more fit once the old share is 297 or less: 0.1 s on.
    const refused = (await takeAccountRequests(user, 303, AT + 45_000).catch(
      (e: unknown) => e,
    )) as ApiKeyRateLimitError;
    expect(refused).toBeInstanceOf(ApiKeyRateLimitError);
    expect(refused.retryAfterSeconds).toBe(1);
    const later = (await takeAccountRequests(user, 400, AT + 45_000).catch((e: unknown) => e)) as ApiKeyRateLimitError;
    // 600 × (1 - t/60) ≤ 200 at t = 40 s into the minute: 9.8 s from 30.2 s.
    expect(later.retryAfterSeconds).toBe(10);
  });

  it("gives back what a 304 took", async () => {
    const user = crypto.randomUUID();
    await takeAccountRequests(user, 10, AT);
    giveBackAccountRequests(user, 10, AT);
    expect(await takeAccountRequests(user, 1, AT)).toMatchObject({ remaining: 599 });
  });
});

describe("one budget per account", () => {
  afterEach(() => useRateWindowStoreForTesting(undefined));

  it("is shared by every key of the account", async () => {
    resetAccountCountsForTesting();
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const keys = [await createApiKey(user, { name: "nightly" }), await createApiKey(user, { name: "dashboard" })];
    const remaining: number[] = [];
    for (const { key } of [...keys, ...keys]) {
      const request = new Request("http://localhost/api/riskdb/countries", {
        headers: { Authorization: `Bearer ${key}` },
      });
      await resolveApiCaller(request);
      remaining.push(rateLimitStateOf(request)!.remaining);
    }
    expect(remaining).toEqual([599, 598, 597, 596]);
  });

  it("counts what other instances took, read back at the next sync, without a database write per request", async () => {
    resetAccountCountsForTesting();
    useRateWindowStoreForTesting(databaseWindows);
    const user = crypto.randomUUID();
    const now = Date.now();
    for (let i = 0; i < 50; i++) await takeAccountRequests(user, 1, now);
    await afterSync();
    // Another instance adds its 200 to the shared row of this minute.
    await databaseWindows.add(accountBucket(user), new Date(Math.floor(now / 60_000) * 60_000), 200);
    await takeAccountRequests(user, 1, now);
    await afterSync();
    const state = await takeAccountRequests(user, 1, now);
    expect(state.remaining).toBe(600 - 252);
  });
});
