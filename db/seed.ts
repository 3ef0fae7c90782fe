import type { PlanCode } from "~/domain/plans";
import type { Database } from "~/services/db.server";
import { seedContent } from "./content-seed";
import { seedDemoEntitlements } from "./entitlements-seed";
import { createUser, upsertPlans } from "./factories";

/** Published in the README: sign in with any of these on the embedded default. */
export const DEMO_PASSWORD = "Demo-password-2026";
export const DEMO_ACCOUNTS: { email: string; planCode: PlanCode; role: "user" | "admin"; firstName: string }[] = [
  { email: "discovery@example.com", planCode: "DISCOVERY", role: "user", firstName: "Dana" },
  { email: "premium@example.com", planCode: "PREMIUM", role: "user", firstName: "Priya" },
  { email: "granular@example.com", planCode: "GRANULAR", role: "user", firstName: "Gustav" },
  { email: "countryplus@example.com", planCode: "COUNTRY+", role: "user", firstName: "Camille" },
  { email: "admin@example.com", planCode: "PREMIUM", role: "admin", firstName: "Ada" },
];

/** Idempotent: safe on every start. */
export async function seedDatabase(db: Database, options: { demoAccounts: boolean }) {
  await upsertPlans(db);
  await seedContent(db);
  if (options.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) {
      await createUser(db, { ...account, lastName: "Demo", password: DEMO_PASSWORD });
    }
    await seedDemoEntitlements(db, DEMO_ACCOUNTS);
  }
}
