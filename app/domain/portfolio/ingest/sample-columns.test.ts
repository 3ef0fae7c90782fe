import { describe, expect, it } from "vitest";
import { detectColumns } from "../columns/columns";
import { DEFAULT_WEIGHTING_COLUMN } from "../limits";
import { sampleColumns } from "./sample-columns";

const map = detectColumns([["name", "lat", "lon", "value"]])!;
/** Land only north of 40° here, so a row reads as a place one way round only. */
const isPlace = (lat: number) => lat > 40;

describe("sampleColumns", () => {
  it("keeps the columns as named when the rows are places that way, skipping blank rows", () => {
    const s = sampleColumns(
      map,
      [
        ["A", "51.5", "-0.1", "10"],
        [null, null, null, null],
        ["B", "48.8", "2.3", "20"],
      ],
      isPlace,
    );
    expect(s).toMatchObject({ swapped: false, latCol: map.lat, lonCol: map.lon, order: { asNamed: 2, swapped: 0 } });
    expect(s.weightedBy[0]).toBe(DEFAULT_WEIGHTING_COLUMN);
    expect(s.weightedBy).toContain("value");
  });

  it("reads latitude and longitude the other way round when more rows are places only that way", () => {
    const s = sampleColumns(
      map,
      [
        ["A", "-0.1", "51.5", "1"],
        ["B", "2.3", "48.8", "2"],
        ["C", "51.5", "-0.1", "3"],
      ],
      isPlace,
    );
    expect(s).toMatchObject({ swapped: true, latCol: map.lon, lonCol: map.lat, order: { asNamed: 1, swapped: 2 } });
  });
});
