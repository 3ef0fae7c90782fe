/**
 * Unlocking a book of places at point level: which hexagons a quote covers, what of them the account already reads,
 * what the plan's allowance still opens, and what the rest costs at the /pricing package prices.
 */
import { PACKAGES, type PackageDefinition } from "./packages";
import type { PurchaseItem } from "./orders";

/** How long a quote can be bought: long enough to review it, short enough that the account has not changed. */
export const UNLOCK_QUOTE_TTL_MS = 30 * 60_000;
export const UNLOCK_QUOTE_TTL_TEXT = "30 minutes";

/**
 * Every plan may buy hexagons (spec: access follows the ordered lists and the limits; a limit of 0 offers credits,
 * and /pricing sells hexagon packages to every plan, DISCOVERY included). An API key, the integration's credential,
 * exists on PREMIUM only; the other plans unlock with a session token.
 */
export const UNLOCK_MESSAGES = {
  quoteNotFound: "Unknown quote: ask for one with POST /api/v1/unlock/quote",
  quoteOfAnotherAccount: "This quote was made for another account: ask for a quote with this account's credentials",
  quoteExpired: `This quote has expired (a quote is valid for ${UNLOCK_QUOTE_TTL_TEXT}): ask for a new one`,
  quoteChanged:
    "The account changed since this quote (hexagons ordered or allowance used): ask for a new quote, which prices what is missing now",
  quoteUsed: (orderId: number | null) =>
    orderId === null
      ? "This quote was unlocked already"
      : `This quote was bought already (order ${orderId}): its hexagons open once that order is paid`,
  notAHexagon: "Only points and H3 resolution-4 hexagon codes can be unlocked; a country or region code is not",
} as const;

/** The account's side of a quote: which of its hexagons are read already, which are missing and how each is paid. */
export interface UnlockSplit {
  /** The distinct hexagons, in the order they first appear. */
  hexagons: string[];
  owned: string[];
  missing: string[];
  /** Missing hexagons the plan's remaining allowance opens without a charge. */
  allowanceUsed: number;
  /** Missing hexagons to buy. */
  toBuy: number;
}

export function splitUnlock(hexagons: readonly string[], owned: ReadonlySet<string>, remaining: number): UnlockSplit {
  const distinct = [...new Set(hexagons)];
  const have = distinct.filter((h) => owned.has(h));
  const missing = distinct.filter((h) => !owned.has(h));
  const allowanceUsed = Math.min(Math.max(0, remaining), missing.length);
  return { hexagons: distinct, owned: have, missing, allowanceUsed, toBuy: missing.length - allowanceUsed };
}

/** One line of hexagons bought: a package, how many of it, and what that costs. */
export interface HexagonLine {
  packageId: number;
  name: string;
  quantity: number;
  /** Hexagons one unit of the line adds. */
  locations: number;
  unitMinor: number;
  totalMinor: number;
}

const HEXAGON_PACKAGES = PACKAGES.filter((p) => p.kind === "hexagon");
const FIXED = HEXAGON_PACKAGES.filter((p) => p.locations !== null).sort((a, b) => b.locations! - a.locations!);
const CUSTOM: PackageDefinition = HEXAGON_PACKAGES.find((p) => p.locations === null)!;

/** The list price of one hexagon: the custom package's price each, as /pricing states it. */
export const HEXAGON_UNIT_MINOR = CUSTOM.priceMinor;

/**
 * The cheapest way to buy exactly `count` hexagons from the /pricing packages: fixed packages, the rest at the custom
 * price each. Ties go to fewer lines, then to larger packages. Never more hexagons than asked for.
 */
export function hexagonLines(count: number): HexagonLine[] {
  if (!Number.isInteger(count) || count <= 0) return [];
  let best = { cost: Infinity, lines: Infinity, counts: FIXED.map(() => 0) };
  const counts = FIXED.map(() => 0);
  const visit = (i: number, left: number, cost: number) => {
    if (i === FIXED.length) {
      const total = cost + left * CUSTOM.priceMinor;
      const lines = counts.filter((c) => c > 0).length + (left > 0 ? 1 : 0);
      if (total < best.cost || (total === best.cost && lines < best.lines))
        best = { cost: total, lines, counts: [...counts] };
      return;
    }
    const size = FIXED[i]!.locations!;
    for (let q = Math.floor(left / size); q >= 0; q--) {
      counts[i] = q;
      visit(i + 1, left - q * size, cost + q * FIXED[i]!.priceMinor);
    }
    counts[i] = 0;
  };
  visit(0, count, 0);
  const lines: HexagonLine[] = FIXED.flatMap((p, i) => {
    const quantity = best.counts[i]!;
    return quantity > 0
      ? [
          {
            packageId: p.id,
            name: p.name,
            quantity,
            locations: p.locations!,
            unitMinor: p.priceMinor,
            totalMinor: p.priceMinor * quantity,
          },
        ]
      : [];
  });
  const rest = count - FIXED.reduce((s, p, i) => s + p.locations! * best.counts[i]!, 0);
  if (rest > 0)
    lines.push({
      packageId: CUSTOM.id,
      name: CUSTOM.name,
      quantity: rest,
      locations: 1,
      unitMinor: CUSTOM.priceMinor,
      totalMinor: CUSTOM.priceMinor * rest,
    });
  return lines;
}

export function linesSubtotal(lines: readonly HexagonLine[]): number {
  return lines.reduce((s, l) => s + l.totalMinor, 0);
}

/** The lines as an order stores them: settling the order adds `locations × quantity` hexagon credits. */
export function hexagonOrderItems(lines: readonly HexagonLine[]): PurchaseItem[] {
  return lines.map((l) => ({
    code: `package_${l.packageId}`,
    name: l.name,
    quantity: l.quantity,
    unitMinor: l.unitMinor,
    totalMinor: l.totalMinor,
    kind: "hexagon",
    locations: l.locations,
  }));
}
