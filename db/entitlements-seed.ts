import { eq } from "drizzle-orm";
import type { LocationKind } from "~/domain/commerce/entitlements";
import type { PlanCode } from "~/domain/commerce/plans";
import type { Database } from "./database";
import { locationEntitlements, users } from "./schema/index";

const LONDON_HEX = "84194adffffffff";
const PARIS_HEX = "841fb47ffffffff";

/**
 * Codes the demo accounts have "ordered", so each paid plan shows data beyond the open country level (regions,
 * hexagons; ordered countries open their regions on COUNTRY+). Every code exists in the committed dataset (checked by entitlements-seed.test.ts) and fits the plan limits.
 */
export const DEMO_ENTITLEMENTS: Partial<Record<PlanCode, Record<LocationKind, string[]>>> = {
  PREMIUM: { country: ["ES", "IT", "NL"], region: ["GB-LND", "FR-75", "DE-BE"], hexagon: [LONDON_HEX] },
  GRANULAR: { country: ["ES", "NL"], region: ["GB-LND", "GB-MAN"], hexagon: [LONDON_HEX, PARIS_HEX] },
  "COUNTRY+": { country: ["ES", "IT", "NL", "PL", "SE"], region: ["GB-LND", "FR-75", "DE-BY"], hexagon: [] },
};

/** Idempotent: the ledger's unique key turns a second run into no-ops. Accounts that do not exist are skipped. */
export async function seedDemoEntitlements(db: Database, accounts: readonly { email: string; planCode: PlanCode }[]) {
  for (const account of accounts) {
    const codes = DEMO_ENTITLEMENTS[account.planCode];
    if (!codes) continue;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email.toLowerCase()));
    if (!user) continue;
    const rows = (Object.entries(codes) as [LocationKind, string[]][]).flatMap(([kind, list]) =>
      list.map((code) => ({ userId: user.id, kind, code, source: "seed" as const })),
    );
    if (rows.length) await db.insert(locationEntitlements).values(rows).onConflictDoNothing();
  }
}
