import { eq } from "drizzle-orm";
import { portfolioReports } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { createUser } from "#db/factories";
import { stopJobs, startJobs } from "../jobs.server";
import { mergedHeaderXlsx, LAND_SITES, semicolonCsv } from "../../../tests/support/portfolio-files";
import { assessedLocations } from "./report-model.server";
import { buildReport, reportOfUpload, requestReport, type ReportOutputs } from "./report.server";
import { findUpload, ingestUpload, setWeightColumn } from "./uploads.server";

const getDb = setupTestDatabase();

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
    const preview = await ingestUpload({ fileName: "p.xlsx", data: once(await mergedHeaderXlsx()), owner: { userId: user.id, plan: "PREMIUM" } });
    let upload = await findUpload(preview.upload_id, { userId: user.id });
    await setWeightColumn(upload, "local GDP per Capita equivalent");
    upload = await findUpload(preview.upload_id, { userId: user.id });
    await startJobs();
    const report = await requestReport(upload, user.id);
    expect(report.status).toBe("queued");
    expect(report.total).toBe(LAND_SITES.length + 2);
    // asking again does not queue a second job
    expect((await requestReport(upload, user.id)).jobId).toBe(report.jobId);
    let done = await reportOfUpload(upload.id);
    for (let i = 0; i < 100 && done?.status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await reportOfUpload(upload.id);
    }
    expect(done!.status).toBe("done");
    expect(done!.processed).toBe(LAND_SITES.length + 2);
    const r = done!.result as unknown as ReportOutputs;
    expect(r.output_request_stats.asset_number).toBe(LAND_SITES.length);
    expect(r.output_request_stats.country_number).toBe(LAND_SITES.length);
    expect(r.output_request_stats.new_hexagon_request).toBe(r.output_request_stats.hexagon_number);
    expect(r.weighting).toEqual({ column: "local GDP per Capita equivalent", note: null });
    expect(r.output_risks_intensity.reduce((s, [, n]) => s + n, 0)).toBe(LAND_SITES.length);
    expect(Object.keys(r.output_risks_diversity)).toContain("AL");
    expect(r.social_by_country_sum.map((c) => c.country_code).sort()).toEqual(["AU", "BR", "DE", "ES", "FR", "GB", "IN", "JP"]);
    expect(r.social_by_country_sum.every((c) => c.electricity_consumption_at_risk === null)).toBe(true);
    expect(r.not_available.agricultural_land_total_surface_at_risk).toMatch(/not available/);
  });

  it("a report already done is not built twice", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({ fileName: "p.xlsx", data: once(await mergedHeaderXlsx()), owner: { userId: user.id, plan: "PREMIUM" } });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await db.insert(portfolioReports).values({ uploadId: upload.id, userId: user.id, total: 10 }).returning();
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
    const preview = await ingestUpload({ fileName: "e.csv", data: once(Buffer.from(f.text)), owner: { userId: null, plan: "PREMIUM" } });
    const upload = await findUpload(preview.upload_id, { accessToken: preview.access_token });
    const rows = [];
    for await (const l of assessedLocations(upload)) rows.push(l);
    expect(rows).toHaveLength(f.rows);
    expect(rows.filter((r) => r.status === "valid")).toHaveLength(f.valid);
    const london = rows[0]!;
    expect(london).toMatchObject({ rowNumber: 2, assetId: "LDN-01", name: "London office", countryCode: "GB", status: "valid" });
    expect(london.userColumns["Insured value (EUR)"]).toBe("1200000,5");
    expect(london.scores!.HW).toHaveLength(10);
    expect(london.scores!.HW[0]!.level).toBeGreaterThanOrEqual(1);
    const excluded = rows.filter((r) => r.status === "excluded");
    expect(excluded.map((r) => [r.rowNumber, r.reason])).toEqual([
      [12, "latitude is not a number"],
      [13, expect.stringMatching(/0\/0/)],
      [15, "the point is at sea (not inland)"],
    ]);
  });
});
