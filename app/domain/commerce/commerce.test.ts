import { COMMERCE_MESSAGES } from "./messages";
import {
  formatDocumentDate,
  planChange,
  SELF_SERVICE_PRODUCTS,
  reportCostOf,
  reportCostText,
  upgradeSubtotal,
} from "./orders";
import {
  PACKAGES,
  packageRegister,
  parseCustomCount,
  parsePackageChoices,
  priceLocationAmount,
  pricePackage,
} from "./packages";
import { planByTariffId, COUNTRY_SCORES_INCLUDED, planIncludes, reportPrices } from "./plan-offer";
import { EMPTY_COST, costOf, vatAmount, vatRateFor } from "./invoicing/vat";
import { PLAN_DEFINITIONS } from "./plans";

describe("packages", () => {
  it("groups Country, Region, Granular with the id-0 placeholder first, then by price ascending", () => {
    const groups = packageRegister();
    expect(groups.map((g) => g.group)).toEqual(["Country", "Region", "Granular"]);
    for (const g of groups) {
      expect(g.packages[0]).toEqual({ id: 0, price: "0.00", get_name: "Select a package", is_custom: false });
      const prices = g.packages.slice(1).map((p) => Number(p.price.replace(/ /g, "")));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    expect(groups[0]!.packages.map((p) => [p.id, p.price, p.is_custom])).toEqual([
      [0, "0.00", false],
      [101, "150.00", false],
      [103, "150.00", true],
      [102, "600.00", false],
    ]);
  });

  it("parses a custom count as an integer; 0 or garbage costs 0 and adds nothing", () => {
    expect(parseCustomCount("7")).toBe(7);
    expect(parseCustomCount("7.9")).toBe(7);
    expect(parseCustomCount(" 12 ")).toBe(12);
    expect(parseCustomCount("abc")).toBe(0);
    expect(parseCustomCount("-3")).toBe(0);
    expect(pricePackage({ id: 203, count: 0 })).toBeNull();
    expect(pricePackage({ id: 203, count: 3 })).toMatchObject({ kind: "region", locations: 3, priceMinor: 13_500 });
    expect(pricePackage({ id: 0 })).toBeNull();
    expect(pricePackage({ id: 999 })).toBeNull();
  });

  it("buy_products uses the fixed package of that size, else the custom unit price", () => {
    expect(priceLocationAmount("hexagon", 100)).toMatchObject({ id: 302, priceMinor: 60_000 });
    expect(priceLocationAmount("hexagon", 7)).toMatchObject({ id: 303, priceMinor: 6_300, locations: 7 });
    expect(priceLocationAmount("country", 1)).toMatchObject({ id: 101, priceMinor: 15_000 });
  });

  it("every package price is a positive whole number of cents", () => {
    for (const p of PACKAGES) expect(Number.isInteger(p.priceMinor) && p.priceMinor > 0).toBe(true);
  });
});

describe("upgrade total", () => {
  it("is the plan price plus the country, region and hexagon package prices", () => {
    const t = upgradeSubtotal("PREMIUM", [{ id: 101 }, { id: 201 }, { id: 303, count: 4 }]);
    expect(t.planMinor).toBe(99_000);
    expect(t.subtotalMinor).toBe(99_000 + 15_000 + 20_000 + 3_600);
    expect(upgradeSubtotal("DISCOVERY", []).subtotalMinor).toBe(0);
  });

  it("reads purchased_packages as a list or as one choice per kind", () => {
    expect(parsePackageChoices([{ id: 101 }, 201])).toEqual([{ id: 101, count: 0 }, { id: 201 }]);
    expect(parsePackageChoices({ country: { id: 103, count: "2" } })).toEqual([{ id: 103, count: 2 }]);
    expect(parsePackageChoices(undefined)).toEqual([]);
    expect(planByTariffId(2)).toBe("PREMIUM");
    expect(planByTariffId(9)).toBeNull();
  });
});

describe("VAT", () => {
  it.each([
    [null, "", 0, "no_country"],
    ["FR", "", 2000, "domestic"],
    ["FR", "FR12345678901", 2000, "domestic"],
    ["DE", "", 1900, "eu_consumer"],
    ["de", "DE123456789", 0, "eu_reverse_charge"],
    ["FI", "", 2550, "eu_consumer"],
    ["GB", "", 0, "export"],
    ["US", "", 0, "export"],
    // Monaco is French VAT territory.
    ["MC", "", 2000, "domestic"],
    ["MC", "FR12345678901", 2000, "domestic"],
    // A VAT number switches on the reverse charge only in its member state's format.
    ["DE", "x", 1900, "eu_consumer"],
    ["DE", "-", 1900, "eu_consumer"],
    ["DE", "12345678", 1900, "eu_consumer"],
    ["DE", "FR12345678901", 1900, "eu_consumer"],
    ["DE", "de 123 456 789", 0, "eu_reverse_charge"],
    ["GR", "EL123456789", 0, "eu_reverse_charge"],
    ["GR", "GR123456789", 2400, "eu_consumer"],
    ["ES", "ESB12345678", 0, "eu_reverse_charge"],
    ["NL", "NL123456789B01", 0, "eu_reverse_charge"],
    ["AT", "AT12345678", 2000, "eu_consumer"],
  ])("%s with VAT number %j → %i bp (%s)", (country, vat, rateBp, rule) => {
    expect(vatRateFor(country, vat)).toEqual({ rateBp, rule });
  });

  it("charges a German consumer 178.50 for 150.00 net, whatever is typed as a VAT number", () => {
    for (const vat of ["", "x", "-"]) {
      const { rateBp } = vatRateFor("DE", vat);
      expect(costOf(15_000, rateBp).cost).toEqual({
        SUBTOTAL: "150.00",
        "TAX RATE": 19,
        VAT: "28.50",
        TOTAL: "178.50",
      });
    }
  });

  it("rounds half up to the cent and formats the cost block", () => {
    expect(vatAmount(1_001, 2550)).toBe(255); // 255.255
    expect(vatAmount(1_002, 2550)).toBe(256); // 255.51
    expect(vatAmount(10, 500)).toBe(1); // 0.5 → 1
    expect(costOf(1_234_500, 2000).cost).toEqual({
      SUBTOTAL: "12 345.00",
      "TAX RATE": 20,
      VAT: "2 469.00",
      TOTAL: "14 814.00",
    });
    expect(costOf(0, 0).cost).toEqual(EMPTY_COST);
  });
});

it("dates use the ru locale", () => {
  expect(formatDocumentDate("2026-11-23T10:00:00Z")).toBe("23.11.2026");
});

describe("plan changes", () => {
  it("only go up: the same plan changes nothing, a lower one is refused", () => {
    expect(planChange("DISCOVERY", "PREMIUM")).toEqual({ plan: "PREMIUM", error: null });
    expect(planChange("PREMIUM", "COUNTRY+")).toEqual({ plan: "COUNTRY+", error: null });
    expect(planChange("PREMIUM", "PREMIUM")).toEqual({ plan: null, error: null });
    expect(planChange("PREMIUM", undefined)).toEqual({ plan: null, error: null });
    expect(planChange("PREMIUM", planByTariffId(1))).toEqual({ plan: null, error: COMMERCE_MESSAGES.planNotAbove });
    expect(planChange("COUNTRY+", "GRANULAR")).toEqual({ plan: null, error: COMMERCE_MESSAGES.planNotAbove });
  });
});

describe("what a plan includes", () => {
  it("says plainly which plan has the API key and what reports cost on every plan", () => {
    const byCode = Object.fromEntries(PLAN_DEFINITIONS.map((p) => [p.code, planIncludes(p)]));
    expect(byCode.PREMIUM).toContain("API key for the hazard API included");
    for (const code of ["DISCOVERY", "GRANULAR", "COUNTRY+"])
      expect(byCode[code]).toContain("No API key (only PREMIUM has one)");
    for (const lines of Object.values(byCode)) {
      expect(lines).toContain("Portfolio report: 14.00 EUR per location, not included in the plan");
      expect(lines).toContain("Single-location report: 49.00 EUR per report, not included in the plan");
    }
    // The prices shown are the prices charged.
    expect(reportPrices().portfolio).toBe(`${SELF_SERVICE_PRODUCTS[0].priceMinor / 100}.00 EUR per location`);
    expect(byCode.GRANULAR![1]).toBe(
      "10 countries, 50 regions and 500 hexagons to open on the dashboard, for 12 months",
    );
    // Country scores are open on every plan (ADR 012): no plan is sold on a "free list" of countries any more.
    for (const lines of Object.values(byCode)) expect(lines).toContain(COUNTRY_SCORES_INCLUDED);
    expect(byCode.DISCOVERY!.join(" ")).not.toMatch(/free list/);
  });

  it("states the report cost in the files as the money charged, with its currency", () => {
    expect(reportCostOf({ totalMinor: 280_000, currency: "EUR" })).toEqual({
      report_cost: "2 800.00",
      report_currency: "EUR",
    });
    expect(reportCostOf(null)).toEqual({ report_cost: "0.00", report_currency: "EUR" });
    expect(reportCostText({ report_cost: "2 800.00", report_currency: "EUR" })).toBe("2 800.00 EUR");
    expect(reportCostText({ report_cost: 190 })).toBe("190 credits");
  });
});
