import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { billingInfo, locationEntitlements, seedState, users } from "#db/schema/index";
import { verifyPassword } from "~/services/auth/password.server";
import { setupTestDatabase } from "#db/testing";
import { CONTENT_DIR } from "./content-seed";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  LOCKED_PASSWORD_HASH,
  lockDemoAccounts,
  seedDatabase,
  seedDemoAccount,
  seedFingerprint,
} from "./seed";

const getDb = setupTestDatabase();

describe("seedDatabase", () => {
  it("does nothing on a start where nothing changed, and runs again once its record is gone", async () => {
    expect(await seedDatabase(getDb(), { demoAccounts: false })).toBe(false);
    await getDb().delete(seedState);
    expect(await seedDatabase(getDb(), { demoAccounts: false })).toBe(true);
    expect(await seedDatabase(getDb(), { demoAccounts: false })).toBe(false);
  });

  it("runs when the demo-account setting changes", async () => {
    expect(await seedDatabase(getDb(), { demoAccounts: true })).toBe(true);
    expect(await seedDatabase(getDb(), { demoAccounts: true })).toBe(false);
  });
});

describe("demo accounts switched off after an earlier seed", () => {
  const demoHashes = async () =>
    (
      await getDb()
        .select({ hash: users.passwordHash })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
        )
    ).map((r) => r.hash);

  it("locks them on every start without them (one cheap statement), and gives the password back when they return", async () => {
    await seedDatabase(getDb(), { demoAccounts: true });
    expect(await seedDatabase(getDb(), { demoAccounts: false })).toBe(true);
    expect(await demoHashes()).toEqual(DEMO_ACCOUNTS.map(() => LOCKED_PASSWORD_HASH));
    expect(await verifyPassword(DEMO_PASSWORD, LOCKED_PASSWORD_HASH)).toBe(false);
    expect(await lockDemoAccounts(getDb())).toBe(0);

    await seedDatabase(getDb(), { demoAccounts: true });
    const restored = await demoHashes();
    expect(restored).toHaveLength(DEMO_ACCOUNTS.length);
    for (const hash of restored) expect(await verifyPassword(DEMO_PASSWORD, hash)).toBe(true);
  });
});

describe("seedDemoAccount", () => {
  /** What a user of the account sees: plan, role, password, entitlements and billing info (ids and times aside). */
  async function stateOf(email: string) {
    const [user] = await getDb().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    const entitlements = await getDb()
      .select({ kind: locationEntitlements.kind, code: locationEntitlements.code, source: locationEntitlements.source })
      .from(locationEntitlements)
      .where(eq(locationEntitlements.userId, user.id));
    const [billing] = await getDb().select().from(billingInfo).where(eq(billingInfo.userId, user.id));
    return {
      user: { planCode: user.planCode, role: user.role, firstName: user.firstName, lastName: user.lastName },
      password: await verifyPassword(DEMO_PASSWORD, user.passwordHash),
      entitlements: entitlements.map((e) => `${e.source}:${e.kind}:${e.code}`).sort(),
      billing: billing && { ...billing, userId: undefined, email: undefined, updatedAt: undefined },
    };
  }

  it("makes an account in the state the seed gives the demo account of the same plan and role", async () => {
    await seedDatabase(getDb(), { demoAccounts: true });
    for (const account of DEMO_ACCOUNTS) {
      const email = `fresh-${account.planCode.replace("+", "plus").toLowerCase()}-${account.role}@example.com`;
      await seedDemoAccount(getDb(), { ...account, email });
      expect(await stateOf(email)).toEqual(await stateOf(account.email));
      const [billing] = await getDb()
        .select({ email: billingInfo.email })
        .from(billingInfo)
        .innerJoin(users, eq(users.id, billingInfo.userId))
        .where(eq(users.email, email));
      expect(billing?.email).toBe(account.planCode === "DISCOVERY" ? undefined : email);
    }
  });
});

describe("seedFingerprint", () => {
  it("changes with any content file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-content-"));
    try {
      fs.cpSync(CONTENT_DIR, dir, { recursive: true });
      const before = seedFingerprint({ demoAccounts: false }, dir);
      expect(seedFingerprint({ demoAccounts: false }, dir)).toBe(before);
      const faq = fs.readdirSync(path.join(dir, "faq")).find((f) => f.endsWith(".md"))!;
      fs.appendFileSync(path.join(dir, "faq", faq), "\nOne more sentence.\n");
      expect(seedFingerprint({ demoAccounts: false }, dir)).not.toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
