import { EMPTY_BILLING, type BillingInfoValue } from "../billing";
import { costOf, vatRateFor } from "./vat";
import {
  DEMO_SELLER,
  EXPORT_TEXT,
  REVERSE_CHARGE_TEXT,
  allocateVat,
  buildInvoice,
  buyerLines,
  invoiceCountry,
  invoiceNumberText,
  lineCells,
  sellerLines,
  sellerVatIdProblem,
  servicePeriodOf,
  servicePeriodText,
} from "./invoice";

const buyer = (country: string, vat = ""): BillingInfoValue => ({
  ...EMPTY_BILLING,
  appeal: "Ms",
  email: "ana@example.org",
  first_name: "Ana",
  last_name: "Lopez",
  phone: "+49 30 1234",
  company: { name: "Acme GmbH", country, zip: "10115", city: "Berlin", street: "Invalidenstr. 1", vat_number: vat },
});

function invoiceFor(
  b: BillingInfoValue,
  items: { code: string; name: string; quantity: number; unitMinor: number }[],
  paidAt = new Date("2026-03-15T10:00:00Z"),
) {
  const lines = items.map((i) => ({ ...i, totalMinor: i.unitMinor * i.quantity }));
  const subtotal = lines.reduce((s, l) => s + l.totalMinor, 0);
  const { rateBp } = vatRateFor(b.company.country, b.company.vat_number);
  const { vatMinor, totalMinor } = costOf(subtotal, rateBp);
  return buildInvoice({
    number: 42,
    issuedAt: paidAt,
    paidAt,
    currency: "EUR",
    seller: DEMO_SELLER,
    buyer: b,
    items: lines,
    subtotalMinor: subtotal,
    taxRateBp: rateBp,
    vatMinor,
    totalMinor,
  });
}

describe("invoice content", () => {
  it("numbers, dates and prices each line with net, rate, VAT and gross adding up to the order", () => {
    const inv = invoiceFor(buyer("FR", "FR12345678901"), [
      { code: "plan_PREMIUM", name: "Plan PREMIUM", quantity: 1, unitMinor: 99_000 },
      { code: "package_101", name: "1 country", quantity: 1, unitMinor: 15_000 },
    ]);
    expect(inv.number).toBe("INV-000042");
    expect(inv.issuedAt).toBe("2026-03-15");
    expect(inv.rule).toBe("domestic");
    expect(inv.vatNote).toBe("Domestic VAT 20 %: supply within the VAT territory of France");
    expect(inv.lines.map((l) => lineCells(l, "EUR"))).toEqual([
      { net: "990.00 EUR", rate: "20 %", vat: "198.00 EUR", gross: "1 188.00 EUR" },
      { net: "150.00 EUR", rate: "20 %", vat: "30.00 EUR", gross: "180.00 EUR" },
    ]);
    expect([inv.netMinor, inv.vatMinor, inv.grossMinor]).toEqual([114_000, 22_800, 136_800]);
  });

  it("splits a rounded VAT over lines without losing or inventing a cent", () => {
    // 3 lines of 0.01 at 20 %: the order's VAT is 0.01 (rounded once), never 0.00 or 0.03.
    expect(allocateVat([1, 1, 1], 1)).toEqual([1, 0, 0]);
    const shares = allocateVat([333, 333, 334], 200);
    expect(shares.reduce((s, n) => s + n, 0)).toBe(200);
    expect(allocateVat([0, 0], 0)).toEqual([0, 0]);
    const inv = invoiceFor(buyer("DE"), [
      { code: "a", name: "A", quantity: 3, unitMinor: 333 },
      { code: "b", name: "B", quantity: 1, unitMinor: 1 },
    ]);
    expect(inv.lines.reduce((s, l) => s + l.vatMinor, 0)).toBe(inv.vatMinor);
    expect(inv.lines.reduce((s, l) => s + l.grossMinor, 0)).toBe(inv.grossMinor);
  });

  it("prints the reverse-charge wording only for an EU business in another member state", () => {
    const b2b = invoiceFor(buyer("DE", "DE123456789"), [
      { code: "single_pdf", name: "Report", quantity: 1, unitMinor: 4_900 },
    ]);
    expect(b2b.rule).toBe("eu_reverse_charge");
    expect(b2b.vatNote).toBe(REVERSE_CHARGE_TEXT);
    expect(REVERSE_CHARGE_TEXT).toBe(
      "Reverse charge: VAT to be accounted for by the recipient, Art. 196 Council Directive 2006/112/EC",
    );
    expect(b2b.lines[0]).toMatchObject({ rateBp: 0, vatMinor: 0, grossMinor: 4_900 });
    // Same member state as the seller: French VAT, no reverse charge, even with a VAT number.
    expect(
      invoiceFor(buyer("FR", "FR12345678901"), [{ code: "x", name: "X", quantity: 1, unitMinor: 100 }]).vatNote,
    ).toBe("Domestic VAT 20 %: supply within the VAT territory of France");
    // Monaco is French VAT territory.
    const monaco = invoiceFor(buyer("MC"), [{ code: "x", name: "X", quantity: 1, unitMinor: 10_000 }]);
    expect(monaco).toMatchObject({
      rule: "domestic",
      rateBp: 2_000,
      vatMinor: 2_000,
      vatNote: "Domestic VAT 20 %: supply within the VAT territory of France, to which Monaco belongs",
    });
    // An EU consumer (no VAT number, or one that is not a VAT number): the buyer's country's VAT, no reverse charge.
    for (const vat of ["", "x", "-"]) {
      const b2c = invoiceFor(buyer("DE", vat), [{ code: "x", name: "X", quantity: 1, unitMinor: 15_000 }]);
      expect(b2c).toMatchObject({ rule: "eu_consumer", rateBp: 1_900, vatMinor: 2_850, grossMinor: 17_850 });
      expect(b2c.vatNote).toBe(
        "VAT of Germany 19 %: electronic service to a non-taxable person, taxed where the customer is (Art. 58 Council Directive 2006/112/EC)",
      );
    }
    // Outside the EU: no VAT, and the invoice says why.
    expect(invoiceFor(buyer("US", "12-3456789"), [{ code: "x", name: "X", quantity: 1, unitMinor: 100 }]).vatNote).toBe(
      EXPORT_TEXT,
    );
    expect(EXPORT_TEXT).toMatch(/^Outside the EU: not subject to EU VAT/);
  });

  it("gives a plan its subscription year and anything else its day of delivery", () => {
    const paid = new Date("2026-03-15T23:30:00Z");
    expect(servicePeriodOf([{ code: "plan_GRANULAR" }, { code: "package_301" }], paid)).toEqual({
      start: "2026-03-15",
      end: "2027-03-14",
      kind: "subscription",
    });
    expect(servicePeriodOf([{ code: "portfolio_report" }], paid)).toEqual({
      start: "2026-03-15",
      end: "2026-03-15",
      kind: "delivery",
    });
    expect(servicePeriodText(servicePeriodOf([{ code: "plan_PREMIUM" }], new Date("2028-02-29T00:00:00Z")))).toBe(
      "Service period: 29.02.2028 - 28.02.2029",
    );
    expect(servicePeriodText(servicePeriodOf([{ code: "single_pdf" }], paid))).toBe("Date of delivery: 15.03.2026");
  });

  it("names the buyer's company, address and VAT number and the seller's VAT ID", () => {
    expect(buyerLines(buyer("DE", "DE123456789"))).toEqual([
      "Acme GmbH",
      "Ms Ana Lopez",
      "Invalidenstr. 1",
      "10115 Berlin",
      "Country: Germany (DE)",
      "VAT number: DE123456789",
      "ana@example.org",
    ]);
    expect(
      sellerLines({ name: "Seller SAS", address: "1 rue A; 75001 Paris; France", vatId: "FR12345678901" }),
    ).toEqual(["Seller SAS", "1 rue A", "75001 Paris", "France", "VAT ID: FR12345678901"]);
    expect(invoiceNumberText(7)).toBe("INV-000007");
  });

  it("accepts only a seller VAT id of the seller's member state", () => {
    expect(sellerVatIdProblem("FR12345678901", "FR")).toBeNull();
    expect(sellerVatIdProblem("DE123456789", "FR")).toMatch(/of FR/);
    expect(sellerVatIdProblem("FR1", "FR")).toMatch(/2-13 letters or digits/);
    expect(DEMO_SELLER.name).toMatch(/DEMO/);
  });
});

describe("the buyer's country on an invoice", () => {
  it("prints the English name with the ISO code, and the code alone when it names no country", () => {
    expect(invoiceCountry("de")).toBe("Germany (DE)");
    expect(invoiceCountry("GB")).toBe("United Kingdom (GB)");
    expect(invoiceCountry("ZZ")).toBe("ZZ");
    expect(invoiceCountry("")).toBe("");
  });
});
