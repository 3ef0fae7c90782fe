/**
 * The credit side of the entitlement ledger: purchased packages raise what a user may order.
 * remaining = plan limits + purchased packages − codes ordered. Writes lock the user's row first, so two purchases
 * or orders of the same user run one after the other and can never overspend.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { creditLedger, locationEntitlements, plans, users } from "#db/schema/index";
import { LOCATION_KINDS, type LocationKind } from "~/domain/commerce/entitlements";
import { getDb, type Database } from "../infra/db.server";

type Limits = Record<LocationKind, number>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

const zero = (): Limits => ({ country: 0, region: 0, hexagon: 0 });

/** Sources of ledger rows that use up the allowance (a support 'grant' does not). */
export const COUNTED_ENTITLEMENT_SOURCES = ["order", "seed"] as const;

export async function purchasedCredits(userId: string, executor?: Executor): Promise<Limits> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select({ kind: creditLedger.kind, total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .groupBy(creditLedger.kind);
  const out = zero();
  for (const r of rows) out[r.kind] = Number(r.total);
  return out;
}

/** Takes the per-user lock for the rest of the transaction. */
export async function lockUser(tx: Tx, userId: string): Promise<{ planCode: string } | null> {
  const rows = await tx.select({ planCode: users.planCode }).from(users).where(eq(users.id, userId)).for("update");
  return rows[0] ?? null;
}

/** What the user may still order, read inside the transaction that holds the user lock. */
export async function remainingInTx(tx: Tx, userId: string, planCode: string): Promise<Limits> {
  const [limits] = await tx
    .select({ country: plans.limitCountry, region: plans.limitRegion, hexagon: plans.limitHexagon })
    .from(plans)
    .where(eq(plans.code, planCode));
  const credits = await purchasedCredits(userId, tx);
  const used = await tx
    .select({ kind: locationEntitlements.kind, n: sql<string>`count(*)` })
    .from(locationEntitlements)
    .where(
      and(
        eq(locationEntitlements.userId, userId),
        inArray(locationEntitlements.source, [...COUNTED_ENTITLEMENT_SOURCES]),
      ),
    )
    .groupBy(locationEntitlements.kind);
  const out = zero();
  for (const k of LOCATION_KINDS) out[k] = (limits?.[k] ?? 0) + credits[k];
  for (const u of used) out[u.kind] -= Number(u.n);
  for (const k of LOCATION_KINDS) out[k] = Math.max(0, out[k]);
  return out;
}

export async function addCredits(tx: Tx, userId: string, kind: LocationKind, amount: number, orderId: number | null) {
  await tx.insert(creditLedger).values({ userId, kind, amount, orderId });
}
