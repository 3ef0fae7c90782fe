import { describe, expect, it } from "vitest";
import { detectColumns } from "../columns/columns";
import { HEADER_SCAN_MAX_ROWS, HEADER_SEARCH_ROWS } from "../limits";
import { HeaderScan, type HeaderScanResult } from "./header-scan";

/** Feeds rows until the scan answers; the end of the rows when it never does. */
function scan(rows: (string | null)[][]): HeaderScanResult {
  const s = new HeaderScan(detectColumns);
  for (const row of rows) {
    const result = s.push(row);
    if (result) return result;
  }
  return s.end();
}

describe("HeaderScan", () => {
  it("finds the header below a title row and counts the blank rows before it", () => {
    const result = scan([[null, ""], ["My portfolio", null], ["  "], ["name", "lat", "lon"], ["A", "1", "2"]]);
    expect(result).toMatchObject({ found: true, headerRows: 2, leadingBlank: 2 });
    if (result.found) expect([result.map.lat, result.map.lon, result.map.name]).toEqual([1, 2, 0]);
  });

  it("refuses an empty file, and rows without a header once HEADER_SEARCH_ROWS non-blank rows were read", () => {
    expect(scan([[null], [""]])).toEqual({ found: false, refusal: "empty" });
    expect(scan([["a", "b"]])).toEqual({ found: false, refusal: "noColumns" });
    const rows = Array.from({ length: HEADER_SEARCH_ROWS + 5 }, (_, i) => [`x${i}`, "y"]);
    const s = new HeaderScan(detectColumns);
    const answers = rows.map((r) => s.push(r));
    expect(answers.findIndex((a) => a !== null)).toBe(HEADER_SEARCH_ROWS - 1);
    expect(answers[HEADER_SEARCH_ROWS - 1]).toEqual({ found: false, refusal: "noColumns" });
  });

  it("gives up after HEADER_SCAN_MAX_ROWS rows, blank ones included", () => {
    const blanks = Array.from({ length: HEADER_SCAN_MAX_ROWS }, () => [""]);
    expect(scan([...blanks, ["lat", "lon"]])).toEqual({ found: false, refusal: "noHeaderWithin" });
    expect(scan([...blanks.slice(1), ["lat", "lon"]])).toMatchObject({
      found: true,
      leadingBlank: HEADER_SCAN_MAX_ROWS - 1,
    });
  });

  it("asks its detector with every non-blank row so far", () => {
    const seen: number[] = [];
    const s = new HeaderScan(
      (lead) => (seen.push(lead.length), lead.length === 2 ? detectColumns([["lat", "lon"]]) : null),
    );
    expect(s.push(["title"])).toBeNull();
    expect(s.push([null])).toBeNull();
    expect(s.push(["anything"])).toMatchObject({ found: true, headerRows: 2, leadingBlank: 1 });
    expect(seen).toEqual([1, 2]);
  });
});
