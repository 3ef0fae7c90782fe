import { CartSchema, IDEMPOTENCY_FIELD, cartTotals, countsValid } from "./cart";

const form = { country_package: 0, country_count: 0, region_package: 0, region_count: 0, hexagon_package: 0, hexagon_count: 0 };

describe("the cart form", () => {
  const valid = { [IDEMPOTENCY_FIELD]: "0b6c3f0e-7c1a-4d0e-9a53-1d2b3c4d5e6f" };

  it("takes a rendered form token and refuses NUL bytes or control characters in it", () => {
    expect(CartSchema.safeParse(valid).success).toBe(true);
    for (const bad of ["abcd\u0000efgh", "abcdefgh\r\nX-Evil: 1", "abcd\u0007efgh", "key with spaces", "short", "ключ-ключ-ключ"]) {
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
    expect(cartTotals("PREMIUM", "PREMIUM", [{ id: 101 }], "GB", null)).toMatchObject({ newPlan: null, planMinor: 0, subtotalMinor: 15_000 });
    const down = cartTotals("PREMIUM", "DISCOVERY", [], "FR", null);
    expect(down).toMatchObject({ newPlan: null, planMinor: 0, subtotalMinor: 0 });
    expect(down.cost.TOTAL).toBe("0.00");
  });
});
