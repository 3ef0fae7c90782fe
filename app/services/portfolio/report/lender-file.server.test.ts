import { setupTestDatabase } from "#db/testing";
import { POINT_PRECISION } from "~/domain/portfolio/columns/row-place";
import { ROW_REASONS } from "~/domain/portfolio/limits";
import { germanLenderCsv, germanLenderXlsx } from "../../../../tests/support/portfolio-files";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { toAssessedLocation } from "./report-model.server";
import {
  ingestUpload,
  remapUpload,
  uploadRows,
  findUpload,
  ROW_STATUS,
  type PreviewResult,
  type StoredRow,
} from "../upload/uploads.server";

setupTestDatabase();

async function* once(b: Buffer | string): AsyncGenerator<Uint8Array> {
  yield typeof b === "string" ? Buffer.from(b, "utf8") : b;
}

const member = { userId: null, plan: "PREMIUM" as const };

async function stored(id: string): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  for await (const r of uploadRows(id)) rows.push(r);
  return rows;
}

/** What both files must give: the same rows, whatever the format. */
function expectLenderPreview(r: PreviewResult) {
  expect(r.detected).toMatchObject({
    id: "Objekt-ID",
    name: "Bezeichnung",
    address: "Adresse",
    postcode: "PLZ",
    city: "Ort",
    country: "Land",
    value: "Wert (EUR)",
    lat: "Breitengrad",
    lon: "Längengrad",
  });
  // swapped rows are corrected, each listed with its row, id and what was done
  expect(r.corrected_locations).toBe(4);
  expect(r.geocoded_locations).toBe(2);
  expect(r.placed).toEqual([
    { row: 3, id: "FR-002", reason: POINT_PRECISION.swapped },
    { row: 4, id: "GR-003", reason: POINT_PRECISION.swapped },
    { row: 5, id: "ES-004", reason: POINT_PRECISION.swapped },
    { row: 6, id: "PL-005", reason: POINT_PRECISION.swapped },
    { row: 11, id: "DE-010", reason: `${POINT_PRECISION.city}: Munich, DE (postcode 80331; placed at the city)` },
    { row: 12, id: "DE-011", reason: `${POINT_PRECISION.city}: Köln, DE (postcode 50968; placed at the city)` },
  ]);
  // a row whose point contradicts its country either way round is refused, never scored elsewhere
  expect(r.invalid).toEqual([
    {
      row: 7,
      id: "FR-006",
      reason: "the point lies in Germany, not in France as the country column says, read either way round",
    },
    { row: 13, id: "DE-012", reason: "no coordinates, and the place “Kleinkleckersdorf” is not in the gazetteer" },
  ]);
  // the point API's at-sea points are not valid, not billed
  expect(r.out_of_range).toEqual([
    { row: 8, id: "LOC-00026", reason: ROW_REASONS.atSea },
    { row: 9, id: "LOC-00028", reason: ROW_REASONS.atSea },
    { row: 10, id: "LOC-00030", reason: ROW_REASONS.atSea },
  ]);
  // another asset id at the same address is another asset: counted, its point billed once
  expect(r.duplicates).toEqual([]);
  expect(r.shared_places).toEqual([{ row: 14, same_place_as: 2 }]);
  expect(r.valid_locations).toBe(8);
  expect(r.billed_locations).toBe(7);
  expect(r.total_locations).toBe(13);
  expect(r.valid_locations + r.duplicate_locations + r.invalid_locations + r.out_of_range_locations).toBe(
    r.total_locations,
  );
}

describe("a lender's German export", () => {
  it("CSV: swapped rows corrected into their own country, a contradicting row refused, at-sea rows not billed, addresses placed at their city", async () => {
    const r = await ingestUpload({ fileName: "Bestand.csv", data: once(germanLenderCsv()), owner: member });
    expectLenderPreview(r);
    const rows = await stored(r.upload_id);
    const byRow = new Map(rows.map((x) => [x[0], x]));
    // Marseille is scored at Marseille (France), not in Ethiopia
    expect(byRow.get(3)!.slice(1, 5)).toEqual([ROW_STATUS.valid, null, 43.297, 5.3811]);
    expect(byRow.get(3)![7]).toBe(POINT_PRECISION.swapped);
    expect(byRow.get(11)![7]).toBe(POINT_PRECISION.city);
    expect(byRow.get(2)![7]).toBeNull();

    // the report's rows carry the file's ids, names, the corrected point's country and the precision
    const upload = await findUpload(r.upload_id, { accessToken: r.access_token });
    const engine = getRiskEngine();
    const countries = rows.map((row) => toAssessedLocation(engine, upload, row)).filter((l) => l.status === "valid");
    expect(countries.map((l) => [l.assetId, l.countryCode, l.precision])).toEqual([
      ["DE-001", "DE", null],
      ["FR-002", "FR", POINT_PRECISION.swapped],
      ["GR-003", "GR", POINT_PRECISION.swapped],
      ["ES-004", "ES", POINT_PRECISION.swapped],
      ["PL-005", "PL", POINT_PRECISION.swapped],
      ["DE-010", "DE", POINT_PRECISION.city],
      ["DE-011", "DE", POINT_PRECISION.city],
      ["DE-013", "DE", null],
    ]);
    expect(countries[1]!.name).toBe("Entrepôt Marseille");
  });

  it("XLSX: the same rows give the same answer", async () => {
    const r = await ingestUpload({ fileName: "Bestand.xlsx", data: once(await germanLenderXlsx()), owner: member });
    expectLenderPreview(r);
  });
});

describe("the column-mapping step", () => {
  const csv = [
    "Schlüssel;Titel;Anschrift Objekt;Staat/Land;Summe;lat;lon",
    "K-1;Büro Köln;Hohe Straße 1, 50667 Köln;Deutschland;1.000.000,00;50,9375;6,9603",
    "K-2;Entrepôt Marseille;;Frankreich;2.000.000,00;5,3811;43,297",
    "K-3;Filiale Wien;Stephansplatz 1, 1010 Wien;Österreich;500.000,00;;",
  ].join("\n");

  it("judges the rows again with the columns the user chose: ids, names, the country check, addresses and the value column", async () => {
    const first = await ingestUpload({ fileName: "odd.csv", data: once(csv), owner: member });
    // nothing recognised but the coordinates: Marseille is read as it stands (Ethiopia), Wien is refused
    expect(first.detected).toMatchObject({ id: null, name: null, country: null, address: null, value: null });
    expect(first.valid_locations).toBe(2);
    expect(first.invalid).toEqual([{ row: 4, id: null, reason: ROW_REASONS.missingLat }]);

    const upload = await findUpload(first.upload_id, { accessToken: first.access_token });
    const r = await remapUpload(upload, { id: 0, name: 1, address: 2, country: 3, value: 4 }, member);
    expect(r.detected).toMatchObject({
      id: "Schlüssel",
      name: "Titel",
      address: "Anschrift Objekt",
      country: "Staat/Land",
      value: "Summe",
    });
    expect(r.placed).toEqual([
      { row: 3, id: "K-2", reason: POINT_PRECISION.swapped },
      { row: 4, id: "K-3", reason: `${POINT_PRECISION.city}: Vienna, AT (postcode 1010; placed at the city)` },
    ]);
    expect(r.invalid).toEqual([]);
    expect(r.valid_locations).toBe(3);
    expect(r.total_locations).toBe(3);
    const remapped = await findUpload(r.upload_id, { accessToken: r.access_token });
    expect(remapped).toMatchObject({
      idColumn: 0,
      nameColumn: 1,
      weightColumn: "Summe",
      fileSha256: upload.fileSha256,
      fileBytes: upload.fileBytes,
    });
    const engine = getRiskEngine();
    const locations = (await stored(r.upload_id)).map((row) => toAssessedLocation(engine, remapped, row));
    expect(locations.map((l) => [l.rowNumber, l.assetId, l.name, l.countryCode, l.weight])).toEqual([
      [2, "K-1", "Büro Köln", "DE", 1_000_000],
      [3, "K-2", "Entrepôt Marseille", "FR", 2_000_000],
      [4, "K-3", "Filiale Wien", "AT", 500_000],
    ]);
  });

  it("refuses a column number the file does not have", async () => {
    const first = await ingestUpload({ fileName: "odd.csv", data: once(csv), owner: member });
    const upload = await findUpload(first.upload_id, { accessToken: first.access_token });
    await expect(remapUpload(upload, { id: 7 }, member)).rejects.toMatchObject({ status: 400 });
  });
});
