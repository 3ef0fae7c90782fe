import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PLAN_DEFINITIONS, type PlanCode } from "~/domain/plans";
import type { Database } from "~/services/db.server";
import { CONTENT_DIR, seedContent } from "./content-seed";
import { DEMO_ENTITLEMENTS, seedDemoEntitlements } from "./entitlements-seed";
import { createUser, upsertPlans } from "./factories";
import { seedState } from "./schema/index";

/** Published in the README: sign in with any of these on the embedded default. */
export const DEMO_PASSWORD = "Demo-password-2026";
export const DEMO_ACCOUNTS: { email: string; planCode: PlanCode; role: "user" | "admin"; firstName: string }[] = [
  { email: "discovery@example.com", planCode: "DISCOVERY", role: "user", firstName: "Dana" },
  { email: "premium@example.com", planCode: "PREMIUM", role: "user", firstName: "Priya" },
  { email: "granular@example.com", planCode: "GRANULAR", role: "user", firstName: "Gustav" },
  { email: "countryplus@example.com", planCode: "COUNTRY+", role: "user", firstName: "Camille" },
  { email: "admin@example.com", planCode: "PREMIUM", role: "admin", firstName: "Ada" },
];

/** Bump when the seed itself changes in a way its inputs below do not show. */
const SEED_FORMAT = "1";

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile())
    .sort();
}

/** A hash of everything the seed writes from: plans, demo accounts and entitlements, and every file in content/. */
export function seedFingerprint(options: { demoAccounts: boolean }, contentDir = CONTENT_DIR): string {
  const hash = crypto.createHash("sha256");
  hash.update(JSON.stringify({ SEED_FORMAT, PLAN_DEFINITIONS, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ENTITLEMENTS, demoAccounts: options.demoAccounts }));
  for (const file of filesUnder(contentDir)) {
    hash.update(`\0${path.relative(contentDir, file)}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex");
}

const SEED_NAME = "startup";

/**
 * Idempotent, and free when nothing changed: the fingerprint of the inputs is stored after a full run, and a start
 * with the same fingerprint skips the work (no password hashing, no Markdown rendering). Returns whether it ran.
 */
export async function seedDatabase(db: Database, options: { demoAccounts: boolean }): Promise<boolean> {
  const fingerprint = seedFingerprint(options);
  const [stored] = await db.select({ fingerprint: seedState.fingerprint }).from(seedState).where(eq(seedState.name, SEED_NAME));
  if (stored?.fingerprint === fingerprint) return false;
  await upsertPlans(db);
  await seedContent(db);
  if (options.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) {
      await createUser(db, { ...account, lastName: "Demo", password: DEMO_PASSWORD });
    }
    await seedDemoEntitlements(db, DEMO_ACCOUNTS);
  }
  await db
    .insert(seedState)
    .values({ name: SEED_NAME, fingerprint })
    .onConflictDoUpdate({ target: seedState.name, set: { fingerprint, seededAt: new Date() } });
  return true;
}
