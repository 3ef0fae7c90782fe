import { eq, sql } from "drizzle-orm";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { mergedHeaderXlsx } from "../../../../tests/support/portfolio-files";
import { sendJob, startJobs, stopJobs } from "../../infra/jobs.server";
import { recordReportFile, type WrittenReportFile } from "../../reports/files.server";
import {
  REPORT_QUEUE,
  REPORT_STALE_SECONDS,
  ReportRunInterrupted,
  ReportRunLost,
  claimReport,
  recoverReports,
} from "./report-run.server";
import { buildReport, reportOfUpload, requestReport } from "./report.server";
import { findUpload, ingestUpload } from "../upload/uploads.server";

const getDb = setupTestDatabase();
const alive = new AbortController().signal;

afterEach(async () => {
  await stopJobs();
});

async function* once(b: Buffer): AsyncGenerator<Uint8Array> {
  yield b;
}

async function newReport() {
  const db = getDb();
  const user = await createUser(db, {});
  const preview = await ingestUpload({
    fileName: "p.xlsx",
    data: once(await mergedHeaderXlsx()),
    owner: { userId: user.id, plan: "PREMIUM" },
  });
  const upload = await findUpload(preview.upload_id, { userId: user.id });
  const [report] = await db
    .insert(portfolioReports)
    .values({ uploadId: upload.id, userId: user.id, total: 10, heartbeatAt: sql`now()`, jobId: "queued-by-the-test" })
    .returning();
  return { user, upload, report: report! };
}

/** The report's worker went silent this many seconds ago. */
async function silentFor(reportId: string, seconds: number) {
  await getDb()
    .update(portfolioReports)
    .set({ heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(portfolioReports.id, reportId));
}

async function jobStates(reportId: string) {
  const { rows } = (await getDb().execute(
    sql`SELECT state FROM pgboss.job WHERE name = ${REPORT_QUEUE} AND singleton_key = ${reportId} ORDER BY created_on`,
  )) as unknown as { rows: { state: string }[] };
  return rows.map((r) => r.state);
}

async function reportRow(id: string) {
  const [row] = await getDb().select().from(portfolioReports).where(eq(portfolioReports.id, id));
  return row!;
}

describe("report runs and their recovery", () => {
  it("a report alive in a worker is neither claimed nor recovered by anyone else", async () => {
    const { report } = await newReport();
    const run = await claimReport(report.id, alive);
    try {
      expect(run).not.toBeNull();
      expect(await claimReport(report.id, alive)).toBeNull();
      await silentFor(report.id, REPORT_STALE_SECONDS - 5);
      expect(await recoverReports()).toEqual([]);
      expect((await reportRow(report.id)).status).toBe("running");
    } finally {
      run?.end();
    }
  });

  it("a run beats its heartbeat while it works, even between checkpoints", async () => {
    const { report } = await newReport();
    const run = (await claimReport(report.id, alive, { heartbeatSeconds: 0.05 }))!;
    try {
      await silentFor(report.id, REPORT_STALE_SECONDS + 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(await recoverReports()).toEqual([]);
      expect((await reportRow(report.id)).runId).toBe(run.runId);
    } finally {
      run.end();
    }
  });

  it("a running report whose heartbeat went stale is queued again, its dead job cancelled, and the old run loses it", async () => {
    const { user, report } = await newReport();
    const dead = (await claimReport(report.id, alive, { heartbeatSeconds: 0.001 }))!;
    // The worker freezes: no more timer beats, until it runs again at its next checkpoint.
    dead.end();
    try {
      await sendJob(REPORT_QUEUE, { reportId: report.id }, report.id);
      await getDb().execute(
        sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = ${REPORT_QUEUE} AND singleton_key = ${report.id}`,
      );
      await silentFor(report.id, REPORT_STALE_SECONDS + 1);

      expect(await recoverReports()).toEqual([report.id]);
      expect(await reportRow(report.id)).toMatchObject({ status: "queued", runId: null, processed: 0 });
      expect(await jobStates(report.id)).toEqual(["cancelled", "created"]);
      // A second sweep (another instance) finds a job waiting and sends nothing more.
      expect(await recoverReports()).toEqual([]);

      const next = (await claimReport(report.id, alive))!;
      next.end();
      // The old run comes back to life: its next heartbeat finds the report taken, and it may not finish it.
      await expect(dead.checkpoint(5)).rejects.toBeInstanceOf(ReportRunLost);
      const file: WrittenReportFile = {
        input: { userId: user.id, kind: "portfolio_pdf", sourceId: report.id, title: "t", baseName: "b" },
        id: crypto.randomUUID(),
        format: "pdf",
        storagePath: "x.pdf",
        bytes: 1,
        sha256: "0",
      };
      await expect(dead.finish(async (tx) => (await recordReportFile(file, tx), {}))).rejects.toBeInstanceOf(
        ReportRunLost,
      );
      expect(await getDb().select().from(reportFiles).where(eq(reportFiles.sourceId, report.id))).toEqual([]);
      expect((await reportRow(report.id)).status).toBe("running");
    } finally {
      dead.end();
    }
  });

  it("a run stopped by a shutdown gives the report back at once, lists no file, and the job is retried", async () => {
    const { report } = await newReport();
    const stopping = new AbortController();
    stopping.abort();
    await expect(buildReport(report.id, stopping.signal)).rejects.toBeInstanceOf(ReportRunInterrupted);
    expect(await reportRow(report.id)).toMatchObject({ status: "queued", runId: null, heartbeatAt: null });
    expect(await getDb().select().from(reportFiles).where(eq(reportFiles.sourceId, report.id))).toEqual([]);
    // No job waits for it (the shutdown cut off the retry): the sweep at the next start queues it without delay.
    expect(await recoverReports()).toEqual([report.id]);
    expect(await jobStates(report.id)).toEqual(["created"]);
  });

  it("a queued report that was just requested, or has a job waiting, is left alone", async () => {
    const { user, upload } = await newReport();
    await getDb().delete(portfolioReports).where(eq(portfolioReports.uploadId, upload.id));
    const requested = await requestReport(upload, user.id);
    expect(await recoverReports()).toEqual([]);
    await silentFor(requested.id, REPORT_STALE_SECONDS + 1);
    expect(await recoverReports()).toEqual([]);
    expect(await jobStates(requested.id)).toEqual(["created"]);
  });

  it("asking for a report whose worker died queues it again", async () => {
    const { user, upload, report } = await newReport();
    await sendJob(REPORT_QUEUE, { reportId: report.id }, report.id);
    (await claimReport(report.id, alive))!.end();
    await getDb().execute(
      sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = ${REPORT_QUEUE} AND singleton_key = ${report.id}`,
    );
    expect((await requestReport(upload, user.id)).status).toBe("running");
    await silentFor(report.id, REPORT_STALE_SECONDS + 1);
    expect((await requestReport(upload, user.id)).status).toBe("queued");
    expect(await jobStates(report.id)).toEqual(["cancelled", "created"]);
  });

  it("on start, the queue finds a report left running by a dead worker and builds it", async () => {
    const { upload, report } = await newReport();
    (await claimReport(report.id, alive))!.end();
    await silentFor(report.id, REPORT_STALE_SECONDS + 1);
    await startJobs();
    let done = await reportOfUpload(upload.id);
    for (let i = 0; i < 100 && done?.status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await reportOfUpload(upload.id);
    }
    expect(done).toMatchObject({ status: "done", runId: null });
    const files = await getDb()
      .select({ kind: reportFiles.kind })
      .from(reportFiles)
      .where(eq(reportFiles.sourceId, report.id));
    expect(files.map((f) => f.kind).sort()).toEqual(["portfolio_pdf", "portfolio_xlsx"]);
  });

  it("a finished report is built once even when its job runs again", async () => {
    const { report } = await newReport();
    await buildReport(report.id);
    const first = await reportRow(report.id);
    await buildReport(report.id);
    expect((await reportRow(report.id)).finishedAt).toEqual(first.finishedAt);
    expect(await recoverReports()).toEqual([]);
  });
});
