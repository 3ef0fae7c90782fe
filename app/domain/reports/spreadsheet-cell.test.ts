import { describe, expect, it } from "vitest";
import { neutraliseCell, safeCellValue } from "./spreadsheet-cell";

describe("neutraliseCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["-", "'-"],
    ["=", "'="],
  ])("prefixes %j", (input, out) => {
    expect(neutraliseCell(input)).toBe(out);
  });

  it.each(["Warehouse 7", "", "51.5", "-0.127", "+44", "-12,5", "1e-3", "-1.5E+2", "a=b", " =1", "'=1"])(
    "leaves %j alone",
    (input) => {
      expect(neutraliseCell(input)).toBe(input);
    },
  );

  it("passes non-strings through", () => {
    expect(safeCellValue(-5)).toBe(-5);
    expect(safeCellValue(null)).toBe(null);
    expect(safeCellValue("=A1")).toBe("'=A1");
  });
});
