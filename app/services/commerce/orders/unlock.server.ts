/**
 * Unlocking a book at point level: a quote for the hexagons a list of points falls in (placed as the batch places
 * them), and its purchase in one order. The quote is stored, so the purchase charges what was quoted or refuses.
 */
import { and, eq, inArray } from "drizzle-orm";
import { locationEntitlements, unlockQuotes, type OrderItemRecord } from "#db/schema/index";
import type { BatchRequest } from "~/domain/api-contract/batch";
import { ENTITLEMENT_MESSAGES, classifyLocationCode } from "~/domain/commerce/entitlements";
import { CURRENCY } from "~/domain/commerce/orders";
import { formatMinorUnits } from "~/domain/commerce/invoicing/money";
import { costOf, vatRateFor } from "~/domain/commerce/invoicing/vat";
import {
  HEXAGON_UNIT_MINOR,
  UNLOCK_MESSAGES,
  UNLOCK_QUOTE_TTL_MS,
  hexagonLines,
  hexagonOrderItems,
  linesSubtotal,
  splitUnlock,
  type HexagonLine,
} from "~/domain/commerce/unlock";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { getDb } from "../../infra/db.server";
import { forgetAccount } from "../../auth/account-cache.server";
import { ConflictError, ForbiddenError, NotFoundError, withErrorCode } from "../../http/errors.server";
import { getBillingInfo } from "../billing.server";
import { getUserEntitlements, orderHexagonsInTx, type AccessCaller } from "../entitlements.server";
import { lockUser, remainingInTx, type Tx } from "../ledger.server";
import { withIdempotency } from "./idempotency.server";
import { insertAndPay, pricedForUser, type PurchaseResult } from "./orders.server";

type QuoteLocation = BatchRequest["locations"][number];

/** A location of the request that names no hexagon to unlock, and why. */
export interface UnplacedItem {
  index: number;
  id: string | null;
  code:
    "invalid_coordinates" | "at_sea" | "not_covered" | "invalid_location_code" | "not_a_hexagon" | "unknown_location";
  error: string;
}

/** The hexagon each location is read at: a point's as the batch places it (RiskEngine.placePoint), a code's own. */
export function hexagonsOfLocations(locations: readonly QuoteLocation[]): {
  hexagons: string[];
  unplaced: UnplacedItem[];
} {
  const engine = getRiskEngine();
  const hexagons: string[] = [];
  const unplaced: UnplacedItem[] = [];
  locations.forEach((location, index) => {
    const id = location.id ?? null;
    if ("location_code" in location) {
      const ref = classifyLocationCode(location.location_code);
      if (!ref)
        return unplaced.push({ index, id, code: "invalid_location_code", error: ENTITLEMENT_MESSAGES.invalidCode });
      if (ref.kind !== "hexagon")
        return unplaced.push({ index, id, code: "not_a_hexagon", error: UNLOCK_MESSAGES.notAHexagon });
      if (engine.cellRow(ref.code) < 0)
        return unplaced.push({ index, id, code: "unknown_location", error: `unknown hexagon code ${ref.code}` });
      return hexagons.push(ref.code);
    }
    const place = engine.placePoint(location.lat, location.lon);
    if (place.status !== "ok") return unplaced.push({ index, id, code: place.reason, error: place.message });
    if (place.row < 0)
      return unplaced.push({
        index,
        id,
        code: "unknown_location",
        error: `the hazard data holds no hexagon ${place.hexagon_code}`,
      });
    return hexagons.push(place.hexagon_code);
  });
  return { hexagons, unplaced };
}

function lineView(l: HexagonLine) {
  return {
    package_id: l.packageId,
    name: l.name,
    quantity: l.quantity,
    hexagons: l.locations * l.quantity,
    unit_price: formatMinorUnits(l.unitMinor),
    total: formatMinorUnits(l.totalMinor),
  };
}

export interface UnlockQuote {
  status: "ok";
  quote_id: string;
  expires_at: string;
  valid_for_seconds: number;
  locations: number;
  hexagons: string[];
  owned: string[];
  missing: string[];
  unplaced: UnplacedItem[];
  allowance: { remaining: number; used: number };
  to_buy: number;
  price_per_hexagon: string;
  lines: ReturnType<typeof lineView>[];
  currency: typeof CURRENCY;
  billing_info_filled: boolean;
  cost: ReturnType<typeof costOf>["cost"];
}

/**
 * The price of reading these locations at point level: the distinct hexagons they fall in, which the account reads
 * already, which are missing, how many of those the plan's allowance opens and what the rest costs.
 */
export async function quoteUnlock(caller: AccessCaller, locations: readonly QuoteLocation[]): Promise<UnlockQuote> {
  const { hexagons, unplaced } = hexagonsOfLocations(locations);
  const ent = await getUserEntitlements(caller.user);
  const split = splitUnlock(hexagons, new Set(ent.ordered.hexagon), ent.remaining.hexagon);
  const lines = hexagonLines(split.toBuy);
  const subtotal = linesSubtotal(lines);
  const billing = await getBillingInfo(caller.user.id);
  const { rateBp } = vatRateFor(billing.filled ? billing.company.country : null, billing.company.vat_number);
  const expiresAt = new Date(Date.now() + UNLOCK_QUOTE_TTL_MS);
  const db = await getDb();
  const [row] = await db
    .insert(unlockQuotes)
    .values({
      userId: caller.user.id,
      hexagons: split.hexagons,
      missing: split.missing,
      allowanceUsed: split.allowanceUsed,
      subtotalMinor: subtotal,
      expiresAt,
    })
    .returning({ id: unlockQuotes.id });
  return {
    status: "ok",
    quote_id: row!.id,
    expires_at: expiresAt.toISOString(),
    valid_for_seconds: UNLOCK_QUOTE_TTL_MS / 1000,
    locations: locations.length,
    hexagons: split.hexagons,
    owned: split.owned,
    missing: split.missing,
    unplaced,
    allowance: { remaining: ent.remaining.hexagon, used: split.allowanceUsed },
    to_buy: split.toBuy,
    price_per_hexagon: formatMinorUnits(HEXAGON_UNIT_MINOR),
    lines: lines.map(lineView),
    currency: CURRENCY,
    billing_info_filled: billing.filled,
    cost: costOf(subtotal, rateBp).cost,
  };
}

export interface UnlockResult {
  status: "unlocked" | "requires_payment";
  quote_id: string;
  /** The hexagons this purchase opens (once paid, when a payment is still required). */
  hexagons: string[];
  allowance_used: number;
  bought: number;
  order_id: number | null;
  total: string;
  invoice_number: number | null;
  checkout_url: string | null;
  test_payment: boolean;
}

async function lockQuote(tx: Tx, quoteId: string) {
  const [quote] = await tx.select().from(unlockQuotes).where(eq(unlockQuotes.id, quoteId)).for("update");
  return quote;
}

/**
 * Buys a quote: the plan's allowance opens what it can, one order buys the rest at the quoted price, and once that
 * order is paid every missing hexagon is the account's (in the payment's transaction). Refused when the quote is
 * unknown, another account's, expired, bought already, or no longer what the account lacks.
 */
export async function buyUnlock(input: {
  userId: string;
  quoteId: string;
  idempotencyKey: string;
}): Promise<UnlockResult> {
  return withIdempotency(
    { ownerId: input.userId, key: input.idempotencyKey, scope: "unlock", params: { quoteId: input.quoteId } },
    async (work) => {
      const { tx } = work;
      const quote = await lockQuote(tx, input.quoteId);
      if (!quote) throw new NotFoundError(UNLOCK_MESSAGES.quoteNotFound);
      if (quote.userId !== input.userId)
        throw withErrorCode(new ForbiddenError(UNLOCK_MESSAGES.quoteOfAnotherAccount), "quote_of_another_account");
      if (quote.usedAt)
        throw withErrorCode(new ConflictError(UNLOCK_MESSAGES.quoteUsed(quote.orderId), "quote_id"), "quote_used");
      if (quote.expiresAt.getTime() <= Date.now())
        throw withErrorCode(new ConflictError(UNLOCK_MESSAGES.quoteExpired, "quote_id"), "quote_expired");
      const user = await lockUser(tx, input.userId);
      if (!user) throw new NotFoundError("unknown user");
      // Under the user's lock: what the account lacks and may still order now must be what was quoted.
      const owned = await ownedHexagons(tx, input.userId, quote.missing);
      const remaining = (await remainingInTx(tx, input.userId, user.planCode)).hexagon;
      const now = splitUnlock(quote.missing, owned, remaining);
      if (now.missing.length !== quote.missing.length || now.allowanceUsed !== quote.allowanceUsed)
        throw withErrorCode(new ConflictError(UNLOCK_MESSAGES.quoteChanged, "quote_id"), "quote_changed");
      const lines = hexagonLines(now.toBuy);
      const subtotal = linesSubtotal(lines);
      const base = {
        quote_id: quote.id,
        hexagons: quote.missing,
        allowance_used: now.allowanceUsed,
        bought: now.toBuy,
      };
      const usedAt = new Date();
      if (now.toBuy === 0) {
        await orderHexagonsInTx(tx, input.userId, quote.missing);
        await tx.update(unlockQuotes).set({ usedAt }).where(eq(unlockQuotes.id, quote.id));
        work.afterCommit(async () => forgetAccount(input.userId));
        return {
          ...base,
          status: "unlocked",
          order_id: null,
          total: formatMinorUnits(0),
          invoice_number: null,
          checkout_url: null,
          test_payment: false,
        };
      }
      const items: OrderItemRecord[] = hexagonOrderItems(lines);
      const purchase: PurchaseResult = await insertAndPay(
        work,
        {
          userId: input.userId,
          kind: "packages",
          items,
          subtotalMinor: subtotal,
          ...(await pricedForUser(tx, input.userId, subtotal)),
        },
        undefined,
        // Linked before paying: settling the order orders the quote's hexagons from the credits it adds.
        async (order) => {
          await tx.update(unlockQuotes).set({ orderId: order.id, usedAt }).where(eq(unlockQuotes.id, quote.id));
        },
      );
      return {
        ...base,
        status: purchase.status === "paid" ? "unlocked" : "requires_payment",
        order_id: purchase.order_id,
        total: purchase.total,
        invoice_number: purchase.invoice_number,
        checkout_url: purchase.checkout_url,
        test_payment: purchase.test_payment,
      };
    },
  );
}

async function ownedHexagons(tx: Tx, userId: string, hexagons: readonly string[]): Promise<Set<string>> {
  if (!hexagons.length) return new Set();
  const rows = await tx
    .select({ code: locationEntitlements.code })
    .from(locationEntitlements)
    .where(
      and(
        eq(locationEntitlements.userId, userId),
        eq(locationEntitlements.kind, "hexagon"),
        inArray(locationEntitlements.code, [...hexagons]),
      ),
    );
  return new Set(rows.map((r) => r.code));
}
