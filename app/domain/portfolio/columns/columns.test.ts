import {
  checkCoordinates,
  columnOrderEvidence,
  detectColumns,
  numericColumns,
  parseNumberCell,
  readsSwapped,
} from "./columns";

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
    expect(
      detectColumns([
        ["a", "b"],
        ["1", "2"],
      ]),
    ).toBeNull();
  });
});

describe("numericColumns and the column order", () => {
  it("never offers a postcode or an id column as a weighting, numbers though they are", () => {
    const map = detectColumns([["ID", "Lat", "Lon", "PLZ", "Wert EUR"]])!;
    expect(map.postcode).toBe(3);
    expect(
      numericColumns(map, [
        ["1", "50.9", "6.9", "50667", "1000"],
        ["2", "52.5", "13.4", "10115", "2000"],
      ]),
    ).toEqual(["Wert EUR"]);
  });

  const map = detectColumns([["id", "lat", "lon", "value", "note"]])!;
  it("offers numeric columns only, not coordinates or the id", () => {
    expect(
      numericColumns(map, [
        ["A", "1", "2", "10,5", "x"],
        ["B", "1", "2", "", "y"],
      ]),
    ).toEqual(["value"]);
  });

  /** Land in this test: a box around Europe and one around Japan. */
  const onLand = (lat: number, lon: number) =>
    (lat > 35 && lat < 60 && lon > -10 && lon < 30) || (lat > 30 && lat < 45 && lon > 130 && lon < 145);
  const europe = [
    ["A", "51.5", "-0.12"],
    ["B", "48.85", "2.35"],
    ["C", "52.52", "13.4"],
    ["D", "40.4", "-3.7"],
    ["E", "45.46", "9.19"],
    ["F", "50.85", "4.35"],
  ];

  it("keeps the order when one row has a latitude of 95: six rows fit only as named", () => {
    const evidence = columnOrderEvidence(map, [...europe, ["G", "95", "10"]], onLand);
    expect(evidence).toEqual({ asNamed: 6, swapped: 0 });
    expect(readsSwapped(evidence)).toBe(false);
  });

  it("turns the columns round when most rows fit only that way", () => {
    const swapped = europe.map(([id, lat, lon]) => [id, lon, lat]);
    const evidence = columnOrderEvidence(map, [...swapped, ["T", "139.6", "35.6"], ["X", "95", "10"]], onLand);
    expect(evidence.swapped).toBe(7);
    expect(readsSwapped(evidence)).toBe(true);
  });

  it("lets rows that fit both readings, or neither, say nothing", () => {
    const both = (lat: number, lon: number) => Math.abs(lat) <= 90 && Math.abs(lon) <= 90;
    expect(
      columnOrderEvidence(
        map,
        [
          ["A", "10", "20"],
          ["B", "x", "1"],
          ["C", "200", "300"],
        ],
        both,
      ),
    ).toEqual({ asNamed: 0, swapped: 0 });
    expect(readsSwapped({ asNamed: 3, swapped: 3 })).toBe(false);
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

describe("headers in the main European languages", () => {
  it.each([
    [
      "German",
      ["Objekt-ID", "Bezeichnung", "Adresse", "PLZ", "Ort", "Land", "Wert (EUR)", "Breitengrad", "Längengrad"],
    ],
    [
      "French",
      [
        "Identifiant",
        "Désignation",
        "Adresse",
        "Code postal",
        "Ville",
        "Pays",
        "Valeur (EUR)",
        "Latitude",
        "Longitude",
      ],
    ],
    ["Spanish", ["Código", "Nombre", "Dirección", "Código postal", "Ciudad", "País", "Valor", "Latitud", "Longitud"]],
    [
      "Italian",
      ["Codice", "Denominazione", "Indirizzo", "CAP", "Comune", "Paese", "Valore", "Latitudine", "Longitudine"],
    ],
    ["Dutch", ["Kenmerk", "Naam", "Adres", "Postcode", "Plaats", "Land", "Waarde", "Breedtegraad", "Lengtegraad"]],
    [
      "Polish",
      ["Identyfikator", "Nazwa", "Ulica", "Kod pocztowy", "Miasto", "Kraj", "Wartość", "Szerokość", "Długość"],
    ],
  ])("%s: every column found by its header", (_lang, header) => {
    expect(detectColumns([header])).toMatchObject({
      id: 0,
      name: 1,
      address: 2,
      postcode: 3,
      city: 4,
      country: 5,
      value: 6,
      lat: 7,
      lon: 8,
    });
  });
  it("names a row by its address when the file has no name column", () => {
    expect(detectColumns([["Objekt-Nr.", "Anschrift", "lat", "lon"]])).toMatchObject({ id: 0, name: 1, address: 1 });
  });
});
