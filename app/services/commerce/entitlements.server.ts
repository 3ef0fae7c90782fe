/**
 * The one entitlement service: which countries, regions and hexagons a caller may read, what they may still order,
 * and the ledger writes commerce uses when an order is paid.
 */
import { and, eq } from "drizzle-orm";
import { locationEntitlements, plans } from "#db/schema/index";
import {
  ANONYMOUS_ACCESS,
  ENTITLEMENT_MESSAGES,
  LOCATION_KINDS,
  canAccess,
  classifyLocationCode,
  finestReadableLevel,
  isOpenLevel,
  type AccessContext,
  type AccessDecision,
  type CodeLists,
  type LocationKind,
  type LocationRef,
  type PurchaseModal,
} from "~/domain/commerce/entitlements";
import { PLAN_DEFINITIONS, isPlanCode, type PlanCode } from "~/domain/commerce/plans";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { lockUser, purchasedCredits, remainingInTx, type Tx } from "./ledger.server";
import { getDb, type Database } from "../infra/db.server";
import { AccountCache, forgetAccount } from "../auth/account-cache.server";
import { AppError, BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from "../http/errors.server";

export type EntitlementSource = (typeof locationEntitlements.$inferInsert)["source"];

/** Who is asking: a signed-in user (cookie or Bearer session token) or the holder of an API key. */
export interface AccessCaller {
  user: { id: string; planCode: string };
  viaApiKey: boolean;
}

/** 403 for a location the user has not ordered; carries the dialog the UI should open. */
export class NotEntitledError extends ForbiddenError {
  constructor(
    readonly kind: LocationKind,
    readonly locationCode: string,
    readonly modal: PurchaseModal,
  ) {
    super(ENTITLEMENT_MESSAGES.notEntitled(kind, locationCode));
    this.code = "not_entitled";
  }
}

/** The plan's limit of that kind is used up. */
export class LimitReachedError extends AppError {
  constructor(
    readonly kind: LocationKind,
    readonly modal: PurchaseModal = "addCreditsModal",
  ) {
    super(`The ${kind} limit of your plan is used up; add credits to order more`, 403);
  }
}

/** Ledger sources that use up the plan's allowance; a 'grant' (support gesture) does not. */
const COUNTED_SOURCES: EntitlementSource[] = ["order", "seed"];

type Limits = Record<LocationKind, number>;

async function planLimits(planCode: string): Promise<Limits> {
  const db = await getDb();
  const [row] = await db
    .select({ country: plans.limitCountry, region: plans.limitRegion, hexagon: plans.limitHexagon })
    .from(plans)
    .where(eq(plans.code, planCode));
  if (row) return row;
  const def = PLAN_DEFINITIONS.find((p) => p.code === planCode);
  return { country: def?.limitCountry ?? 0, region: def?.limitRegion ?? 0, hexagon: def?.limitHexagon ?? 0 };
}

async function ledger(userId: string) {
  const db = await getDb();
  return db
    .select({ kind: locationEntitlements.kind, code: locationEntitlements.code, source: locationEntitlements.source })
    .from(locationEntitlements)
    .where(eq(locationEntitlements.userId, userId))
    .orderBy(locationEntitlements.id);
}

export interface UserEntitlements {
  plan: PlanCode;
  /** Plan limit per kind. */
  planLimits: Limits;
  /** Added by purchased packages (credit ledger). */
  purchased: Limits;
  /** Plan limits plus purchased packages: everything the user may order in total. */
  granted: Limits;
  /** What is left to order per kind: granted − spent, never negative. */
  remaining: Limits;
  /** Orders counted against the allowance (the user's own orders); a paid report's hexagons and grants are not. */
  spent: Limits;
  /** Every location the user may read beyond the open levels: orders, a paid report's hexagons and grants. */
  ordered: Record<LocationKind, string[]>;
}

/** An account's entitlements by user and plan, forgotten when the database tells the account changed. */
const entitlementsByUser = new AccountCache<UserEntitlements>((_, key) => key.slice(0, key.indexOf(":")));

/** What a user may read and order. Kept in memory between changes: callers must not change what it answers. */
export function getUserEntitlements(user: AccessCaller["user"]): Promise<UserEntitlements> {
  return entitlementsByUser.get(`${user.id}:${user.planCode}`, () => loadUserEntitlements(user));
}

async function loadUserEntitlements(user: AccessCaller["user"]): Promise<UserEntitlements> {
  const plan: PlanCode = isPlanCode(user.planCode) ? user.planCode : "DISCOVERY";
  const [limits, rows, purchased] = await Promise.all([planLimits(plan), ledger(user.id), purchasedCredits(user.id)]);
  const granted = Object.fromEntries(LOCATION_KINDS.map((k) => [k, limits[k] + purchased[k]])) as Limits;
  const ordered: Record<LocationKind, string[]> = { country: [], region: [], hexagon: [] };
  const used: Limits = { country: 0, region: 0, hexagon: 0 };
  for (const r of rows) {
    ordered[r.kind].push(r.code);
    if (COUNTED_SOURCES.includes(r.source)) used[r.kind]++;
  }
  const remaining = Object.fromEntries(LOCATION_KINDS.map((k) => [k, Math.max(0, granted[k] - used[k])])) as Limits;
  return { plan, planLimits: limits, purchased, granted, remaining, spent: used, ordered };
}

export async function accessContextFor(caller: AccessCaller | null): Promise<AccessContext> {
  if (!caller) return ANONYMOUS_ACCESS;
  const e = await getUserEntitlements(caller.user);
  return { plan: e.plan, limits: e.remaining, ordered: e.ordered };
}

/**
 * The available locations: `order_list` includes the free codes, which `free_order_list` marks: every code of
 * an open level (all the dataset's countries) plus what the user ordered.
 */
export interface AvailableLocations {
  status: "ok";
  limit_country: number;
  limit_region: number;
  limit_hexagon: number;
  order_list: CodeLists;
  free_order_list: CodeLists;
  tariff: { name: PlanCode };
}

export async function getAvailableLocations(user: AccessCaller["user"]): Promise<AvailableLocations> {
  const e = await getUserEntitlements(user);
  const free = openCodes();
  const merge = (k: LocationKind) => [...new Set([...free[k], ...e.ordered[k]])];
  return {
    status: "ok",
    limit_country: e.remaining.country,
    limit_region: e.remaining.region,
    limit_hexagon: e.remaining.hexagon,
    order_list: { country: merge("country"), region: merge("region"), hexagon: merge("hexagon") },
    free_order_list: free,
    tariff: { name: e.plan },
  };
}

export function parseLocationCode(locationCode: unknown): LocationRef {
  const ref = classifyLocationCode(locationCode);
  if (!ref) throw new BadRequestError(ENTITLEMENT_MESSAGES.invalidCode, "location_code");
  return ref;
}

/** The codes of the open level (every country the dataset knows); regions and hexagons are never open. */
function openCodes(): Record<LocationKind, string[]> {
  return {
    country: getRiskEngine()
      .countries()
      .map((c) => c.country_code),
    region: [],
    hexagon: [],
  };
}

/** Open levels need no database; everything else loads the caller's plan and ledger. */
export async function checkAccess(caller: AccessCaller | null, ref: LocationRef): Promise<AccessDecision> {
  if (isOpenLevel(ref.kind)) return { allowed: true, reason: "free" };
  return canAccess(await accessContextFor(caller), ref.kind, ref.code);
}

/**
 * Throws 400 for a malformed code, 401 for an anonymous caller asking for a paid code, 403 (NotEntitledError,
 * with the modal to open) for a signed-in user who has not ordered it. Returns the classified code otherwise.
 */
export async function assertCanAccess(
  caller: AccessCaller | null,
  locationCode: unknown,
): Promise<LocationRef & { reason: string }> {
  const ref = parseLocationCode(locationCode);
  const decision = await checkAccess(caller, ref);
  if (decision.allowed) return { ...ref, reason: decision.reason };
  if (decision.reason === "sign_in") throw new UnauthorizedError(ENTITLEMENT_MESSAGES.signInRequired);
  throw new NotEntitledError(ref.kind, ref.code, decision.modal);
}

/** The codes of a point at each level (what the hazard engine's locate answers). */
export interface PointCodes {
  hexagon_code: string;
  region_code: string | null;
  country_code: string;
}

/** The point's level the caller may read, finest first (the rule is finestReadableLevel); null when none. */
export async function finestAccessibleLevel(
  caller: AccessCaller | null,
  point: PointCodes,
): Promise<LocationRef | null> {
  const levels = { hexagon: point.hexagon_code, region: point.region_code, country: point.country_code };
  return finestReadableLevel(await accessContextFor(caller), levels);
}

/** Like finestAccessibleLevel, but a caller who may read none of the point's levels gets 401 or 403 (with the modal). */
export async function assertFinestAccessibleLevel(
  caller: AccessCaller | null,
  point: PointCodes,
): Promise<LocationRef> {
  const level = await finestAccessibleLevel(caller, point);
  if (level) return level;
  const denied = await assertCanAccess(caller, point.country_code).catch((error: unknown) => error);
  if (denied instanceof Error) throw denied;
  throw new NotEntitledError("country", point.country_code, "buyDataModal");
}

/**
 * A synchronous "may this caller see this hexagon's own values?" for code that checks many cells (map layers). The
 * user's hexagons are looked up in a set: a paid portfolio report can add hundreds of thousands.
 */
export async function hexagonVisibilityFor(caller: AccessCaller | null): Promise<(hexagonCode: string) => boolean> {
  const ctx = await accessContextFor(caller);
  const own = new Set(ctx.ordered.hexagon);
  const others = { ...ctx, ordered: { ...ctx.ordered, hexagon: [] } };
  return (hex) => own.has(hex.toLowerCase()) || canAccess(others, "hexagon", hex).allowed;
}

/** Whether the hazard data holds this country, region or hexagon (a hexagon at sea does not). */
export function isLocationInDataset(locationCode: string): boolean {
  const ref = classifyLocationCode(locationCode);
  return ref !== null && knownToDataset(ref);
}

function assertKnownToDataset(ref: LocationRef) {
  if (!knownToDataset(ref)) throw new NotFoundError(`unknown ${ref.kind} code ${ref.code}`);
}

function knownToDataset(ref: LocationRef): boolean {
  const engine = getRiskEngine();
  const known =
    ref.kind === "country"
      ? engine.a3Of(ref.code) !== null
      : ref.kind === "hexagon"
        ? engine.cellRow(ref.code) >= 0
        : engine.regions(ref.code.slice(0, 2)).some((r) => r.region_code === ref.code);
  return known;
}

/** Rows per insert when a report's hexagons are written to the ledger. */
const REPORT_GRANT_BATCH = 5_000;

/**
 * The hexagons of a paid portfolio report become the buyer's to read, on the dashboard and through the API, as
 * the report shows them (source 'report': not counted against the plan's allowance). Idempotent; in the caller's
 * transaction, so a report is done only with its hexagons granted: that caller calls forgetAccount once it commits.
 */
export async function grantReportHexagons(userId: string, hexagons: readonly string[], tx?: Database): Promise<void> {
  const db = tx ?? (await getDb());
  for (let i = 0; i < hexagons.length; i += REPORT_GRANT_BATCH) {
    const rows = hexagons
      .slice(i, i + REPORT_GRANT_BATCH)
      .map((code) => ({ userId, kind: "hexagon" as const, code: code.toLowerCase(), source: "report" as const }));
    await db.insert(locationEntitlements).values(rows).onConflictDoNothing();
  }
  // Committed already when not in a caller's transaction. The NOTIFY reaches this instance's listener a moment after
  // the commit; the caller's next read must not come first.
  if (!tx) forgetAccount(userId);
}

/**
 * Orders hexagons in bulk inside the caller's transaction, which holds the user's lock and has checked (or bought)
 * the allowance they use (source 'order'). Idempotent; the caller calls forgetAccount once it commits.
 */
export async function orderHexagonsInTx(tx: Tx, userId: string, hexagons: readonly string[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < hexagons.length; i += REPORT_GRANT_BATCH) {
    const rows = hexagons
      .slice(i, i + REPORT_GRANT_BATCH)
      .map((code) => ({ userId, kind: "hexagon" as const, code: code.toLowerCase(), source: "order" as const }));
    created += (
      await tx
        .insert(locationEntitlements)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: locationEntitlements.id })
    ).length;
  }
  return created;
}

/**
 * Adds a code to a user's ledger. Idempotent: granting a code twice changes nothing and reports `created: false`,
 * so a retried payment webhook is harmless. An 'order' must fit in what the plan has left.
 */
export async function grantLocation(
  userId: string,
  locationCode: string,
  source: EntitlementSource = "grant",
): Promise<{ created: boolean; kind: LocationKind; code: string }> {
  const ref = parseLocationCode(locationCode);
  assertKnownToDataset(ref);
  const db = await getDb();
  const existing = await db
    .select({ id: locationEntitlements.id })
    .from(locationEntitlements)
    .where(
      and(
        eq(locationEntitlements.userId, userId),
        eq(locationEntitlements.kind, ref.kind),
        eq(locationEntitlements.code, ref.code),
      ),
    );
  if (existing.length) return { created: false, ...ref };
  // The check and the insert share one transaction holding the user's row lock: parallel orders cannot overspend.
  const inserted = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new NotFoundError("unknown user");
    if (COUNTED_SOURCES.includes(source) && (await remainingInTx(tx, userId, user.planCode))[ref.kind] <= 0) {
      throw new LimitReachedError(ref.kind);
    }
    return tx
      .insert(locationEntitlements)
      .values({ userId, kind: ref.kind, code: ref.code, source })
      .onConflictDoNothing()
      .returning({ id: locationEntitlements.id });
  });
  // The order shows in this instance's next read at once, not when the NOTIFY has come back.
  if (inserted.length) forgetAccount(userId);
  return { created: inserted.length > 0, ...ref };
}
