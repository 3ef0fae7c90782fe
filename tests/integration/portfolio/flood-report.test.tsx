/**
 * The portfolio report with flood-depth layers, on the real path: Aqueduct-named test rasters fetched by
 * `layers:fetch --from`, an upload with a German occupancy column and a value column in EUR, the report job, and
 * the XLSX's per-asset flood columns and totals, recomputed here by hand from the published JRC table.
 */
import { writeFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { FloodMoneyDisclosure } from "~/components/reports/flood-money-disclosure";
import { reportFloodFigures } from "~/services/flood/report-flood.server";
import ExcelJS from "exceljs";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { PORTFOLIO_RP_SUM_NOTE } from "~/domain/flood-loss/asset-loss";
import { DEPTH_DAMAGE_TABLE } from "~/domain/flood-loss/depth-damage-functions";
import { NO_DEPTH_LAYER } from "~/domain/flood-loss/messages";
import { FLOOD_REPORT_TEXT } from "~/domain/reports/flood-figures";
import { fetchAqueductTestLayers, type AqueductTestLayers } from "../../support/aqueduct-fixture";
import { formatMoney } from "~/domain/portfolio/columns/value-column";
import { pdfText } from "../../support/pdf-text";
import { pdfPageImages } from "../../support/pdf-images";
import { fileStoreOf } from "~/services/file-storage/store.server";
import { buildReport, reportOfUpload, type ReportOutputs } from "~/services/portfolio/report/report.server";
import { findUpload, ingestUpload, setWeightColumn } from "~/services/portfolio/upload/uploads.server";

const getDb = setupTestDatabase();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const COLOGNE = { lat: 50.94, lon: 6.96 };
const ROTTERDAM = { lat: 51.92, lon: 4.48 };
// On the table's own depths, exact in Float32: 1-in-2 dry, 1-in-5 0.5 m, … 1-in-1000 3 m.
const RIVER = { 2: 0, 5: 0.5, 10: 0.5, 25: 1, 50: 1, 100: 1.5, 250: 2, 500: 2, 1000: 3 } as Record<number, number>;
const COAST = { 2: 0, 5: 0, 10: 0, 25: 0, 50: 0, 100: 0.5, 250: 1, 500: 1, 1000: 1 } as Record<number, number>;

let layers: AqueductTestLayers;
const before = process.env.LAYERS_DIR;
beforeAll(async () => {
  layers = await fetchAqueductTestLayers({
    river: [{ ...COLOGNE, depths: RIVER }],
    coastal: [{ ...ROTTERDAM, depths: COAST }],
    bbox: [-10, 35, 30, 60],
  });
  process.env.LAYERS_DIR = layers.dir;
}, 120_000);
afterAll(() => {
  if (before === undefined) delete process.env.LAYERS_DIR;
  else process.env.LAYERS_DIR = before;
  layers.remove();
});

async function* once(b: Buffer): AsyncGenerator<Uint8Array> {
  yield b;
}

const TABLE_DEPTHS = [0, 0.5, 1, 1.5, 2, 3];
function eadByHand(depths: Record<number, number>, row: readonly number[]): number {
  const f = (d: number) => row[TABLE_DEPTHS.indexOf(d)]!;
  const rp = [2, 5, 10, 25, 50, 100, 250, 500, 1000];
  let ead = 0;
  for (let i = 1; i < rp.length; i++)
    ead += ((f(depths[rp[i - 1]!]!) + f(depths[rp[i]!]!)) / 2) * (1 / rp[i - 1]! - 1 / rp[i]!);
  return ead + f(depths[1000]!) / 1000;
}

describe("portfolio report with flood-depth layers", () => {
  it("gives every asset its flood losses by its occupancy column and value, and the portfolio totals", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const csv = [
      "Asset ID;Name;Latitude;Longitude;Nutzung;Wert (EUR)",
      `K-1;Köln Wohnhaus;${COLOGNE.lat};${COLOGNE.lon};Wohnhaus;2000000`,
      `R-1;Rotterdam Lager;${ROTTERDAM.lat};${ROTTERDAM.lon};Lagerhalle;3000000`,
      "N-1;New York office;40.71;-74.0;Büro;1000000",
    ].join("\n");
    const preview = await ingestUpload({
      fileName: "book.csv",
      data: once(Buffer.from(csv)),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    let upload = await findUpload(preview.upload_id, { userId: user.id });
    await setWeightColumn(upload, "Wert (EUR)");
    upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 3 })
      .returning();
    await buildReport(row!.id);
    const done = (await reportOfUpload(upload.id))!;
    expect(done.status).toBe("done");

    const cologneEad = eadByHand(RIVER, DEPTH_DAMAGE_TABLE.residential.europe!) * 2_000_000;
    const rotterdamEad = eadByHand(COAST, DEPTH_DAMAGE_TABLE.industrial.europe!) * 3_000_000;
    const r = done.result as unknown as ReportOutputs;
    expect(r.flood!.basis).toMatchObject({ occupancyColumn: "Nutzung", currency: "EUR", protectionYears: 2 });
    expect(r.flood!.totals.river.eadAmount).toBeCloseTo(cologneEad, 2);
    expect(r.flood!.totals.coastal.eadAmount).toBeCloseTo(rotterdamEad, 2);
    expect(r.flood!.totals.eadAmount).toBeCloseTo(cologneEad + rotterdamEad, 2);
    expect(r.flood!.totals.river.sumLoss100Amount).toBeCloseTo(
      DEPTH_DAMAGE_TABLE.residential.europe![3]! * 2_000_000,
      2,
    );
    expect(r.flood!.totals.top.map((a) => a.assetId)).toEqual(
      cologneEad > rotterdamEad ? ["K-1", "R-1"] : ["R-1", "K-1"],
    );

    const [xlsx] = await db
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.contentType, XLSX_TYPE)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read((await fileStoreOf(xlsx!.storagePath).open(xlsx!.storagePath))!);
    const sheet = wb.getWorksheet("Locations")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const [occupancy, riverLevel, , riverEad, , coastLevel, , coastEad, , basis] = FLOOD_REPORT_TEXT.columns("EUR");
    const byId = new Map<string, ExcelJS.Row>();
    sheet.eachRow((r, i) => i > 1 && byId.set(String(r.getCell(2).value), r));
    expect(byId.get("K-1")!.getCell(col(occupancy!)).value).toBe("residential");
    expect(Number(byId.get("K-1")!.getCell(col(riverEad!)).value)).toBeCloseTo(cologneEad, 2);
    expect(byId.get("R-1")!.getCell(col(occupancy!)).value).toBe("industrial");
    expect(Number(byId.get("R-1")!.getCell(col(coastEad!)).value)).toBeCloseTo(rotterdamEad, 2);
    expect(byId.get("N-1")!.getCell(col(occupancy!)).value).toBe("commercial");
    expect(byId.get("N-1")!.getCell(col(basis!)).value).toBe(NO_DEPTH_LAYER);
    expect(byId.get("N-1")!.getCell(col(riverEad!)).value).toBeNull();
    // the depth rule by hand: Köln's 0.5 m is reached within 10 years (4, High); Rotterdam's within 1,000 (2, Moderate)
    expect(byId.get("K-1")!.getCell(col(riverLevel!)).value).toBe(4);
    expect(byId.get("R-1")!.getCell(col(coastLevel!)).value).toBe(2);
    expect(byId.get("N-1")!.getCell(col(riverLevel!)).value).toBeNull();
    // the hazard columns' river and coastal flood are the index's, and say so beside the depth map's level
    expect(header).toContain("FD River flood | Historical (1950-1999) | level (screening index)");
    expect(header).not.toContain("FD River flood | Historical (1950-1999) | level");

    const summary: string[] = [];
    wb.getWorksheet("Summary")!.eachRow((r) => summary.push((r.values as unknown[]).slice(1).map(String).join(" | ")));
    expect(summary).toContain(
      `${FLOOD_REPORT_TEXT.portfolioEad("EUR")} | ${Math.round((cologneEad + rotterdamEad) * 100) / 100}`,
    );
    expect(summary).toContain(`Note | ${PORTFOLIO_RP_SUM_NOTE}`);
    // Köln (level 4, 2,000,000 EUR) is the one asset at river flood High or above; Rotterdam's coast reads 2
    expect(r.flood!.totals.river).toMatchObject({ atRisk: 1, atRiskAmount: 2_000_000 });
    expect(r.flood!.totals.coastal).toMatchObject({ atRisk: 0, atRiskAmount: 0 });
    expect(summary).toContain(`${FLOOD_REPORT_TEXT.atRisk("River")} | 1`);
    expect(summary).toContain(`${FLOOD_REPORT_TEXT.atRiskAmount("River", "EUR")} | 2000000`);
    expect(summary.some((l) => l.startsWith(`${FLOOD_REPORT_TEXT.kindSum100("River", "EUR")} |`))).toBe(true);

    const [pdfFile] = await db
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.contentType, "application/pdf")));
    const chunks: Buffer[] = [];
    for await (const c of (await fileStoreOf(pdfFile!.storagePath).open(pdfFile!.storagePath))!)
      chunks.push(Buffer.from(c as Uint8Array));
    const pdfBytes = Buffer.concat(chunks);
    const pdf = (await pdfText(pdfBytes)).replace(/\s+/g, " ");
    // The report's flood page as images, at a desktop's and a phone's width (docs/screenshots).
    for (const width of [1366, 390]) {
      const [image] = await pdfPageImages(pdfBytes, FLOOD_REPORT_TEXT.heading, width);
      expect(image, `flood page at ${width} px`).toBeDefined();
      writeFileSync(`docs/screenshots/report-flood-section-${width}.png`, image!);
    }
    expect(pdf).toContain(FLOOD_REPORT_TEXT.heading);
    expect(pdf).toContain(formatMoney(cologneEad + rotterdamEad, "EUR"));
    expect(pdf).toContain("K-1 Köln Wohnhaus");
    expect(pdf).toContain(`${FLOOD_REPORT_TEXT.atRiskAmount("River", "EUR")} ${formatMoney(2_000_000, "EUR")}`);
    expect(pdf).toContain("River and coastal flood in the hazard tables are screening-index levels for every asset");

    // The disclosure view states the same money, with what it maps to.
    const html = renderToStaticMarkup(<FloodMoneyDisclosure flood={await reportFloodFigures(user.id, row!.id)} />);
    expect(html).toContain("ESRS E1-9 para 66(a)");
    expect(html).toContain("IFRS S2 para 29(b)");
    expect(html).toContain(FLOOD_REPORT_TEXT.atRisk("River"));
    expect(html).toContain(formatMoney(cologneEad + rotterdamEad, "EUR"));
    expect(html).toContain(PORTFOLIO_RP_SUM_NOTE.replace(/'/g, "&#x27;"));
    expect(
      renderToStaticMarkup(<FloodMoneyDisclosure flood={await reportFloodFigures(user.id, crypto.randomUUID())} />),
    ).toContain(FLOOD_REPORT_TEXT.noFloodLayers);
  });
});
