import { checkCoordinates, detectColumns, looksSwapped, numericColumns, parseNumberCell } from "./columns";

describe("parseNumberCell", () => {
  it.each([
    ["51.5074", 51.5074],
    ["51,5074", 51.5074],
    ["-0,1278", -0.1278],
    ["1 234,5", 1234.5],
    ["1.234,5", 1234.5],
    ["1,234.5", 1234.5],
    ["12°", 12],
    [7, 7],
  ])("%s → %s", (input, out) => expect(parseNumberCell(input)).toBe(out));
  it("empty is null, text is NaN", () => {
    expect(parseNumberCell("  ")).toBeNull();
    expect(parseNumberCell(null)).toBeNull();
    expect(parseNumberCell("fifty")).toBeNaN();
    expect(parseNumberCell("N/A")).toBeNaN();
  });
});

describe("detectColumns", () => {
  it("skips a title and merged group headers, prefixes repeated names with their group", () => {
    const m = detectColumns([
      ["Portfolio 2026"],
      ["Site", null, "Location", null],
      ["ID", "Name", "Latitude (deg)", "Longitude (deg)", "Value"],
    ])!;
    expect(m).toMatchObject({ lat: 2, lon: 3, id: 0, name: 1, headerRow: 2 });
    expect(m.names).toEqual(["ID", "Name", "Latitude (deg)", "Longitude (deg)", "Value"]);
  });
  it("accepts lng and a BOM on the first header", () => {
    expect(detectColumns([["\uFEFFlat", "lng"]])).toMatchObject({ lat: 0, lon: 1 });
  });
  it("returns null without coordinate headers", () => {
    expect(detectColumns([["a", "b"], ["1", "2"]])).toBeNull();
  });
});

describe("numericColumns and looksSwapped", () => {
  const map = detectColumns([["id", "lat", "lon", "value", "note"]])!;
  it("offers numeric columns only, not coordinates or the id", () => {
    expect(numericColumns(map, [["A", "1", "2", "10,5", "x"], ["B", "1", "2", "", "y"]])).toEqual(["value"]);
  });
  it("needs a latitude beyond ±90 and every longitude within ±90", () => {
    expect(looksSwapped(map, [["A", "139.6", "35.6"], ["B", "-0.12", "51.5"]])).toBe(true);
    expect(looksSwapped(map, [["A", "35.6", "139.6"]])).toBe(false);
  });
});

describe("checkCoordinates", () => {
  it("reports each reason", () => {
    expect(checkCoordinates("", "1")).toMatchObject({ ok: false, kind: "invalid", reason: "latitude is empty" });
    expect(checkCoordinates("x", "1")).toMatchObject({ ok: false, reason: "latitude is not a number" });
    expect(checkCoordinates("0", "0")).toMatchObject({ ok: false, kind: "invalid" });
    expect(checkCoordinates("91", "0")).toMatchObject({ ok: false, kind: "out_of_range" });
    expect(checkCoordinates("10", "-181")).toMatchObject({ ok: false, kind: "out_of_range" });
    expect(checkCoordinates("48,85", "2,35")).toEqual({ ok: true, lat: 48.85, lon: 2.35 });
  });
});
