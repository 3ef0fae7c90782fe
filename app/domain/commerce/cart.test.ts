import {
  CartSchema,
  CheckoutSchema,
  IDEMPOTENCY_FIELD,
  cartChoices,
  cartTotals,
  cartReviewBillingHref,
  countMessages,
  countsValid,
  creditsSelection,
} from "./cart";
import { COMMERCE_MESSAGES } from "./messages";
import { MAX_LOCATIONS_PER_PURCHASE, priceLocationAmount } from "./packages";

const form = {
  country_package: 0,
  country_count: 0,
  region_package: 0,
  region_count: 0,
  hexagon_package: 0,
  hexagon_count: 0,
};

describe("the cart form", () => {
  const valid = { [IDEMPOTENCY_FIELD]: "0b6c3f0e-7c1a-4d0e-9a53-1d2b3c4d5e6f" };

  it("takes a rendered form token and refuses NUL bytes or control characters in it", () => {
    expect(CartSchema.safeParse(valid).success).toBe(true);
    for (const bad of [
      "abcd\u0000efgh",
      "abcdefgh\r\nX-Evil: 1",
      "abcd\u0007efgh",
      "key with spaces",
      "short",
      "ключ-ключ-ключ",
    ]) {
      const r = CartSchema.safeParse({ [IDEMPOTENCY_FIELD]: bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual([IDEMPOTENCY_FIELD]);
    }
  });

  it("counts are valid only when every custom package has a count of at least 1", () => {
    expect(countsValid(form)).toBe(true);
    expect(countsValid({ ...form, country_package: 101 })).toBe(true);
    expect(countsValid({ ...form, region_package: 203 })).toBe(false);
    expect(countsValid({ ...form, region_package: 203, region_count: 2 })).toBe(true);
    expect(countsValid({ ...form, region_package: 203, region_count: 2, hexagon_package: 303 })).toBe(false);
  });

  it("a count out of range has the spec's Min value / Max value message and makes the counts invalid", () => {
    const big = { ...form, region_package: 203, region_count: 20_000 };
    expect(countMessages(big)).toEqual({ region: `Max value: ${MAX_LOCATIONS_PER_PURCHASE}` });
    expect(countsValid(big)).toBe(false);
    expect(countMessages({ ...form, region_package: 203, region_count: -1 })).toEqual({ region: "Min value: 1" });
    expect(countMessages({ ...form, region_package: 203, region_count: 0 })).toEqual({ region: "Min value: 1" });
    expect(countMessages({ ...form, hexagon_count: -1 })).toEqual({ hexagon: "Min value: 0" });
    expect(countsValid({ ...form, hexagon_count: -1 })).toBe(false);
    expect(countMessages({ ...form, region_package: 203, region_count: MAX_LOCATIONS_PER_PURCHASE })).toEqual({});
  });
});

describe("cart totals", () => {
  it("charge a plan above the current one plus the packages, with VAT from the billing country", () => {
    const t = cartTotals("DISCOVERY", "PREMIUM", [{ id: 101 }, { id: 203, count: 2 }], "FR", null);
    expect(t.newPlan).toBe("PREMIUM");
    expect(t.planMinor).toBe(99_000);
    expect(t.subtotalMinor).toBe(99_000 + 15_000 + 9_000);
    expect(t.cost).toEqual({ SUBTOTAL: "1 230.00", "TAX RATE": 20, VAT: "246.00", TOTAL: "1 476.00" });
  });

  it("charge nothing for the current plan or a lower one", () => {
    expect(cartTotals("PREMIUM", "PREMIUM", [{ id: 101 }], "GB", null)).toMatchObject({
      newPlan: null,
      planMinor: 0,
      subtotalMinor: 15_000,
    });
    const down = cartTotals("PREMIUM", "DISCOVERY", [], "FR", null);
    expect(down).toMatchObject({ newPlan: null, planMinor: 0, subtotalMinor: 0 });
    expect(down.cost.TOTAL).toBe("0.00");
  });
});

describe("the checkout review", () => {
  it("shows the order's own lines with net, rate, VAT and gross that add up to the total charged", () => {
    const t = cartTotals(
      "DISCOVERY",
      "PREMIUM",
      [{ id: 101 }, { id: 0 }, { id: 303, count: 7 }],
      "FR",
      "FR12345678901",
    );
    expect(t.lines.map((l) => [l.description, l.netMinor, l.rateBp, l.vatMinor, l.grossMinor])).toEqual([
      ["Plan PREMIUM (12 months)", 99_000, 2_000, 19_800, 118_800],
      ["1 country", 15_000, 2_000, 3_000, 18_000],
      ["7 × Custom number of hexagons", 6_300, 2_000, 1_260, 7_560],
    ]);
    expect(t.lines.reduce((s, l) => s + l.grossMinor, 0)).toBe(t.totalMinor);
    expect(t.vatNote).toBe("Domestic VAT 20 %: supply within the VAT territory of France");
  });

  it("prints the reverse-charge wording for an EU business abroad, and requires the terms ticked", () => {
    const t = cartTotals("PREMIUM", "PREMIUM", [{ id: 101 }], "DE", "DE123456789");
    expect(t).toMatchObject({ rateBp: 0, vatMinor: 0, totalMinor: 15_000, rule: "eu_reverse_charge" });
    expect(t.vatNote).toMatch(/^Reverse charge: VAT to be accounted for by the recipient/);
    const base = {
      [IDEMPOTENCY_FIELD]: "0b6c3f0e-7c1a-4d0e-9a53-1d2b3c4d5e6f",
      ...form,
      country_package: 101,
      terms_version: "2026-01",
    };
    expect(CheckoutSchema.safeParse(base).success).toBe(false);
    expect(CheckoutSchema.safeParse({ ...base, terms: "on" }).success).toBe(true);
    expect(CheckoutSchema.safeParse(base).error!.issues.find((i) => i.path[0] === "terms")!.message).toBe(
      COMMERCE_MESSAGES.termsRequired,
    );
  });
});

describe("credits bought from the account", () => {
  it("become a cart selection of one package, reviewed and paid like the cart, at the price the API charges", () => {
    // A size that a fixed package has, and one that only the custom package of that kind gives.
    for (const [kind, amount] of [
      ["hexagon", 10],
      ["country", 7],
      ["region", 1],
    ] as const) {
      const selection = creditsSelection(kind, amount);
      expect(countsValid(selection)).toBe(true);
      const t = cartTotals("PREMIUM", undefined, cartChoices(selection), "FR", null);
      expect(t.newPlan).toBeNull();
      expect(t.subtotalMinor).toBe(priceLocationAmount(kind, amount)!.priceMinor);
      expect(t.lines).toHaveLength(1);
    }
    expect(creditsSelection("country", 7)).toMatchObject({ country_count: 7, region_package: 0, hexagon_package: 0 });
  });
});

describe("cartReviewBillingHref", () => {
  it("sends the buyer to the billing page and back to the review of the same selection", () => {
    expect(cartReviewBillingHref("plan=PRO&country_count=2")).toBe(
      "/dashboard/account/billing?redirectTo=%2Fdashboard%2Fcart%2Freview%3Fplan%3DPRO%26country_count%3D2",
    );
  });
});
