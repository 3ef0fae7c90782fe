import { eq } from "drizzle-orm";
import { createUser, sampleBillingInfo } from "#db/factories";
import { orders, unlockQuotes } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { BATCH_MAX_LOCATIONS } from "~/domain/api/keys/api-limits";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { costOf, vatRateFor } from "~/domain/commerce/invoicing/vat";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { PACKAGES } from "~/domain/commerce/packages";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { UNLOCK_MESSAGES, UNLOCK_QUOTE_TTL_MS } from "~/domain/commerce/unlock";
import { createApiKey } from "./keys/api-keys.server";
import { hazardsBatchAction } from "./hazards-batch.server";
import { unlock, unlockQuote } from "./unlock-api.server";
import { createSession } from "../auth/session.server";
import { saveBillingInfo, setTermsConsent } from "../commerce/billing.server";
import { getUserEntitlements, grantLocation } from "../commerce/entitlements.server";

const getDb = setupTestDatabase();

/** A book of land points across France, about 50 km apart (one resolution-4 hexagon each), and a second point near each of the first ten. */
const BOOK = (() => {
  const points: { id: string; lat: number; lon: number }[] = [];
  for (let i = 0; i < 11; i++)
    for (let j = 0; j < 11; j++)
      points.push({ id: `p${i}-${j}`, lat: +(44 + i * 0.5).toFixed(3), lon: +(0 + j * 0.6).toFixed(3) });
  for (const p of points.slice(0, 10)) points.push({ id: `${p.id}-twin`, lat: p.lat + 0.01, lon: p.lon + 0.01 });
  return points;
})();

const price = (id: number) => PACKAGES.find((p) => p.id === id)!.priceMinor;
/** What /pricing asks for n hexagons: 100-packs, then the price each (a 10-pack costs ten times that). */
const pricingTotal = (n: number) => Math.floor(n / 100) * price(302) + (n % 100) * price(303);

async function premiumAccount({ billing = true, plan = "PREMIUM" as "PREMIUM" | "GRANULAR" | "DISCOVERY" } = {}) {
  const user = (await createUser(getDb(), { planCode: plan }))!;
  if (billing) await saveBillingInfo(user.id, sampleBillingInfo());
  await setTermsConsent(user.id, true);
  const session = { Authorization: `Bearer ${await createSession(user.id)}` };
  if (plan !== "PREMIUM") return { user, session, buyer: session, reader: session };
  const buyer = { Authorization: `Bearer ${(await createApiKey(user, { name: "book", scopes: ["billing"] })).key}` };
  const reader = { Authorization: `Bearer ${(await createApiKey(user, { name: "reader" })).key}` };
  return { user, session, buyer, reader };
}

const request = (path: string, headers: Record<string, string>, body: unknown) =>
  new Request(`http://localhost${apiUrl(path)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const quote = (headers: Record<string, string>, locations: unknown) =>
  unlockQuote.action({ request: request(API_PATHS.unlockQuote, headers, { locations }) });
const buy = (headers: Record<string, string>, quoteId: string, key?: string) =>
  unlock.action({
    request: request(
      API_PATHS.unlock,
      { ...headers, ...(key ? { "Idempotency-Key": key } : {}) },
      { quote_id: quoteId },
    ),
  });
const batch = async (headers: Record<string, string>, locations: unknown) =>
  (await hazardsBatchAction(request(API_PATHS.hazardsBatch, headers, { locations }))).json();

describe("unlocking a book at point level", () => {
  it("quotes exactly the missing hexagons at the /pricing price, buys them in one idempotent order, and the batch then answers every point at its hexagon", async () => {
    const { user, buyer, reader } = await premiumAccount();
    const before = await batch(reader, BOOK);
    const placed = before.items.filter((i: { status: string }) => i.status === "ok");
    expect(placed.length).toBeGreaterThan(100);
    const distinct = [...new Set(placed.map((i: { hexagon_code: string }) => i.hexagon_code))] as string[];
    expect(distinct.length).toBeLessThan(placed.length); // the twins share their hexagon
    // The account reads three of them already: they are not charged, and the plan's allowance opens the next ones.
    for (const h of distinct.slice(0, 3)) await grantLocation(user.id, h, "order");
    const remaining = PLAN_DEFINITIONS.find((p) => p.code === "PREMIUM")!.limitHexagon - 3;

    const res = await quote(reader, BOOK);
    expect(res.status).toBe(200);
    const q = await res.json();
    const missing = distinct.slice(3);
    const toBuy = missing.length - remaining;
    expect(toBuy).toBeGreaterThan(0);
    expect([...q.hexagons].sort()).toEqual([...distinct].sort());
    expect([...q.owned].sort()).toEqual(distinct.slice(0, 3).sort());
    expect([...q.missing].sort()).toEqual([...missing].sort());
    expect(q.unplaced).toEqual(
      before.items
        .filter((i: { status: string }) => i.status === "error")
        .map((i: { index: number; id: string; code: string }) =>
          expect.objectContaining({ index: i.index, id: i.id, code: i.code }),
        ),
    );
    expect(q.allowance).toEqual({ remaining, used: remaining });
    expect(q.to_buy).toBe(toBuy);
    expect(q.price_per_hexagon).toBe((price(303) / 100).toFixed(2));
    const { rateBp } = vatRateFor(sampleBillingInfo().company.country, sampleBillingInfo().company.vat_number);
    expect(q.cost).toEqual(costOf(pricingTotal(toBuy), rateBp).cost);
    expect(q.lines.reduce((s: number, l: { hexagons: number }) => s + l.hexagons, 0)).toBe(toBuy);
    expect(Date.parse(q.expires_at) - Date.now()).toBeGreaterThan(UNLOCK_QUOTE_TTL_MS - 60_000);
    expect(q.billing_info_filled).toBe(true);

    const first = await buy(buyer, q.quote_id, "book-unlock-1");
    expect(first.status).toBe(200);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const bought = await first.json();
    expect(bought).toMatchObject({
      status: "unlocked",
      quote_id: q.quote_id,
      allowance_used: remaining,
      bought: toBuy,
      total: q.cost.TOTAL,
      checkout_url: null,
      test_payment: true,
    });
    expect([...bought.hexagons].sort()).toEqual([...missing].sort());
    const retry = await buy(buyer, q.quote_id, "book-unlock-1");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual(bought);
    const userOrders = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    expect(userOrders.map((o) => [o.id, o.status, o.subtotalMinor])).toEqual([
      [bought.order_id, "paid", pricingTotal(toBuy)],
    ]);

    const after = await batch(reader, BOOK);
    const levels = after.items
      .filter((i: { status: string }) => i.status === "ok")
      .map((i: { location_type: string }) => i.location_type);
    expect(levels.length).toBe(placed.length);
    expect(new Set(levels)).toEqual(new Set(["hexagon"]));
    expect((await getUserEntitlements(user)).remaining.hexagon).toBe(0);

    // The same quote under another key is not bought twice.
    const again = await buy(buyer, q.quote_id, "book-unlock-2");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "quote_used", error: UNLOCK_MESSAGES.quoteUsed(bought.order_id) });
  });

  it("opens hexagons the allowance covers without an order", async () => {
    const { user, buyer } = await premiumAccount({ billing: false });
    const q = await (await quote(buyer, BOOK.slice(0, 4))).json();
    expect(q).toMatchObject({ to_buy: 0, lines: [], cost: { TOTAL: "0.00" }, billing_info_filled: false });
    const res = await buy(buyer, q.quote_id, "allowance-only");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "unlocked", order_id: null, bought: 0, allowance_used: 4 });
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const items = (await batch(buyer, BOOK.slice(0, 4))).items;
    expect(items.map((i: { location_type: string }) => i.location_type)).toEqual([
      "hexagon",
      "hexagon",
      "hexagon",
      "hexagon",
    ]);
  });

  it("refuses clearly: unknown, another account's, expired, changed quotes; missing billing info, key or scope; too many points", async () => {
    const { user, buyer, reader } = await premiumAccount();
    const big = BOOK.slice(0, 60);
    const q = await (await quote(buyer, big)).json();
    expect(q.to_buy).toBeGreaterThan(0);

    const unknown = await buy(buyer, crypto.randomUUID(), "unknown-quote");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "not_found", error: UNLOCK_MESSAGES.quoteNotFound });

    const other = await premiumAccount();
    const foreign = await buy(other.buyer, q.quote_id, "foreign-quote");
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "quote_of_another_account" });

    const readOnly = await buy(reader, q.quote_id, "read-key");
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ code: "insufficient_scope" });

    const noKey = await buy(buyer, q.quote_id);
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ field: "idempotency_key" });

    await getDb()
      .update(unlockQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(unlockQuotes.id, q.quote_id));
    const expired = await buy(buyer, q.quote_id, "expired-quote");
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ code: "quote_expired", error: UNLOCK_MESSAGES.quoteExpired });

    const fresh = await (await quote(buyer, big)).json();
    await grantLocation(user.id, fresh.missing[0], "grant");
    const changed = await buy(buyer, fresh.quote_id, "changed-quote");
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ code: "quote_changed" });
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    const unbilled = await premiumAccount({ billing: false, plan: "DISCOVERY" });
    const uq = await (await quote(unbilled.session, big.slice(0, 2))).json();
    expect(uq).toMatchObject({ allowance: { remaining: 0, used: 0 }, to_buy: 2, billing_info_filled: false });
    const noBilling = await buy(unbilled.session, uq.quote_id, "no-billing");
    expect(noBilling.status).toBe(400);
    expect(await noBilling.json()).toMatchObject({ error: COMMERCE_MESSAGES.billingRequired, field: "billing_info" });

    const tooMany = await quote(
      buyer,
      Array.from({ length: BATCH_MAX_LOCATIONS + 1 }, () => BOOK[0]),
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ field: "locations" });

    const anonymous = await quote({}, big.slice(0, 1));
    expect(anonymous.status).toBe(401);
  });

  it("sells hexagons to every plan; keys stay PREMIUM-only as the specification states, so GRANULAR buys with its session", async () => {
    const granular = await premiumAccount({ plan: "GRANULAR" });
    await expect(createApiKey(granular.user, { name: "book" })).rejects.toMatchObject({
      status: 403,
      message: API_KEY_FORBIDDEN_MESSAGE,
    });
    const points = BOOK.slice(0, 3);
    const q = await (await quote(granular.session, points)).json();
    expect(q.allowance.used).toBe(q.missing.length);
    const res = await buy(granular.session, q.quote_id, "granular-book");
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("unlocked");
    const items = (await batch(granular.session, points)).items;
    expect(items.every((i: { location_type: string }) => i.location_type === "hexagon")).toBe(true);
  });
});
