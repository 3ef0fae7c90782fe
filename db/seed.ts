import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { DEMO_PASSWORD } from "~/domain/auth/password-strength";
import { PLAN_DEFINITIONS, type PlanCode } from "~/domain/commerce/plans";
import type { Database } from "./database";
import { logger } from "~/services/infra/logger.server";
import { hashPassword } from "~/services/auth/password.server";
import { CONTENT_DIR, seedContent } from "./content-seed";
import { DEMO_ENTITLEMENTS, seedDemoEntitlements } from "./entitlements-seed";
import { createUser, upsertPlans } from "./factories";
import { apiKeys, billingInfo, passwordResetTokens, seedState, sessions, users } from "./schema/index";

/** Published in the README: sign in with any of these on the embedded default. */
export { DEMO_PASSWORD };
export const DEMO_ACCOUNTS: { email: string; planCode: PlanCode; role: "user" | "admin"; firstName: string }[] = [
  { email: "discovery@example.com", planCode: "DISCOVERY", role: "user", firstName: "Dana" },
  { email: "premium@example.com", planCode: "PREMIUM", role: "user", firstName: "Priya" },
  { email: "granular@example.com", planCode: "GRANULAR", role: "user", firstName: "Gustav" },
  { email: "countryplus@example.com", planCode: "COUNTRY+", role: "user", firstName: "Camille" },
  { email: "admin@example.com", planCode: "PREMIUM", role: "admin", firstName: "Ada" },
];

/** Bump when the seed itself changes in a way its inputs below do not show. */
const SEED_FORMAT = "2";

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
  hash.update(
    JSON.stringify({
      SEED_FORMAT,
      PLAN_DEFINITIONS,
      DEMO_ACCOUNTS,
      DEMO_PASSWORD,
      DEMO_ENTITLEMENTS,
      demoAccounts: options.demoAccounts,
    }),
  );
  for (const file of filesUnder(contentDir)) {
    hash.update(`\0${path.relative(contentDir, file)}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex");
}

const SEED_NAME = "startup";

/** Not a scrypt hash, so verifyPassword refuses every password against it. */
export const LOCKED_PASSWORD_HASH = "locked$demo-account";

const demoEmails = () => DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());

/**
 * A database seeded earlier with the demo accounts (a development run, or a start with SEED_DEMO_ACCOUNTS=true)
 * must not keep the published password working once they are switched off: their password becomes unusable and
 * their sessions, reset links and API keys go. One statement and no hashing, so it runs on every start. Returns how
 * many accounts it locked just now.
 */
export async function lockDemoAccounts(db: Database): Promise<number> {
  const result = await db.execute(sql`
    with demo as (select ${users.id} from ${users} where ${inArray(users.email, demoEmails())}),
    locked as (
      update ${users} set password_hash = ${LOCKED_PASSWORD_HASH}, updated_at = now()
      where id in (select id from demo) and password_hash <> ${LOCKED_PASSWORD_HASH}
      returning id
    ),
    ended_sessions as (delete from ${sessions} where user_id in (select id from demo) returning 1),
    ended_resets as (delete from ${passwordResetTokens} where user_id in (select id from demo) returning 1),
    revoked_keys as (update ${apiKeys} set revoked_at = now() where revoked_at is null and user_id in (select id from demo) returning 1)
    select count(*)::int as locked from locked`);
  return Number((result as unknown as { rows: { locked: number }[] }).rows[0]?.locked ?? 0);
}

/** Switching the demo accounts back on gives locked ones the published password again. */
async function unlockDemoAccounts(db: Database) {
  const locked = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.email, demoEmails()), eq(users.passwordHash, LOCKED_PASSWORD_HASH)));
  if (!locked.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(
      inArray(
        users.id,
        locked.map((u) => u.id),
      ),
    );
}

type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * Paid demo accounts come with filled billing info, so they can buy reports at once; the DISCOVERY one has none,
 * to show the billing step. Never overwrites what a user saved.
 */
async function seedDemoBillingInfo(db: Database, accounts: readonly DemoAccount[]) {
  const paid = accounts.filter((a) => a.planCode !== "DISCOVERY");
  if (!paid.length) return;
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        paid.map((a) => a.email.toLowerCase()),
      ),
    );
  if (!rows.length) return;
  await db
    .insert(billingInfo)
    .values(
      rows.map((u) => ({
        userId: u.id,
        appeal: "Ms",
        email: u.email,
        firstName: paid.find((a) => a.email.toLowerCase() === u.email)?.firstName ?? "Demo",
        lastName: "Demo",
        phone: "+44 20 7946 0000",
        companyName: "Demo Analytics Ltd",
        companyCountry: "GB",
        companyZip: "EC1A 1BB",
        companyCity: "London",
        companyStreet: "1 Example Street",
      })),
    )
    .onConflictDoNothing();
}

/**
 * One account in the state a seeded demo account of its plan has: the published password, the plan's demo
 * entitlements and, on a paid plan, filled billing info. The seed makes the README's demo accounts with it; the
 * browser tests make a fresh one per test (tests/e2e/server.ts). An existing account is left as it is (its
 * password too); only missing entitlements and billing info are added.
 */
export async function seedDemoAccount(db: Database, account: DemoAccount) {
  await createUser(db, { ...account, lastName: "Demo", password: DEMO_PASSWORD });
  await seedDemoEntitlements(db, [account]);
  await seedDemoBillingInfo(db, [account]);
}

/**
 * Idempotent, and free when nothing changed: the fingerprint of the inputs is stored after a full run, and a start
 * with the same fingerprint skips the work (no password hashing, no Markdown rendering). Without demo accounts,
 * any left from an earlier seed are locked first, on every start. Returns whether the seed ran.
 */
export async function seedDatabase(db: Database, options: { demoAccounts: boolean }): Promise<boolean> {
  if (!options.demoAccounts) {
    const locked = await lockDemoAccounts(db);
    if (locked)
      logger.warn({ security: true, locked }, "demo accounts are switched off: locked the ones an earlier seed left");
  }
  const fingerprint = seedFingerprint(options);
  const [stored] = await db
    .select({ fingerprint: seedState.fingerprint })
    .from(seedState)
    .where(eq(seedState.name, SEED_NAME));
  if (stored?.fingerprint === fingerprint) return false;
  await upsertPlans(db);
  await seedContent(db);
  if (options.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) await seedDemoAccount(db, account);
    await unlockDemoAccounts(db);
  }
  await db
    .insert(seedState)
    .values({ name: SEED_NAME, fingerprint })
    .onConflictDoUpdate({ target: seedState.name, set: { fingerprint, seededAt: new Date() } });
  return true;
}
