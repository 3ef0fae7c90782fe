import { userCellValue, userColumnHeader } from "./user-cell";

describe("a user's cell in the report workbook", () => {
  it("gives numbers back as numbers, in the notations a file holds", () => {
    expect(userCellValue("250")).toBe(250);
    expect(userCellValue("1200000,5")).toBe(1200000.5);
    expect(userCellValue("1 234,5")).toBe(1234.5);
    expect(userCellValue("-0.5")).toBe(-0.5);
    expect(userCellValue("0.25")).toBe(0.25);
  });

  it("keeps text, codes with leading zeros or a plus, and numbers too long for a spreadsheet as text", () => {
    expect(userCellValue("Lyon depot")).toBe("Lyon depot");
    expect(userCellValue("007")).toBe("007");
    expect(userCellValue("01234")).toBe("01234");
    expect(userCellValue("+33123456789")).toBe("+33123456789");
    expect(userCellValue("1234567890123456789")).toBe("1234567890123456789");
    expect(userCellValue("")).toBe("");
  });

  it("names a user column apart when it repeats one of ours", () => {
    expect(userColumnHeader("Country", ["Row", "Country"])).toBe("Country (your file)");
    expect(userColumnHeader("country ", ["Country"])).toBe("country  (your file)");
    expect(userColumnHeader("Insured value", ["Country"])).toBe("Insured value");
  });
});
