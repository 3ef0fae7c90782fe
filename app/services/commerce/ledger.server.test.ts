import { createUser } from "#db/factories";
import { idempotencyKeys } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { getAvailableLocations, getUserEntitlements, grantLocation } from "../entitlements.server";
import { saveBillingInfo } from "./billing.server";
import { STALE_PENDING_MS, withIdempotency } from "./idempotency.server";
import { buyLocationCredits } from "./orders.server";

const getDb = setupTestDatabase();
const COUNTRIES = ["ES", "IT", "PT", "NL", "BE", "AT", "CH", "PL"];

describe("the entitlement ledger", () => {
  it("parallel orders never take more than the plan leaves", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const results = await Promise.allSettled(COUNTRIES.map((c) => grantLocation(user.id, c, "order")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.name)).toEqual(["LimitReachedError", "LimitReachedError", "LimitReachedError"]);
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.ordered.country).toHaveLength(5);
    expect(e.remaining.country).toBe(0);
  });

  it("purchased credits raise the limit: remaining = plan + purchased − used, the same on the API", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, { appeal: "", email: "a@b.co", first_name: "A", last_name: "B", phone: "+4412345", company: { name: "Acme", country: "GB", zip: "", city: "", street: "1 High St", vat_number: "" } });
    await grantLocation(user.id, "ES", "order");
    await buyLocationCredits({ userId: user.id, kind: "country", amount: 2, idempotencyKey: "ledger-credits-1" });
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e).toMatchObject({ planLimits: { country: 5 }, purchased: { country: 2 }, granted: { country: 7 }, remaining: { country: 6 } });
    expect((await getAvailableLocations({ id: user.id, planCode: "PREMIUM" })).limit_country).toBe(6);
    const results = await Promise.allSettled(COUNTRIES.map((c) => grantLocation(user.id, c, "order")));
    expect(results.filter((r) => r.status === "fulfilled" && r.value.created)).toHaveLength(6);
  });
});

describe("withIdempotency", () => {
  it("runs once for racing calls with one key and replays the first answer", async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
      return { charged: runs };
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => withIdempotency("owner-1", "race-key-0001", "test", work)));
    expect(runs).toBe(1);
    expect(answers).toEqual([{ charged: 1 }, { charged: 1 }, { charged: 1 }, { charged: 1 }]);
    expect(await withIdempotency("owner-2", "race-key-0001", "test", work)).toEqual({ charged: 2 });
  });

  it("a failed first run frees the key for a retry", async () => {
    await expect(withIdempotency("owner-1", "fail-key-0001", "test", async () => { throw new Error("card declined"); })).rejects.toThrow("card declined");
    expect(await getDb().select().from(idempotencyKeys)).toHaveLength(0);
    expect(await withIdempotency("owner-1", "fail-key-0001", "test", async () => "ok")).toBe("ok");
  });

  it("refuses a missing or malformed key", async () => {
    await expect(withIdempotency("o", "short", "test", async () => 1)).rejects.toThrow(/Idempotency-Key/);
    await expect(withIdempotency("o", "abcd\u0000efgh", "test", async () => 1)).rejects.toThrow(/Idempotency-Key/);
  });

  it("takes over a key left pending by a crashed request, once among racing retries", async () => {
    const crashedAt = new Date(Date.now() - STALE_PENDING_MS - 60_000);
    await getDb().insert(idempotencyKeys).values({ owner: "owner-1", scope: "test", key: "crashed-key-01", createdAt: crashedAt });
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
      return { charged: runs };
    };
    const answers = await Promise.all([1, 2, 3].map(() => withIdempotency("owner-1", "crashed-key-01", "test", work)));
    expect(runs).toBe(1);
    expect(answers).toEqual([{ charged: 1 }, { charged: 1 }, { charged: 1 }]);
    const [row] = await getDb().select().from(idempotencyKeys);
    expect(row).toMatchObject({ state: "done", response: { charged: 1 } });
  });

  it("does not take over a key whose first request is still at work", async () => {
    await getDb().insert(idempotencyKeys).values({ owner: "owner-1", scope: "test", key: "working-key-01" });
    const work = vi.fn(async () => "ran twice");
    const waiting = withIdempotency("owner-1", "working-key-01", "test", work);
    await new Promise((r) => setTimeout(r, 300));
    await getDb().update(idempotencyKeys).set({ state: "done", response: "first answer" });
    expect(await waiting).toBe("first answer");
    expect(work).not.toHaveBeenCalled();
  });
});
