/**
 * Who may read which location: the pure rule shared by the API, the dashboard and the commerce flow.
 * No I/O here: the entitlement service loads the plan, limits and ledger rows and asks these functions.
 */
import type { PurchaseModal } from "../dashboard/modals";
import { API_KEY_PLAN, type PlanCode } from "./plans";
import { countryOfRegion, type LocationKind, type LocationRef } from "../geo/location-codes";

// Location codes have a module of their own, which pages can import without the entitlement rules and the plans.
export {
  HEXAGON_RESOLUTION,
  LOCATION_KINDS,
  classifyLocationCode,
  countryOfRegion,
  type LocationKind,
  type LocationRef,
} from "../geo/location-codes";

/**
 * Levels open to everyone, anonymous callers included: every country's scores. A country value is a coarse rollup
 * of thousands of cells, the shop window of the product; regions and hexagons are what customers pay for
 * (docs/decisions: open country scores).
 */
export const OPEN_LEVELS = ["country"] as const satisfies readonly LocationKind[];

/** A level whose every code anyone may read. */
export function isOpenLevel(kind: LocationKind): boolean {
  return (OPEN_LEVELS as readonly LocationKind[]).includes(kind);
}

export const API_KEY_FORBIDDEN_MESSAGE = "Only users with the PREMIUM Subscription Plan can use this option";

export const ENTITLEMENT_MESSAGES = {
  signInRequired: "Sign in or send an API key to read this location",
  notEntitled: (kind: LocationKind, code: string) =>
    `Your plan does not include the ${kind} ${code}; order it to see its scores`,
  invalidCode:
    "location_code must be a country (ISO 3166-1 alpha-2, e.g. GB), a region (ISO 3166-2, e.g. GB-LND) or an H3 resolution-4 hexagon id",
} as const;

export type { PurchaseModal } from "../dashboard/modals";

export type CodeLists = Record<LocationKind, readonly string[]>;

export interface AccessContext {
  /** null for an anonymous caller. */
  plan: PlanCode | null;
  /** What the caller may still order of each kind (plan limit minus codes already ordered). */
  limits: Record<LocationKind, number>;
  ordered: CodeLists;
}

/** What an anonymous caller may read: the open levels only. */
export const ANONYMOUS_ACCESS: AccessContext = Object.freeze({
  plan: null,
  limits: { country: 0, region: 0, hexagon: 0 },
  ordered: { country: [], region: [], hexagon: [] },
});

export type AccessDecision =
  | { allowed: true; reason: "free" | "ordered" | "country_ordered" }
  | { allowed: false; reason: "sign_in"; modal: null }
  | { allowed: false; reason: "not_entitled"; modal: PurchaseModal };

/** The modal the UI opens for a location the user may not read yet: buy from the allowance, else buy credits. */
export function purchaseModalFor(limits: AccessContext["limits"], kind: LocationKind): PurchaseModal {
  return limits[kind] > 0 ? "buyDataModal" : "addCreditsModal";
}

/**
 * THE access rule, the single source for the dashboard, the API, the preview and the reports (ENTITLEMENT_RULE says
 * it in words on the pricing page). It is a rule about the account, never about how the request was signed: an API
 * key reads exactly what its owner's dashboard shows.
 * - open levels (every country) are readable by everyone, anonymous callers included;
 * - otherwise the code must be in the user's list: ordered, or a hexagon of a paid portfolio report;
 * - COUNTRY+ reads every region of its ordered countries (its plan promise).
 */
export function canAccess(ctx: AccessContext, kind: LocationKind, code: string): AccessDecision {
  const c = kind === "hexagon" ? code.toLowerCase() : code.toUpperCase();
  if (isOpenLevel(kind)) return { allowed: true, reason: "free" };
  if (ctx.plan === null) return { allowed: false, reason: "sign_in", modal: null };
  if (ctx.ordered[kind].includes(c)) return { allowed: true, reason: "ordered" };
  if (kind === "region" && ctx.plan === "COUNTRY+" && ctx.ordered.country.includes(countryOfRegion(c)))
    return { allowed: true, reason: "country_ordered" };
  return { allowed: false, reason: "not_entitled", modal: purchaseModalFor(ctx.limits, kind) };
}

/** Finest first: the order in which a point's levels are offered to a caller. */
export const POINT_LEVELS = ["hexagon", "region", "country"] as const satisfies readonly LocationKind[];

/** The codes of a place at each level; a point outside every region has none, a region view has no hexagon. */
export interface PointLevelCodes {
  hexagon: string | null;
  region: string | null;
  country: string | null;
}

/**
 * THE access rule for values at a point (API, pages, map layers, previews, exports): the point's hexagon when the
 * caller may read it (ordered, or a hexagon of a paid report), else its region, else its country (open to everyone, so every
 * point on land has an answer); null only when the point has no country.
 * Never a hexagon's values to a caller who has not bought it.
 */
export function finestReadableLevel(ctx: AccessContext, point: PointLevelCodes): LocationRef | null {
  for (const kind of POINT_LEVELS) {
    const code = point[kind];
    if (code && canAccess(ctx, kind, code).allowed) return { kind, code };
  }
  return null;
}

/**
 * The levels of a place finer than the one the caller reads, which they could still buy ("Unlock this hexagon"),
 * finest first. Empty when the caller already reads the finest level the place has.
 */
export function unlockableLevels(ctx: AccessContext, point: PointLevelCodes): LocationRef[] {
  const shown = finestReadableLevel(ctx, point);
  const out: LocationRef[] = [];
  for (const kind of POINT_LEVELS) {
    if (shown && kind === shown.kind) break;
    const code = point[kind];
    if (code) out.push({ kind, code });
  }
  return out;
}

/** The rule in words, shown on the pricing page: one sentence per clause of canAccess. */
export const ENTITLEMENT_RULE = [
  "Every country's scores are open to everyone, signed in or not.",
  "A region or a hexagon shows its own scores once you have ordered it; until then you see the finest level you may read, and each figure says which level it is.",
  "The hexagons of a portfolio report you paid for are yours: the dashboard and the API show their scores, as the report does.",
  "COUNTRY+ reads every region of the countries it ordered.",
  "The API answers exactly as the dashboard shows: an API key (PREMIUM) reads the places its account reads, no more and no less.",
] as const;

export function canUseApiKey(plan: string | null | undefined): boolean {
  return plan === API_KEY_PLAN;
}
