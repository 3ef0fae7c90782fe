import { describe, expect, it } from "vitest";
import { PREVIEW_ISSUES_MAX, PREVIEW_ROWS_MAX } from "../limits";
import { POINT_PRECISION } from "../columns/row-place";
import { PreviewTally, coordKey } from "./preview-tally";

const point = (row: number, lat: number, lon: number, precision: (typeof POINT_PRECISION)[keyof typeof POINT_PRECISION] = POINT_PRECISION.given) => ({
  row,
  lat,
  lon,
  name: `n${row}`,
  id: null,
  precision,
});

describe("PreviewTally", () => {
  it("partitions located rows into valid and duplicates by their point at 5 decimals", () => {
    const t = new PreviewTally(100);
    expect(t.located(point(2, 51.5, -0.1))).toEqual({ precision: null, duplicateOf: null });
    expect(t.located(point(3, 51.500001, -0.100001))).toEqual({ precision: null, duplicateOf: 2 });
    expect(t.located(point(4, 48.85, 2.35))).toEqual({ precision: null, duplicateOf: null });
    t.rejected("invalid", { row: 5, reason: "lat is not a number" });
    t.rejected("out_of_range", { row: 6, reason: "at sea" });
    expect([t.valid, t.dupCount, t.invalidCount, t.outCount]).toEqual([2, 1, 1, 1]);
    expect(t.duplicates).toEqual([{ row: 3, duplicate_of: 2 }]);
    expect(t.data.map((d) => d.row)).toEqual([2, 3, 4]);
    expect([t.issuesTruncated, t.dataTruncated]).toEqual([false, false]);
    expect(coordKey(51.5, -0.1)).not.toBe(coordKey(51.50001, -0.1));
  });

  it("lists the rows whose point was corrected or found by city, with the precision to store", () => {
    const t = new PreviewTally(100);
    expect(t.located({ ...point(2, 10, 20, POINT_PRECISION.city), place: "Lyon" }).precision).toBe(POINT_PRECISION.city);
    expect(t.located(point(3, 11, 21, POINT_PRECISION.swapped)).precision).toBe(POINT_PRECISION.swapped);
    expect([t.geocoded, t.corrected]).toEqual([1, 1]);
    expect(t.placed).toEqual([
      { row: 2, id: null, reason: `${POINT_PRECISION.city}: Lyon` },
      { row: 3, id: null, reason: POINT_PRECISION.swapped },
    ]);
    expect(t.data[0]).toMatchObject({ row: 2, precision: POINT_PRECISION.city });
  });

  it("caps the issue lists and the sample of points, and says so", () => {
    const t = new PreviewTally(1e7);
    for (let i = 0; i <= PREVIEW_ISSUES_MAX; i++) t.rejected("invalid", { row: i, reason: "x" });
    expect(t.invalid.length).toBe(PREVIEW_ISSUES_MAX);
    expect(t.invalidCount).toBe(PREVIEW_ISSUES_MAX + 1);
    expect(t.issuesTruncated).toBe(true);
    for (let i = 0; i <= PREVIEW_ROWS_MAX; i++) t.located(point(i, (i % 170) - 85, Math.floor(i / 170)));
    expect(t.data.length).toBe(PREVIEW_ROWS_MAX);
    expect(t.dataTruncated).toBe(true);
  });

  it("counts blank rows against the plan's row limit with the location rows", () => {
    const t = new PreviewTally(3, 1);
    expect(t.locationRow()).toBe(true);
    expect(t.blankRow()).toBe(true);
    expect(t.locationRow()).toBe(false);
    expect([t.blank, t.total]).toEqual([2, 2]);
  });
});
