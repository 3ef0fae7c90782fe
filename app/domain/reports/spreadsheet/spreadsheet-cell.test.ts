import { describe, expect, it } from "vitest";
import { neutraliseCell, safeCellValue, stripXmlForbidden } from "./spreadsheet-cell";

describe("neutraliseCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
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

  it("drops the characters XML forbids, keeping tab, line breaks and paired surrogates", () => {
    expect(stripXmlForbidden("Depot\uFFFF 7\uFFFE\u0000\u0001\u000B\u001F")).toBe("Depot 7");
    expect(stripXmlForbidden("a\tb\nc\rd")).toBe("a\tb\nc\rd");
    expect(stripXmlForbidden("Tokyo \u{1F5FC}")).toBe("Tokyo \u{1F5FC}");
    expect(stripXmlForbidden("lone \uD83D and \uDDFC")).toBe("lone  and ");
    // A control character hiding a formula does not get it past the guard.
    expect(safeCellValue("\u0001=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
  });
});
