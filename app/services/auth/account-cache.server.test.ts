import { sql } from "drizzle-orm";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { AccountCache, listenForAccountChanges } from "./account-cache.server";
import { createSession, getSessionUser } from "./session.server";
import { getUserEntitlements } from "../commerce/entitlements.server";

const getDb = setupTestDatabase();
const bearer = (token: string) => new Request("http://localhost/api/riskdb/get_data/hazards", { headers: { Authorization: `Bearer ${token}` } });

/** The database tells a change at commit; the listener hears it as soon as the query that committed has answered. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe("account cache", () => {
  it("reads an account once, and again after the database tells it changed (a change made by any code, here raw SQL)", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const cache = new AccountCache<{ id: string; plan: string }>((v) => v.id);
    let loads = 0;
    const load = async () => {
      loads++;
      const rows = await getDb().execute<{ plan_code: string }>(sql`select plan_code from users where id = ${user.id}`);
      return { id: user.id, plan: (rows as unknown as { rows: { plan_code: string }[] }).rows[0]!.plan_code };
    };
    expect(await cache.get("k", load)).toEqual({ id: user.id, plan: "PREMIUM" });
    expect(await cache.get("k", load)).toEqual({ id: user.id, plan: "PREMIUM" });
    expect(loads).toBe(1);
    await getDb().execute(sql`update users set plan_code = 'GRANULAR' where id = ${user.id}`);
    await settle();
    expect(await cache.get("k", load)).toEqual({ id: user.id, plan: "GRANULAR" });
    expect(loads).toBe(2);
    // Another account's change leaves this one's value alone.
    const other = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await getDb().execute(sql`update users set plan_code = 'GRANULAR' where id = ${other.id}`);
    await settle();
    await cache.get("k", load);
    expect(loads).toBe(2);
  });

  it("a session ended in the database stops working, and a code ordered shows in the entitlements at once", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const token = await createSession(user.id);
    expect((await getSessionUser(bearer(token)))?.id).toBe(user.id);
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual([]);
    await getDb().execute(sql`insert into location_entitlements (user_id, kind, code, source) values (${user.id}, 'hexagon', '841f1d5ffffffff', 'grant')`);
    await getDb().execute(sql`delete from sessions where user_id = ${user.id}`);
    await settle();
    expect(await getSessionUser(bearer(token))).toBeNull();
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual(["841f1d5ffffffff"]);
  });
});

/**
 * A test file's tests share the process, and so the caches, while each gets a database of its own (PostgreSQL) or
 * the file's PGlite restored in place, its rows put back without a trigger firing. What one test's database filled
 * must not answer in the next.
 */
describe("account cache from one test's database to the next", () => {
  const id = "00000000-0000-4000-8000-00000000ca01";
  const user = { id, planCode: "PREMIUM" };
  const insertUser = () =>
    getDb().execute(sql`insert into users (id, email, password_hash, plan_code) values (${id}, 'cache-handover@example.com', 'x', 'PREMIUM')`);

  it("fills the cache from the first test's database", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    await insertUser();
    await getDb().execute(sql`insert into location_entitlements (user_id, kind, code, source) values (${id}, 'hexagon', '841f1d5ffffffff', 'grant')`);
    await settle();
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual(["841f1d5ffffffff"]);
    // Kept: the row removed behind the cache's back (no trigger fires for it) is still in the value served.
    await getDb().execute(sql`alter table location_entitlements disable trigger location_entitlements_account_changed`);
    await getDb().execute(sql`delete from location_entitlements where user_id = ${id}`);
    await getDb().execute(sql`alter table location_entitlements enable trigger location_entitlements_account_changed`);
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual(["841f1d5ffffffff"]);
  });

  it("reads the same account afresh from the next test's database", async () => {
    await insertUser();
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual([]);
    // And it listens on this database: an order made here shows at once.
    expect(await listenForAccountChanges()).toBe(true);
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual([]);
    await getDb().execute(sql`insert into location_entitlements (user_id, kind, code, source) values (${id}, 'hexagon', '841f1d5ffffffff', 'order')`);
    await settle();
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual(["841f1d5ffffffff"]);
  });
});
