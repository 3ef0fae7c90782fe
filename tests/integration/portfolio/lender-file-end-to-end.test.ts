/**
 * A lender's own export from upload to report: German headers, comma decimals and thousands points, swapped rows,
 * points at sea, rows with an address only and a duplicate. Upload → preview → order → report, and every figure the
 * buyer reads again is checked against the file itself.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { createUser } from "#db/factories";
import { reportFiles } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { formatAmount } from "~/domain/commerce/invoicing/money";
import { PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { SLOTS, slotIndex } from "~/domain/hazards/scenarios";
import { ROW_REASONS } from "~/domain/portfolio/limits";
import { POINT_PRECISION } from "~/domain/portfolio/columns/row-place";
import { MATERIAL_RISK_LEVEL } from "~/domain/reports/disclosure";
import type { AssessedLocation } from "~/domain/reports/types";
import { saveBillingInfo } from "~/services/commerce/billing.server";
import { fileStoreOf } from "~/services/file-storage/store.server";
import { confirmReportPurchase, orderReport } from "~/services/portfolio/report/purchase.server";
import { assessedLocations } from "~/services/portfolio/report/report-model.server";
import {
  buildReport,
  reportOfUpload,
  requestReport,
  type ReportOutputs,
} from "~/services/portfolio/report/report.server";
import { findUpload, ingestUpload, setWeightColumn } from "~/services/portfolio/upload/uploads.server";
import { disclosureFor } from "~/services/reports/corporate.server";
import { pdfText } from "../../support/pdf-text";

const getDb = setupTestDatabase();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file: one line per row as the lender exported it, and what each row is. */
const HEADER = "Objekt-ID;Bezeichnung;Wert (EUR);Land;Adresse;lat;lon";
const ROWS = [
  // coordinates as given, country as ISO code or German name
  { line: "B-001;Büro Berlin;2.500.000,50;DE;;52,52;13,405", kind: "valid", country: "DE", value: 2_500_000.5 },
  { line: "B-002;Lager Hamburg;1.750.000,00;DE;;53,5511;9,9937", kind: "valid", country: "DE", value: 1_750_000 },
  {
    line: "B-003;Filiale Wien;980.000,25;Österreich;;48,2082;16,3738",
    kind: "valid",
    country: "AT",
    value: 980_000.25,
  },
  { line: "B-004;Lager Rotterdam;4.100.000,00;NL;;51,9225;4,4792", kind: "valid", country: "NL", value: 4_100_000 },
  { line: "B-005;Hotel Venedig;6.300.000,00;Italien;;45,4408;12,3155", kind: "valid", country: "IT", value: 6_300_000 },
  { line: "B-006;Büro Prag;720.000,00;CZ;;50,0755;14,4378", kind: "valid", country: "CZ", value: 720_000 },
  // latitude and longitude swapped: as written they lie in Africa or Arabia, not in their country
  { line: "B-007;Lager Lyon;1.200.000,00;FR;;4,8357;45,764", kind: "swapped", country: "FR", value: 1_200_000 },
  { line: "B-008;Lager Warschau;890.000,00;Polen;;21,0122;52,2297", kind: "swapped", country: "PL", value: 890_000 },
  { line: "B-009;Filiale Mailand;1.050.000,00;IT;;9,19;45,4642", kind: "swapped", country: "IT", value: 1_050_000 },
  // Frankfurt's point under a French country column: neither reading lies in France
  { line: "B-010;Agence Paris;700.000,00;FR;;50,1109;8,6821", kind: "invalid", country: "FR", value: 700_000 },
  // at sea (North Sea, mid-Atlantic) either way round
  { line: "B-011;Plattform Nordsee;1,00;;;54,5;4,0", kind: "sea", country: "", value: 1 },
  { line: "B-012;Boje Atlantik;1,00;;;45,0;-30,0", kind: "sea", country: "", value: 1 },
  // an address and no coordinates
  {
    line: "B-013;Filiale München;3.000.000,00;DE;Marienplatz 1, 80331 München;;",
    kind: "address",
    country: "DE",
    value: 3_000_000,
  },
  { line: "B-014;Büro Köln;600.000,00;DE;Hohe Straße 1, 50667 Köln;;", kind: "address", country: "DE", value: 600_000 },
  // another asset at the first row's place, under an id of its own
  {
    line: "B-015;Büro Berlin (Kopie);2.500.000,50;DE;;52,52;13,405",
    kind: "shared place",
    country: "DE",
    value: 2_500_000.5,
  },
] as const;
/** The file's row number of each of its lines (the header is row 1). */
const rowOf = (i: number) => i + 2;
const idOf = (r: (typeof ROWS)[number]) => r.line.split(";")[0]!;
/** The rows billed: one per place. */
const billed = ROWS.filter((r) => r.kind === "valid" || r.kind === "swapped" || r.kind === "address");
/**
 * The rows scored as assets: a row at a place an earlier row already has (two loans on one building, say) is an
 * asset of its own with its own value, though its place is billed once.
 */
const assets = ROWS.filter((r) => r.kind !== "invalid" && r.kind !== "sea");

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

async function stored(path: string): Promise<Buffer> {
  const stream = (await fileStoreOf(path).open(path))!;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

describe("a lender's file end to end", () => {
  it("upload → preview → order → report: countries kept, sea not billed, addresses placed, the same shares, the file's ids and EUR amounts", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, {
      appeal: "Mr",
      email: "kredit@bank.example",
      first_name: "Jonas",
      last_name: "Weber",
      phone: "+49 69 1234 5678",
      company: {
        name: "Weber Hypothekenbank AG",
        country: "DE",
        zip: "60311",
        city: "Frankfurt",
        street: "Neue Mainzer Straße 1",
        vat_number: "",
      },
    });
    const csv = `\uFEFF${[HEADER, ...ROWS.map((r) => r.line)].join("\r\n")}\r\n`;

    // upload and preview
    const preview = await ingestUpload({
      fileName: "Kreditbestand.csv",
      data: once(csv),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    expect(preview.detected).toMatchObject({
      id: "Objekt-ID",
      name: "Bezeichnung",
      value: "Wert (EUR)",
      country: "Land",
      address: "Adresse",
      lat: "lat",
      lon: "lon",
    });
    expect(preview.total_locations).toBe(ROWS.length);
    // every asset is valid; a place two assets share is billed once
    expect(preview.valid_locations).toBe(assets.length);
    expect(preview.billed_locations).toBe(billed.length);
    expect(preview.invalid).toEqual([
      {
        row: rowOf(9),
        id: "B-010",
        reason: "the point lies in Germany, not in France as the country column says, read either way round",
      },
    ]);
    expect(preview.out_of_range).toEqual([
      { row: rowOf(10), id: "B-011", reason: ROW_REASONS.atSea },
      { row: rowOf(11), id: "B-012", reason: ROW_REASONS.atSea },
    ]);
    // another asset id at the first row's place: an asset of its own, not a duplicate
    expect(preview.duplicates).toEqual([]);
    expect(preview.shared_places).toEqual([{ row: rowOf(14), same_place_as: rowOf(0) }]);
    expect(preview.placed.map((p) => [p.row, p.id, p.reason.split(":")[0]])).toEqual([
      [rowOf(6), "B-007", POINT_PRECISION.swapped],
      [rowOf(7), "B-008", POINT_PRECISION.swapped],
      [rowOf(8), "B-009", POINT_PRECISION.swapped],
      [rowOf(12), "B-013", POINT_PRECISION.city],
      [rowOf(13), "B-014", POINT_PRECISION.city],
    ]);
    expect(preview.figures.shown).toBe(true);
    // the scan page's weighting step: the detected value column, its currency read from its name
    await setWeightColumn(await findUpload(preview.upload_id, { userId: user.id }), "Wert (EUR)");
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    expect(upload).toMatchObject({ weightColumn: "Wert (EUR)", valueCurrency: "EUR" });

    // order: the at-sea, refused and duplicate rows are not billed
    const order = await orderReport(upload, user.id);
    expect(order).toMatchObject({ total_locations: ROWS.length, valid_locations: billed.length });
    expect(order.products).toEqual([expect.objectContaining({ code: "portfolio_report", quantity: billed.length })]);
    expect((await confirmReportPurchase(upload, user.id, order.order_id, TERMS_VERSION)).status).toBe("paid");

    // report
    await buildReport((await requestReport(upload, user.id)).id);
    const report = (await reportOfUpload(upload.id))!;
    expect(report.status).toBe("done");
    const result = report.result as unknown as ReportOutputs;
    expect(result.output_request_stats.asset_number).toBe(assets.length);
    // the job's progress counts the billed places: done means every one of them
    expect(report).toMatchObject({ processed: billed.length, total: billed.length });

    // every scored asset lies in the country its row names; address rows are placed with their precision
    const locations: AssessedLocation[] = [];
    for await (const l of assessedLocations(upload)) locations.push(l);
    expect(locations.map((l) => l.assetId)).toEqual(ROWS.map(idOf));
    const scored = locations.filter((l) => l.status === "valid");
    expect(scored.map((l) => l.assetId)).toEqual(assets.map(idOf));
    for (const l of scored) {
      const row = ROWS.find((r) => idOf(r) === l.assetId)!;
      expect(l.countryCode, l.assetId!).toBe(row.country);
      expect(l.weight, l.assetId!).toBe(row.value);
      expect(l.precision, l.assetId!).toBe(
        row.kind === "swapped" ? POINT_PRECISION.swapped : row.kind === "address" ? POINT_PRECISION.city : null,
      );
    }
    expect(scored.find((l) => l.assetId === "B-015")!.duplicateOf).toBe(rowOf(0));
    expect(result.output_request_stats.locations.countries.map((c) => c.country_code).sort()).toEqual(
      [...new Set(assets.map((r) => r.country))].sort(),
    );

    // the preview's shares are the report's
    expect(preview.piecharts.length).toBeGreaterThan(0);
    expect(result.piecharts).toEqual(preview.piecharts);
    const unweighted = (rows: typeof preview.summary_table) => rows.map(({ weighted: _weighted, ...rest }) => rest);
    expect(unweighted(result.summary_table)).toEqual(unweighted(preview.summary_table));

    // the amounts at High or above: the sum of those rows' own values, per hazard and slot
    const expected = new Map<string, number>();
    for (const l of scored)
      for (const h of PER_HAZARD_IDS)
        for (const s of SLOTS)
          if ((l.scores?.[h]?.[s.index]?.level ?? 0) >= MATERIAL_RISK_LEVEL) {
            const value = ROWS.find((r) => idOf(r) === l.assetId)!.value;
            expected.set(`${h}|${s.index}`, (expected.get(`${h}|${s.index}`) ?? 0) + value);
          }
    const amount = (h: HazardId, slot: number) => Math.round((expected.get(`${h}|${slot}`) ?? 0) * 100) / 100;
    expect(expected.size).toBeGreaterThan(0);

    // the corporate view
    const { tables } = await disclosureFor(user.id, report.id);
    expect(tables.money).toEqual({ column: "Wert (EUR)", currency: "EUR" });
    expect(tables.totals.weight).toBeCloseTo(
      assets.reduce((s, r) => s + r.value, 0),
      2,
    );
    for (const row of tables.hazards)
      for (const s of SLOTS)
        expect(row.cells[s.index]!.weightAtRisk, `${row.hazardId} ${s.index}`).toBeCloseTo(
          amount(row.hazardId, s.index),
          2,
        );

    // the report's own XLSX
    const files = await getDb()
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.sourceId, report.id)));
    const xlsxFile = files.find((f) => f.contentType === XLSX_TYPE)!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read((await fileStoreOf(xlsxFile.storagePath).open(xlsxFile.storagePath))!);
    const sheet: unknown[][] = [];
    wb.getWorksheet("Exposure by hazard")!.eachRow((r) => sheet.push((r.values as unknown[]).slice(1)));
    const header = sheet.find((r) => r.includes("Scenario / horizon"))!;
    const amountCol = header.indexOf("Amount at level >= 3 (EUR)");
    expect(amountCol).toBeGreaterThan(0);
    let checked = 0;
    for (const row of tables.hazards) {
      const lines = sheet.filter((r) => r[0] === `${row.hazardId} ${row.hazardName}`);
      expect(lines).toHaveLength(SLOTS.length);
      lines.forEach((line, i) => {
        expect(Number(line[amountCol]), `${row.hazardId} ${String(line[1])}`).toBeCloseTo(
          amount(row.hazardId, SLOTS[i]!.index),
          2,
        );
        checked++;
      });
    }
    expect(checked).toBe(PER_HAZARD_IDS.length * SLOTS.length);

    // the report's own PDF: the file's ids, and the amounts for RCP8.5 2050
    const pdf = (
      await pdfText(await stored(files.find((f) => f.contentType === "application/pdf")!.storagePath))
    ).replace(/\s+/g, " ");
    for (const r of ROWS) expect(pdf, idOf(r)).toContain(idOf(r));
    const slot = slotIndex("rcp85", "2050");
    const nonZero = PER_HAZARD_IDS.filter((h) => amount(h, slot) > 0);
    expect(nonZero.length).toBeGreaterThan(0);
    for (const h of nonZero) expect(pdf, h).toContain(formatAmount(amount(h, slot)));
  }, 120_000);
});
