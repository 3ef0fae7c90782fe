import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { formatAmount } from "~/domain/commerce/invoicing/money";
import { MATERIAL_RISK_LEVEL } from "~/domain/reports/disclosure";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { HISTORICAL_LABEL, SLOTS, slotIndex } from "~/domain/hazards/scenarios";
import { LENDER_SITES, lenderCsv } from "../../../../tests/support/lender-portfolio";
import { pdfText } from "../../../../tests/support/pdf-text";
import { fileStoreOf } from "../../file-storage/store.server";
import { assessedLocations } from "../../portfolio/report/report-model.server";
import { buildReport } from "../../portfolio/report/report.server";
import { findUpload, ingestUpload, setWeightColumn } from "../../portfolio/upload/uploads.server";
import { disclosureFor } from "../corporate.server";
import { writeDisclosurePdf } from "../pdf/disclosure-pdf.server";
import { writeDisclosureXlsx } from "./xlsx.server";

const getDb = setupTestDatabase();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const VALUE_COLUMN = "Marktwert (EUR)";
const dir = mkdtempSync(path.join(tmpdir(), "money-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

/** A paid report of the lender book, weighted by its EUR value column. */
async function lenderReport() {
  const user = await createUser(getDb(), { planCode: "PREMIUM" });
  const preview = await ingestUpload({
    fileName: "book.csv",
    data: once(lenderCsv()),
    owner: { userId: user.id, plan: "PREMIUM" },
  });
  await setWeightColumn(await findUpload(preview.upload_id, { userId: user.id }), VALUE_COLUMN);
  const upload = await findUpload(preview.upload_id, { userId: user.id });
  const [row] = await getDb()
    .insert(portfolioReports)
    .values({ uploadId: upload.id, userId: user.id, total: LENDER_SITES.length })
    .returning();
  await buildReport(row!.id);
  return { user, upload, reportId: row!.id };
}

/** Sum of the values of the rows at High or above for a hazard and slot, read row by row from the report model. */
async function expectedAmounts(upload: Awaited<ReturnType<typeof findUpload>>) {
  const total = new Map<string, number>();
  const byCountry = new Map<string, number>();
  for await (const loc of assessedLocations(upload))
    for (const h of PER_HAZARD_IDS)
      for (const s of SLOTS) {
        const level = loc.scores?.[h]?.[s.index]?.level ?? 0;
        if (level < MATERIAL_RISK_LEVEL) continue;
        const key = `${h}|${s.index}`;
        total.set(key, (total.get(key) ?? 0) + loc.weight!);
        const ck = `${loc.countryCode}|${key}`;
        byCountry.set(ck, (byCountry.get(ck) ?? 0) + loc.weight!);
      }
  return { total, byCountry };
}

describe("amounts in money at High or above (ESRS E1-9 para 66(a), (c); IFRS S2 para 29(b))", () => {
  it("reads the currency from the value column's name and gives, per hazard, slot and country, the sum of those rows' values", async () => {
    const { user, upload, reportId } = await lenderReport();
    expect(upload.valueCurrency).toBe("EUR");
    const { tables, metadata } = await disclosureFor(user.id, reportId);
    expect(tables.money).toEqual({ column: VALUE_COLUMN, currency: "EUR" });
    expect(tables.totals.weight).toBe(LENDER_SITES.reduce((s, x) => s + x.value, 0));

    const expected = await expectedAmounts(upload);
    let nonZero = 0;
    for (const row of tables.hazards)
      for (const s of SLOTS) {
        const amount = expected.total.get(`${row.hazardId}|${s.index}`) ?? 0;
        expect(row.cells[s.index]!.weightAtRisk, `${row.hazardId} ${s.scenario} ${s.period}`).toBe(amount);
        expect(row.cells[s.index]!.shareWeight).toBeCloseTo(amount / tables.totals.weight, 9);
        if (amount > 0) nonZero++;
      }
    expect(nonZero).toBeGreaterThan(0);
    for (const c of tables.countries)
      for (const row of c.hazards)
        for (const s of SLOTS)
          expect(row.cells[s.index]!.weightAtRisk).toBe(
            expected.byCountry.get(`${c.countryCode}|${row.hazardId}|${s.index}`) ?? 0,
          );

    // The corporate XLSX and PDF give the same amounts, headed by their currency.
    const xlsxFile = path.join(dir, "d.xlsx");
    await writeDisclosureXlsx({ metadata }, tables, xlsxFile);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxFile);
    const sheetRows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
      return out;
    };
    const hz = sheetRows("Exposure by hazard");
    const header = hz.find((r) => r.includes("Scenario / horizon"))!;
    const amountCol = header.indexOf(`Amount at level >= 3 (EUR)`);
    expect(amountCol).toBeGreaterThan(0);
    const fd = tables.hazards.find((r) => r.hazardId === "FD")!;
    const fdHist = hz.find((r) => r[0] === `FD ${fd.hazardName}` && r[1] === HISTORICAL_LABEL)!;
    expect(fdHist[amountCol]).toBe(fd.cells[0]!.weightAtRisk);
    expect(sheetRows("Summary")).toContainEqual(["Currency of the amounts", "EUR"]);

    const pdfFile = path.join(dir, "d.pdf");
    const slot = { scenario: "rcp85", period: "2050" } as const;
    await writeDisclosurePdf(metadata, tables, pdfFile, slot);
    const text = (await pdfText(readFileSync(pdfFile))).replace(/\s+/g, " ");
    expect(text).toContain("Amount of assets at High or above by hazard, scenario and horizon");
    const at = fd.cells[slotIndex(slot.scenario, slot.period)]!;
    expect(text).toContain(formatAmount(at.weightAtRisk));
    expect(text).toContain("(EUR)");
    // it builds a lender report and its disclosure workbook: more than the default 30 s on a loaded machine
  }, 120_000);

  it("writes the amounts into the paid report's own XLSX, with the currency", async () => {
    const { user, reportId } = await lenderReport();
    const [xlsx] = await getDb()
      .select()
      .from(reportFiles)
      .where(
        and(
          eq(reportFiles.userId, user.id),
          eq(reportFiles.sourceId, reportId),
          eq(reportFiles.contentType, XLSX_TYPE),
        ),
      );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read((await fileStoreOf(xlsx!.storagePath).open(xlsx!.storagePath))!);
    const header: unknown[] = [];
    wb.getWorksheet("Exposure by country")!.eachRow((r) => {
      const v = (r.values as unknown[]).slice(1);
      if (v.includes("Scenario / horizon")) header.push(...v);
    });
    expect(header).toContain("Amount at level >= 3 (EUR)");
    expect(header).toContain("Value of assets (EUR)");
  });

  it("gives no amounts, and says so, when the weighting column's currency is unknown", async () => {
    const user = await createUser(getDb(), { planCode: "PREMIUM" });
    const csv = lenderCsv().replace("Marktwert (EUR)", "Marktwert");
    const preview = await ingestUpload({
      fileName: "book.csv",
      data: once(csv),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    await setWeightColumn(await findUpload(preview.upload_id, { userId: user.id }), "Marktwert");
    expect((await findUpload(preview.upload_id, { userId: user.id })).valueCurrency).toBeNull();
    await setWeightColumn(await findUpload(preview.upload_id, { userId: user.id }), "Marktwert", "CHF");
    expect((await findUpload(preview.upload_id, { userId: user.id })).valueCurrency).toBe("CHF");
  });
});
