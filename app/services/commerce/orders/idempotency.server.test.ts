import { eq } from "drizzle-orm";
import { idempotencyKeys, leads } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { requestHashOf, withIdempotency, type UnitOfWork } from "./idempotency.server";

const getDb = setupTestDatabase();
const request = (key: string, params: unknown = { amount: 1 }, ownerId: string | null = "owner-1") => ({
  ownerId,
  key,
  scope: "test",
  params,
});

describe("withIdempotency", () => {
  it("runs once for racing calls with one key and replays the first answer", async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
      return { charged: runs };
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => withIdempotency(request("race-key-0001"), work)));
    expect(runs).toBe(1);
    expect(answers).toEqual([{ charged: 1 }, { charged: 1 }, { charged: 1 }, { charged: 1 }]);
    expect(await withIdempotency(request("race-key-0001", { amount: 1 }, "owner-2"), work)).toEqual({ charged: 2 });
  });

  it("the work's writes and the stored answer commit together: a failed run leaves neither", async () => {
    const insertLead = (tx: UnitOfWork["tx"]) =>
      tx.insert(leads).values({ userId: null, kind: "single_location", postalAddress: "written by the work" });
    await expect(
      withIdempotency(request("fail-key-0001"), async ({ tx }) => {
        await insertLead(tx);
        throw new Error("card declined");
      }),
    ).rejects.toThrow("card declined");
    expect(await getDb().select().from(idempotencyKeys)).toHaveLength(0);
    expect(await getDb().select().from(leads).where(eq(leads.postalAddress, "written by the work"))).toHaveLength(0);
    expect(await withIdempotency(request("fail-key-0001"), async ({ tx }) => (await insertLead(tx), "ok"))).toBe("ok");
    expect(await getDb().select().from(leads).where(eq(leads.postalAddress, "written by the work"))).toHaveLength(1);
    expect(await getDb().select().from(idempotencyKeys)).toEqual([
      expect.objectContaining({ state: "done", response: "ok", requestHash: requestHashOf({ amount: 1 }) }),
    ]);
  });

  it("answers 422 to the same key with other parameters, and replays it with the same ones in any key order", async () => {
    const work = vi.fn(async () => ({ order_id: 7 }));
    expect(await withIdempotency(request("reuse-key-001", { kind: "country", amount: 1 }), work)).toEqual({
      order_id: 7,
    });
    await expect(
      withIdempotency(request("reuse-key-001", { kind: "country", amount: 100 }), work),
    ).rejects.toMatchObject({ status: 422, message: COMMERCE_MESSAGES.keyReused });
    expect(await withIdempotency(request("reuse-key-001", { amount: 1, kind: "country" }), work)).toEqual({
      order_id: 7,
    });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("after-commit work runs once, only on the first run", async () => {
    const followUp = vi.fn(async () => undefined);
    const work = async ({ afterCommit }: UnitOfWork) => {
      afterCommit(followUp);
      return 1;
    };
    await withIdempotency(request("after-commit-1"), work);
    await withIdempotency(request("after-commit-1"), work);
    expect(followUp).toHaveBeenCalledTimes(1);
  });

  it("never runs again for a key left half-done by an earlier version (answers 409)", async () => {
    await getDb().insert(idempotencyKeys).values({ owner: "owner-1", scope: "test", key: "legacy-pending-1" });
    const work = vi.fn(async () => "ran twice");
    await expect(withIdempotency(request("legacy-pending-1"), work)).rejects.toMatchObject({ status: 409 });
    expect(work).not.toHaveBeenCalled();
  });

  it("refuses a missing or malformed key", async () => {
    await expect(withIdempotency(request("short"), async () => 1)).rejects.toThrow(/Idempotency-Key/);
    await expect(withIdempotency(request("abcd\u0000efgh"), async () => 1)).rejects.toThrow(/Idempotency-Key/);
  });
});
