import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { createUpload, createUser } from "#db/factories";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { REPORT_FILE_RETENTION_DAYS, REPORT_FILE_RETENTION_TEXT } from "~/domain/reports/retention";
import { resetEnvCacheForTesting } from "~/env.server";
import { fileStoreOf, fileStoresInUse } from "../file-storage/store.server";
import { deleteExpiredReportFiles, storeReportFile } from "./files.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "report-retention-"));
process.env.DATA_DIR = dataDir;
resetEnvCacheForTesting();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getDb = setupTestDatabase();

const DAY = 86_400_000;

async function fileOf(userId: string, sourceId: string) {
  return storeReportFile(
    { userId, kind: "portfolio_pdf", sourceId, title: "Portfolio report", baseName: "report" },
    async (target) => writeFileSync(target, "%PDF-1.3 test"),
    getDb(),
  );
}

describe("report file retention", () => {
  it("deletes files past the retention and those of failed reports, bytes and rows, and keeps the rest", async () => {
    const user = (await createUser(getDb()))!;
    const upload = await createUpload(getDb(), { total_locations: 2, valid_locations: 2 }, user.id);
    const [failed] = await getDb()
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: 2, status: "failed" })
      .returning();
    const doneUpload = await createUpload(getDb(), { total_locations: 2, valid_locations: 2 }, user.id);
    const [done] = await getDb()
      .insert(portfolioReports)
      .values({ uploadId: doneUpload.id, userId: user.id, total: 2, status: "done" })
      .returning();

    const old = await fileOf(user.id, done!.id);
    await getDb()
      .update(portfolioReports)
      .set({ files: [{ kind: "pdf", path: `/dashboard/pdf?id=${old.id}`, name: old.fileName, bytes: old.bytes }] })
      .where(eq(portfolioReports.id, done!.id));
    await getDb()
      .update(reportFiles)
      .set({ createdAt: new Date(Date.now() - (REPORT_FILE_RETENTION_DAYS + 1) * DAY) })
      .where(eq(reportFiles.id, old.id));
    const ofFailed = await fileOf(user.id, failed!.id);
    const recent = await fileOf(user.id, "lead:7");
    const almost = await fileOf(user.id, "lead:8");
    await getDb()
      .update(reportFiles)
      .set({ createdAt: new Date(Date.now() - (REPORT_FILE_RETENTION_DAYS - 1) * DAY) })
      .where(eq(reportFiles.id, almost.id));

    expect(await deleteExpiredReportFiles()).toEqual({ expired: 1, failed: 1 });
    const left = await getDb().select({ id: reportFiles.id }).from(reportFiles);
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, almost.id].sort());
    for (const gone of [old, ofFailed]) expect(await fileStoreOf(gone.storagePath).open(gone.storagePath)).toBeNull();
    for (const kept of [recent, almost]) {
      const stream = await fileStoreOf(kept.storagePath).open(kept.storagePath);
      expect(stream).not.toBeNull();
      // Read to the end, so no file is still being opened when the folder is removed after the tests.
      expect((await buffer(stream!)).toString()).toBe("%PDF-1.3 test");
    }
    const [report] = await getDb()
      .select({ files: portfolioReports.files })
      .from(portfolioReports)
      .where(eq(portfolioReports.id, done!.id));
    expect(report!.files).toEqual([]);
    // Nothing more to do the next time.
    expect(await deleteExpiredReportFiles()).toEqual({ expired: 0, failed: 0 });
  });

  it("sweeps leftovers in every store in use: the data folder always, the database and the bucket when configured", () => {
    expect(fileStoresInUse().map((s) => s.kind)).toEqual(process.env.DATABASE_URL ? ["disk", "postgres"] : ["disk"]);
    const saved = process.env.S3_URL;
    process.env.S3_URL = "s3://reports-bucket/files";
    resetEnvCacheForTesting();
    try {
      expect(fileStoresInUse().map((s) => s.kind)).toContain("s3");
    } finally {
      if (saved === undefined) delete process.env.S3_URL;
      else process.env.S3_URL = saved;
      resetEnvCacheForTesting();
    }
  });

  it("is stated in the privacy policy and the README", () => {
    const privacy = readFileSync(path.resolve("content/pages/privacy-policy.md"), "utf8");
    expect(privacy).toContain(
      `| Report files (PDF and Excel) | ${REPORT_FILE_RETENTION_TEXT} after they are made, then deleted`,
    );
    expect(readFileSync(path.resolve("README.md"), "utf8").replace(/\s+/g, " ")).toContain(
      `Report files are kept for ${REPORT_FILE_RETENTION_TEXT} (\`REPORT_FILE_RETENTION_DAYS\` = ${REPORT_FILE_RETENTION_DAYS}`,
    );
    expect(REPORT_FILE_RETENTION_DAYS).toBe(365);
  });
});
