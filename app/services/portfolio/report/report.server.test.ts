import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { createUser } from "#db/factories";
import { stopJobs, startJobs } from "../../infra/jobs.server";
import { computeDisclosure } from "~/domain/reports/disclosure";
import { disclosureFor } from "../../reports/corporate.server";
import { loadUserPortfolio } from "../../reports/portfolios.server";
import { ROW_REASONS } from "~/domain/portfolio/limits";
import { mergedHeaderXlsx, LAND_SITES, semicolonCsv } from "../../../../tests/support/portfolio-files";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { saveBillingInfo } from "../../commerce/billing.server";
import { fileStoreOf } from "../../file-storage/store.server";
import { confirmReportPurchase, orderReport } from "./purchase.server";
import { assessedLocations } from "./report-model.server";
import {
  REPORT_JOB_EXPIRE_SECONDS,
  REPORT_QUEUE,
  buildReport,
  reportOfUpload,
  requestReport,
  type ReportOutputs,
} from "./report.server";
import { findUpload, ingestUpload, setWeightColumn } from "../upload/uploads.server";

const getDb = setupTestDatabase();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function* once(b: Buffer): AsyncGenerator<Uint8Array> {
  yield b;
}

afterEach(async () => {
  await stopJobs();
});

describe("portfolio report job", () => {
  it("runs through the queue, weights by the chosen column and fills every output block", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    let upload = await findUpload(preview.upload_id, { userId: user.id });
    await setWeightColumn(upload, "local GDP per Capita equivalent");
    upload = await findUpload(preview.upload_id, { userId: user.id });
    await startJobs();
    const report = await requestReport(upload, user.id);
    expect(report.status).toBe("queued");
    // the progress counts what the order bills: the scored locations, not the file's rows (2 of them invalid)
    expect(report.total).toBe(LAND_SITES.length);
    expect(report.total).toBe(preview.billed_locations);
    // asking again does not queue a second job
    expect((await requestReport(upload, user.id)).jobId).toBe(report.jobId);
    let done = await reportOfUpload(upload.id);
    for (let i = 0; i < 100 && done?.status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await reportOfUpload(upload.id);
    }
    expect(done!.status).toBe("done");
    expect(done!.processed).toBe(LAND_SITES.length);
    const r = done!.result as unknown as ReportOutputs;
    expect(r.output_request_stats.asset_number).toBe(LAND_SITES.length);
    expect(r.output_request_stats.country_number).toBe(LAND_SITES.length);
    expect(r.output_request_stats.new_hexagon_request).toBe(r.output_request_stats.hexagon_number);
    expect(r.weighting).toEqual({
      column: "local GDP per Capita equivalent",
      note: null,
      missing: 0,
      missing_rows: [],
    });
    expect(r.output_risks_intensity.reduce((s, [, n]) => s + n, 0)).toBe(LAND_SITES.length);
    expect(Object.keys(r.output_risks_diversity)).toContain("AL");
    expect(r.social_by_country_sum.map((c) => c.country_code).sort()).toEqual([
      "AU",
      "BR",
      "DE",
      "ES",
      "FR",
      "GB",
      "IN",
      "JP",
    ]);
    expect(r.social_by_country_sum.every((c) => c.electricity_consumption_at_risk === null)).toBe(true);
    expect(r.not_available.agricultural_land_total_surface_at_risk).toMatch(/not available/);
  });

  it("a report already done is not built twice", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 10 })
      .returning();
    await buildReport(row!.id);
    const first = await reportOfUpload(upload.id);
    await buildReport(row!.id);
    const second = await reportOfUpload(upload.id);
    expect(second!.finishedAt!.getTime()).toBe(first!.finishedAt!.getTime());
    const [r] = await db.select().from(portfolioReports).where(eq(portfolioReports.id, row!.id));
    expect(r!.status).toBe("done");
  });

  it("gives every row of the file back as the report model, with the user's id and columns or the reason", async () => {
    const f = semicolonCsv();
    const preview = await ingestUpload({
      fileName: "e.csv",
      data: once(Buffer.from(f.text)),
      owner: { userId: null, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { accessToken: preview.access_token });
    const rows = [];
    for await (const l of assessedLocations(upload)) rows.push(l);
    expect(rows).toHaveLength(f.rows);
    // a second asset at a point is a valid row of the report too; the order bills its point once
    expect(rows.filter((r) => r.status === "valid")).toHaveLength(f.valid + f.duplicates);
    const london = rows[0]!;
    expect(london).toMatchObject({
      rowNumber: 2,
      assetId: "LDN-01",
      name: "London office",
      countryCode: "GB",
      status: "valid",
    });
    expect(london.userColumns["Insured value (EUR)"]).toBe("1200000,5");
    expect(london.scores!.HW).toHaveLength(10);
    expect(london.scores!.HW[0]!.level).toBeGreaterThanOrEqual(1);
    // each point in its own region, as the location API answers, not its hexagon's majority region
    expect(rows.find((r) => r.assetId === "PAR-02")).toMatchObject({ countryCode: "FR", regionCode: "FR-75" });
    expect(rows.find((r) => r.assetId === "BER-03")).toMatchObject({ countryCode: "DE", regionCode: "DE-BE" });
    const excluded = rows.filter((r) => r.status === "excluded");
    expect(excluded.map((r) => [r.rowNumber, r.reason])).toEqual([
      [12, "latitude is not a number"],
      [13, expect.stringMatching(/0\/0/)],
      [15, "the point is at sea (not inland)"],
    ]);
  });

  it("two workers given the same report at once build it once", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 10 })
      .returning();
    await Promise.all([buildReport(row!.id), buildReport(row!.id)]);
    const files = await db
      .select({ kind: reportFiles.kind })
      .from(reportFiles)
      .where(eq(reportFiles.sourceId, row!.id));
    expect(files.map((f) => f.kind).sort()).toEqual(["portfolio_pdf", "portfolio_xlsx"]);
    expect((await reportOfUpload(upload.id))!.status).toBe("done");
  });

  it("two requests for the same report at once queue one job, on a stately queue that outlives a long run", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const [a, b] = await Promise.all([requestReport(upload, user.id), requestReport(upload, user.id)]);
    expect(a.id).toBe(b.id);
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(
      await rows(sql`SELECT id FROM pgboss.job WHERE name = ${REPORT_QUEUE} AND data->>'reportId' = ${a.id}`),
    ).toHaveLength(1);
    const [queue] = await rows(sql`SELECT policy, expire_seconds FROM pgboss.queue WHERE name = ${REPORT_QUEUE}`);
    expect(queue).toMatchObject({ policy: "stately", expire_seconds: REPORT_JOB_EXPIRE_SECONDS });
  });

  it("a row whose weighting cell is empty, text or not positive has no weight, is reported, and adds nothing to weighted shares", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const good = LAND_SITES.map((s) => `${s.id},${s.lat},${s.lon},${s.value}`);
    const bad = ["", "n/a", "0"].map((v, i) => `BAD-${i},${LAND_SITES[i]!.lat + 0.5},${LAND_SITES[i]!.lon + 0.5},${v}`);
    const text = ["id,lat,lon,value", ...good, ...bad].join("\n");
    const preview = await ingestUpload({
      fileName: "w.csv",
      data: once(Buffer.from(text)),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    let upload = await findUpload(preview.upload_id, { userId: user.id });
    await setWeightColumn(upload, "value");
    upload = await findUpload(preview.upload_id, { userId: user.id });
    const badRows = [10, 11, 12];

    const rows = [];
    for await (const l of assessedLocations(upload)) rows.push(l);
    const weightless = rows.filter((r) => r.weight === null);
    expect(weightless.map((r) => [r.rowNumber, r.status, r.reason])).toEqual(
      badRows.map((n) => [n, "valid", ROW_REASONS.badWeight]),
    );
    expect(rows.filter((r) => r.weight !== null).every((r) => r.reason === null)).toBe(true);

    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 11 })
      .returning();
    await buildReport(row!.id);
    const done = (await reportOfUpload(upload.id))!;
    const result = done.result as unknown as ReportOutputs;
    expect(result.weighting).toMatchObject({
      column: "value",
      missing: 3,
      missing_rows: badRows.map((n) => ({ row: n, reason: ROW_REASONS.badWeight })),
    });
    expect(result.output_request_stats.asset_number).toBe(LAND_SITES.length + 3);

    // A fresh computation over every row of the report as the corporate view loads it.
    const tables = await computeDisclosure(await loadUserPortfolio(user.id, done.id));
    expect(tables.totals.missingWeight).toBe(3);
    expect(tables.totals.weight).toBe(LAND_SITES.reduce((sum, s) => sum + s.value, 0));
    for (const h of tables.hazards) for (const c of h.cells) expect(c.weightAtRisk).toBeLessThanOrEqual(c.weight);
    // The job keeps the disclosure tables with "done", so the corporate page does not read every row again.
    expect(result.disclosure).toEqual(JSON.parse(JSON.stringify(tables)));
  });

  it("keeps the disclosure tables in the update that marks the report done, as the corporate view computes them", async () => {
    const db = getDb();
    const user = await createUser(db, { firstName: "Ada", lastName: "Lovelace" });
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    // Whoever sees "done" (a page, a shutdown closing the database) must find the tables already there.
    await db.execute(
      sql`ALTER TABLE portfolio_reports ADD CONSTRAINT done_with_disclosure CHECK (status <> 'done' OR result -> 'disclosure' IS NOT NULL)`,
    );
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 10 })
      .returning();
    await buildReport(row!.id);
    const done = (await reportOfUpload(upload.id))!;
    expect(done.status).toBe("done");
    const kept = (done.result as unknown as ReportOutputs).disclosure!;
    expect(kept.audit).toMatchObject({ reportId: row!.id, preparedBy: `Ada Lovelace <${user.email}>` });
    expect(kept.totals.rows).toBe(LAND_SITES.length + 2);

    const view = await disclosureFor(user.id, row!.id);
    expect(view.metadata.user.name).toBe("Ada Lovelace");
    expect(view.tables).toEqual(kept);
    expect(kept).toEqual(
      JSON.parse(JSON.stringify(await computeDisclosure(await loadUserPortfolio(user.id, row!.id)))),
    );
  });

  it("carries the earlier row at the same point into the report model and prices the order on unique points", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const f = semicolonCsv();
    const preview = await ingestUpload({
      fileName: "e.csv",
      data: once(Buffer.from(f.text)),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const rows = [];
    for await (const l of assessedLocations(upload)) rows.push(l);
    expect(rows.find((r) => r.rowNumber === 11)!.duplicateOf).toBe(2);
    expect(rows.filter((r) => r.duplicateOf).map((r) => r.rowNumber)).toEqual([11]);
    const order = await orderReport(upload, user.id);
    expect(order).toMatchObject({ total_locations: f.rows, valid_locations: f.billed });
    expect(order.valid_locations).toBe(preview.billed_locations);
  });

  it("the report files say what the buyer was charged for the report, with its currency", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    await saveBillingInfo(user.id, {
      appeal: "",
      email: "ada@example.org",
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "+33 1 23 45 67 89",
      company: { name: "Engines SA", country: "FR", zip: "", city: "Paris", street: "1 rue A", vat_number: "" },
    });
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const order = await orderReport(upload, user.id);
    const paid = await confirmReportPurchase(upload, user.id, order.order_id, TERMS_VERSION);
    expect(paid.status).toBe("paid");
    // French VAT on the per-location price: the gross total charged, as on the invoice.
    expect(paid.total).toBe(order.cost.TOTAL);
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 10 })
      .returning();
    await buildReport(row!.id);
    const r = (await reportOfUpload(upload.id))!.result as unknown as ReportOutputs;
    expect(r.output_request_stats).toMatchObject({ report_cost: paid.total, report_currency: "EUR" });
    const [xlsx] = await db
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.contentType, XLSX_TYPE)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read((await fileStoreOf(xlsx!.storagePath).open(xlsx!.storagePath))!);
    const cells: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((rowCells) =>
        cells.push(
          ((rowCells.values as unknown[]) ?? [])
            .filter((v) => v !== undefined && v !== null)
            .map(String)
            .join(" | "),
        ),
      ),
    );
    expect(cells).toContain(`Report cost (paid, incl. VAT) | ${paid.total} EUR`);
  });
});
