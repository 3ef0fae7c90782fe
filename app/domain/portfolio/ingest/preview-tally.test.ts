import { describe, expect, it } from "vitest";
import { PREVIEW_ISSUES_MAX, PREVIEW_ROWS_MAX } from "../limits";
import { POINT_PRECISION } from "../columns/row-place";
import { PreviewTally, coordKey } from "./preview-tally";

const point = (
  row: number,
  lat: number,
  lon: number,
  precision: (typeof POINT_PRECISION)[keyof typeof POINT_PRECISION] = POINT_PRECISION.given,
) => ({
  row,
  lat,
  lon,
  name: `n${row}`,
  id: null,
  precision,
});

describe("PreviewTally", () => {
  it("without cells, partitions located rows into assets, billed once per point at 5 decimals", () => {
    const t = new PreviewTally(100);
    expect(t.located(point(2, 51.5, -0.1))).toEqual({
      precision: null,
      duplicateOf: null,
      sameAssetAs: null,
      conflict: false,
    });
    expect(t.located(point(3, 51.500001, -0.100001))).toMatchObject({ duplicateOf: 2, sameAssetAs: null });
    expect(t.located(point(4, 48.85, 2.35))).toMatchObject({ duplicateOf: null });
    t.rejected("invalid", { row: 5, reason: "lat is not a number" });
    t.rejected("out_of_range", { row: 6, reason: "at sea" });
    expect([t.valid, t.billed, t.sharedPlaceCount, t.dupCount, t.invalidCount, t.outCount]).toEqual([3, 2, 1, 0, 1, 1]);
    expect(t.sharedPlaces).toEqual([{ row: 3, same_place_as: 2 }]);
    expect(t.data.map((d) => d.row)).toEqual([2, 3, 4]);
    expect([t.issuesTruncated, t.dataTruncated]).toEqual([false, false]);
    expect(coordKey(51.5, -0.1)).not.toBe(coordKey(51.50001, -0.1));
  });

  it("counts an asset once: two ids at one place are two assets and one billed point; one id twice is one asset, a conflict when its values differ", () => {
    const t = new PreviewTally(100);
    const at = (row: number, id: string | null, cells: (string | number)[], lat = 48.85, lon = 2.35) =>
      t.located({ ...point(row, lat, lon), id, cells });
    expect(at(2, "A", ["A", 48.85, 2.35, 100])).toMatchObject({ sameAssetAs: null, duplicateOf: null });
    expect(at(3, "B", ["B", 48.85, 2.35, 200])).toMatchObject({ sameAssetAs: null, duplicateOf: 2 });
    expect(at(4, "A", ["A", 48.85, 2.35, 100])).toEqual({
      precision: null,
      duplicateOf: 2,
      sameAssetAs: 2,
      conflict: false,
    });
    expect(at(5, "A", ["A", 48.85, 2.35, 150])).toEqual({
      precision: null,
      duplicateOf: 2,
      sameAssetAs: 2,
      conflict: true,
    });
    // without ids: the same row cell for cell is one asset, a different row at the same place another
    expect(at(6, null, ["", 40, 3, 7], 40, 3)).toMatchObject({ sameAssetAs: null });
    expect(at(7, null, ["", 40, 3, 7, ""], 40, 3)).toMatchObject({ sameAssetAs: 6, conflict: false });
    expect(at(8, null, ["", 40, 3, 8], 40, 3)).toMatchObject({ sameAssetAs: null, duplicateOf: 6 });
    expect([t.valid, t.billed, t.sharedPlaceCount, t.dupCount, t.conflictCount]).toEqual([4, 2, 2, 3, 1]);
    expect(t.conflicts).toEqual([{ row: 5, duplicate_of: 2, id: "A" }]);
    expect(t.duplicates).toEqual([
      { row: 4, duplicate_of: 2 },
      { row: 5, duplicate_of: 2 },
      { row: 7, duplicate_of: 6 },
    ]);
  });

  it("lists the rows whose point was corrected or found by city, with the precision to store", () => {
    const t = new PreviewTally(100);
    expect(t.located({ ...point(2, 10, 20, POINT_PRECISION.city), place: "Lyon" }).precision).toBe(
      POINT_PRECISION.city,
    );
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
