import { sql } from "drizzle-orm";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { AccountCache, forgetAccount, listenForAccountChanges } from "./account-cache.server";
import { createSession, getSessionUser } from "./session.server";
import { getUserEntitlements, grantLocation, grantReportHexagons } from "../commerce/entitlements.server";
import { saveBillingInfo, setTermsConsent } from "../commerce/billing.server";
import { buyLocationCredits, purchasePackages } from "../commerce/orders/orders.server";

const getDb = setupTestDatabase();
const bearer = (token: string) =>
  new Request("http://localhost/api/riskdb/get_data/hazards", { headers: { Authorization: `Bearer ${token}` } });

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
    await getDb().execute(
      sql`insert into location_entitlements (user_id, kind, code, source) values (${user.id}, 'hexagon', '841f1d5ffffffff', 'grant')`,
    );
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
    getDb().execute(
      sql`insert into users (id, email, password_hash, plan_code) values (${id}, 'cache-handover@example.com', 'x', 'PREMIUM')`,
    );

  it("fills the cache from the first test's database", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    await insertUser();
    await getDb().execute(
      sql`insert into location_entitlements (user_id, kind, code, source) values (${id}, 'hexagon', '841f1d5ffffffff', 'grant')`,
    );
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
    await getDb().execute(
      sql`insert into location_entitlements (user_id, kind, code, source) values (${id}, 'hexagon', '841f1d5ffffffff', 'order')`,
    );
    await settle();
    expect((await getUserEntitlements(user)).ordered.hexagon).toEqual(["841f1d5ffffffff"]);
  });
});

describe("account cache and changes told while a value loads", () => {
  it("a caller who comes after a change does not get what a load begun before the change read", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    const cache = new AccountCache<{ id: string; load: number }>((v) => v.id);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let loads = 0;
    const load = async () => {
      const n = ++loads;
      // The first load's read is under way while the account changes (an order commits).
      if (n === 1) await gate;
      return { id: "account-a", load: n };
    };
    const first = cache.get("k", load);
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    forgetAccount("account-a");
    const second = cache.get("k", load);
    open();
    expect((await first).load).toBe(1);
    expect((await second).load).toBe(2);
    // What is kept is the load begun after the change.
    expect(await cache.get("k", load)).toEqual({ id: "account-a", load: 2 });
    expect(loads).toBe(2);
  });
});

/**
 * The NOTIFY comes back to the instance that wrote a moment after the commit (on PostgreSQL over another connection),
 * and the buyer's next request may come first. With the triggers off, only what the write path does itself can make
 * that request's answer fresh.
 */
describe("account cache on the instance that wrote", () => {
  const TRIGGERS = ["users", "location_entitlements", "credit_ledger"].map(
    (table) => [table, `${table}_account_changed`] as const,
  );
  async function withoutNotify(run: () => Promise<void>) {
    for (const [table, trigger] of TRIGGERS)
      await getDb().execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    try {
      await run();
    } finally {
      for (const [table, trigger] of TRIGGERS)
        await getDb().execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    }
  }
  const billing = {
    appeal: "Ms",
    email: "ana@example.org",
    first_name: "Ana",
    last_name: "Lopez",
    phone: "+33 1 23 45 67 89",
    company: { name: "Acme SA", country: "FR", zip: "75001", city: "Paris", street: "1 rue de Rivoli", vat_number: "" },
  };
  const LONDON = "84194adffffffff";

  it("reads a location ordered, credits bought, a report's hexagons and a plan upgraded at once", async () => {
    expect(await listenForAccountChanges()).toBe(true);
    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    await setTermsConsent(user.id, true);
    await saveBillingInfo(user.id, billing);
    const token = await createSession(user.id);
    await settle();
    await withoutNotify(async () => {
      expect((await getSessionUser(bearer(token)))?.planCode).toBe("DISCOVERY");
      const upgraded = await purchasePackages({
        userId: user.id,
        currentPlan: "DISCOVERY",
        planCode: "PREMIUM",
        packages: [],
        idempotencyKey: "cache-upgrade-1",
      });
      expect(upgraded).toMatchObject({ status: "paid" });
      expect((await getSessionUser(bearer(token)))?.planCode).toBe("PREMIUM");

      const premium = { id: user.id, planCode: "PREMIUM" };
      expect((await getUserEntitlements(premium)).ordered.hexagon).toEqual([]);
      await grantLocation(user.id, LONDON, "order");
      expect((await getUserEntitlements(premium)).ordered.hexagon).toEqual([LONDON]);
      await buyLocationCredits({ userId: user.id, kind: "region", amount: 5, idempotencyKey: "cache-credits-1" });
      expect((await getUserEntitlements(premium)).purchased.region).toBe(5);
      await grantReportHexagons(user.id, ["841f1d5ffffffff"]);
      expect((await getUserEntitlements(premium)).ordered.hexagon).toEqual([LONDON, "841f1d5ffffffff"]);
    });
  });
});
