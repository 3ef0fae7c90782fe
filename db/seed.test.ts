import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedState } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { CONTENT_DIR } from "./content-seed";
import { seedDatabase, seedFingerprint } from "./seed";

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
