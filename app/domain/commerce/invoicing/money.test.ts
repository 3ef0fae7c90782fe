import { formatAmount, formatMinorUnits, formatPrice, formatWholeAmount } from "./money";

describe("price format (spec: thousands separated by spaces, decimal point)", () => {
  it("groups thousands with spaces and keeps two decimals", () => {
    expect(formatMinorUnits(1_234_500)).toBe("12 345.00");
    expect(formatMinorUnits(99_000)).toBe("990.00");
    expect(formatMinorUnits(100_000_000)).toBe("1 000 000.00");
    expect(formatMinorUnits(123_456_789)).toBe("1 234 567.89");
  });

  it("formats zero, cents and negatives", () => {
    expect(formatMinorUnits(0)).toBe("0.00");
    expect(formatMinorUnits(5)).toBe("0.05");
    expect(formatMinorUnits(-1_234_567)).toBe("-12 345.67");
  });

  it("accepts major units and rounds to the cent", () => {
    expect(formatAmount(12345.5)).toBe("12 345.50");
    expect(formatAmount(0.125)).toBe("0.13");
    expect(formatPrice(249_000, "EUR")).toBe("2 490.00 EUR");
  });

  it("refuses non-finite amounts", () => {
    expect(() => formatMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmount(Infinity)).toThrow(RangeError);
  });
});

describe("whole amounts (estimates without cents)", () => {
  it("rounds to whole units and groups thousands by spaces", () => {
    expect(formatWholeAmount(419_999.996)).toBe("420 000");
    expect(formatWholeAmount(1_339_999.5)).toBe("1 340 000");
    expect(formatWholeAmount(0.4)).toBe("0");
    expect(formatWholeAmount(-1234.6)).toBe("-1 235");
  });
  it("refuses what is not a number", () => {
    expect(() => formatWholeAmount(Number.NaN)).toThrow(RangeError);
  });
});
