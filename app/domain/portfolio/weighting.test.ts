import { DEFAULT_WEIGHTING_COLUMN } from "./limits";
import { WEIGHTING_TEXT, effectiveWeightColumn, initialWeightColumn, weightingSummary } from "./weighting";

describe("the weighting column", () => {
  it("starts as the value column the header names when it holds numbers, unless the file has the spec's default", () => {
    const names = ["Objekt-ID", "Breitengrad", "Längengrad", "Marktwert EUR", "PLZ"];
    expect(initialWeightColumn(names, 3, ["Marktwert EUR"])).toBe("Marktwert EUR");
    expect(initialWeightColumn(names, 3, [])).toBe(DEFAULT_WEIGHTING_COLUMN);
    expect(initialWeightColumn(names, null, ["Marktwert EUR"])).toBe(DEFAULT_WEIGHTING_COLUMN);
    expect(
      initialWeightColumn([...names, DEFAULT_WEIGHTING_COLUMN], 3, ["Marktwert EUR", DEFAULT_WEIGHTING_COLUMN]),
    ).toBe(DEFAULT_WEIGHTING_COLUMN);
  });

  it("is none when the file has no column of that name, even the spec's default", () => {
    expect(effectiveWeightColumn(DEFAULT_WEIGHTING_COLUMN, ["lat", "lon", "name"])).toBeNull();
    expect(effectiveWeightColumn(null, ["lat", "lon"])).toBeNull();
    expect(weightingSummary(DEFAULT_WEIGHTING_COLUMN, ["lat", "lon"])).toEqual({
      column: null,
      text: WEIGHTING_TEXT.none,
    });
  });

  it("is the chosen column when the file has it", () => {
    expect(effectiveWeightColumn("Insured value", ["lat", "lon", "Insured value"])).toBe("Insured value");
    expect(effectiveWeightColumn(null, ["lat", "lon", DEFAULT_WEIGHTING_COLUMN])).toBe(DEFAULT_WEIGHTING_COLUMN);
  });
});
