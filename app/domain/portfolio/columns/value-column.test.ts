import { currencyInHeader, formatMoney, moneyBasis } from "./value-column";

describe("value column", () => {
  it("reads the currency a column's name states, and none when it states none or two", () => {
    expect(currencyInHeader("Marktwert (EUR)")).toBe("EUR");
    expect(currencyInHeader("value_usd")).toBe("USD");
    expect(currencyInHeader("Wert in €")).toBe("EUR");
    expect(currencyInHeader("Insured value")).toBeNull();
    expect(currencyInHeader("EUR / USD rate")).toBeNull();
    // A word that merely contains a code is not the code.
    expect(currencyInHeader("Neuroscience lab")).toBeNull();
  });

  it("gives amounts only for a real column with a known currency, always with the currency", () => {
    expect(moneyBasis("Marktwert (EUR)", "EUR")).toEqual({ column: "Marktwert (EUR)", currency: "EUR" });
    expect(moneyBasis(null, "EUR")).toBeNull();
    expect(moneyBasis("Marktwert", null)).toBeNull();
    expect(formatMoney(3990, "EUR")).toBe("3 990.00 EUR");
  });
});
