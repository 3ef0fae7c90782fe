import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { seedState, users } from "#db/schema/index";
import { verifyPassword } from "~/services/auth/password.server";
import { setupTestDatabase } from "#db/testing";
import { CONTENT_DIR } from "./content-seed";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  LOCKED_PASSWORD_HASH,
  lockDemoAccounts,
  seedDatabase,
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
