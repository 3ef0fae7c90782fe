/**
 * The full portfolio report: a background job reads the stored rows chunk by chunk, assesses every valid row with
 * its weight and keeps only aggregates in memory, writing its progress so the page can show a bar.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { portfolioReports, portfolioUploads, users, type PortfolioReport, type PortfolioUpload } from "#db/schema/index";
import { ERROR_MESSAGES } from "~/domain/errors";
import { DEFAULT_WEIGHTING_COLUMN, PREVIEW_ISSUES_MAX, ROW_REASONS } from "~/domain/portfolio/limits";
import { NOT_AVAILABLE_REASONS, PortfolioAccumulator } from "~/domain/portfolio/stats";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { getRiskEngine } from "~/risk/engine.server";
import { getDb } from "../db.server";
import { getUserEntitlements } from "../entitlements.server";
import { defineQueue, sendJob, startJobs } from "../jobs.server";
import { logger } from "../logger.server";
import { storeReportFile } from "../reports/files.server";
import { writePortfolioPdf } from "../reports/pdf.server";
import { setPortfolioReportStore } from "../reports/portfolios.server";
import { writePortfolioXlsx } from "../reports/xlsx.server";
import { assessPoint } from "./assess.server";
import { reportSource } from "./report-model.server";
import { ROW_STATUS, uploadRows, weightOf, type RowIssue } from "./uploads.server";
import type { DisclosureTables } from "~/domain/reports/disclosure";

export const REPORT_QUEUE = "portfolio-report";
/** Rows between two progress writes. */
const PROGRESS_EVERY = 5000;

export interface ReportOutputs {
  output_request_stats: ReturnType<PortfolioAccumulator["requestStats"]>;
  output_risks_overall_estimate: ReturnType<PortfolioAccumulator["overallEstimate"]>;
  output_risks_diversity: ReturnType<PortfolioAccumulator["diversity"]>;
  output_risks_intensity: ReturnType<PortfolioAccumulator["intensity"]>;
  social_by_country_sum: ReturnType<PortfolioAccumulator["socialByCountry"]>;
  not_available: typeof NOT_AVAILABLE_REASONS;
  /** missing: assessed rows whose weighting cell is empty, text or not positive (listed up to PREVIEW_ISSUES_MAX). */
  weighting: { column: string; note: string | null; missing: number; missing_rows: RowIssue[] };
  dataset: { generator: string; version: string };
  piecharts: ReturnType<PortfolioAccumulator["pies"]>;
  summary_table: ReturnType<PortfolioAccumulator["summaryTable"]>;
  /** Kept by the job with "done"; absent on older reports until the corporate view computes it (disclosureFor). */
  disclosure?: DisclosureTables;
}

/**
 * Longest a report job may stay active before the queue takes it for lost and retries it: a 1M-row portfolio
 * with both files takes minutes, so this leaves a wide margin (pg-boss allows less than 24 hours).
 */
export const REPORT_JOB_EXPIRE_SECONDS = 4 * 60 * 60;

defineQueue(REPORT_QUEUE, { expireInSeconds: REPORT_JOB_EXPIRE_SECONDS, retryLimit: 3, policy: "stately" }, async (data) => {
  await buildReport(String(data.reportId));
});

/** job_id while the one caller that won the right to queue the job is sending it. */
const JOB_SENDING = "sending";

/**
 * Creates the report of an upload (once) and queues its job; a failed report is queued again. The right to queue
 * is taken by one conditional update, so two requests at the same moment send one job.
 */
export async function requestReport(upload: PortfolioUpload, userId: string): Promise<PortfolioReport> {
  const db = await getDb();
  const total = Number((upload.summary as { total_locations?: number }).total_locations ?? 0);
  await db
    .insert(portfolioReports)
    .values({ uploadId: upload.id, userId, total, weightColumn: upload.weightColumn })
    .onConflictDoNothing({ target: portfolioReports.uploadId });
  const [claimed] = await db
    .update(portfolioReports)
    .set({ status: "queued", jobId: JOB_SENDING, error: null, processed: 0 })
    .where(and(eq(portfolioReports.uploadId, upload.id), or(eq(portfolioReports.status, "failed"), isNull(portfolioReports.jobId))))
    .returning();
  if (claimed) {
    try {
      const jobId = await sendJob(REPORT_QUEUE, { reportId: claimed.id }, claimed.id);
      // null: the stately queue already holds a queued job for this report, which will run it.
      const [queued] = await db
        .update(portfolioReports)
        .set({ jobId: jobId ?? `${REPORT_QUEUE}:${claimed.id}` })
        .where(and(eq(portfolioReports.id, claimed.id), eq(portfolioReports.jobId, JOB_SENDING)))
        .returning();
      return queued ?? claimed;
    } catch (error) {
      await db.update(portfolioReports).set({ jobId: null }).where(and(eq(portfolioReports.id, claimed.id), eq(portfolioReports.jobId, JOB_SENDING)));
      throw error;
    }
  }
  const [report] = await db.select().from(portfolioReports).where(eq(portfolioReports.uploadId, upload.id));
  return report!;
}

export async function reportOfUpload(uploadId: string): Promise<PortfolioReport | null> {
  const db = await getDb();
  const [r] = await db.select().from(portfolioReports).where(eq(portfolioReports.uploadId, uploadId)).limit(1);
  return r ?? null;
}

/**
 * Takes the report for this worker: one conditional update, so of two workers (or two instances) only one runs
 * it. A report left "running" longer than the job expiry belongs to a worker that died and may be taken again.
 */
async function claimReport(reportId: string): Promise<PortfolioReport | null> {
  const db = await getDb();
  const stale = new Date(Date.now() - REPORT_JOB_EXPIRE_SECONDS * 1000);
  const [claimed] = await db
    .update(portfolioReports)
    .set({ status: "running", processed: 0, startedAt: new Date(), error: null })
    .where(
      and(
        eq(portfolioReports.id, reportId),
        or(
          inArray(portfolioReports.status, ["queued", "failed"]),
          and(eq(portfolioReports.status, "running"), or(isNull(portfolioReports.startedAt), lt(portfolioReports.startedAt, stale))),
        ),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Runs the report once; safe to run again after a crash (it starts over from the stored rows). */
export async function buildReport(reportId: string): Promise<void> {
  const db = await getDb();
  const [current] = await db.select({ uploadId: portfolioReports.uploadId }).from(portfolioReports).where(eq(portfolioReports.id, reportId));
  if (!current) return;
  const [upload] = await db.select().from(portfolioUploads).where(eq(portfolioUploads.id, current.uploadId));
  if (!upload) return;
  const report = await claimReport(reportId);
  if (!report) return;
  try {
    const engine = getRiskEngine();
    const acc = new PortfolioAccumulator();
    let processed = 0;
    let missingWeight = 0;
    const missingWeightRows: RowIssue[] = [];
    for await (const row of uploadRows(upload.id)) {
      processed++;
      if (row[1] === ROW_STATUS.valid) {
        const weight = weightOf(upload, row[5]);
        // A row without a usable weight counts as an asset but adds nothing to weighted figures.
        const a = assessPoint(engine, row[3]!, row[4]!, weight ?? 0);
        if (a) {
          acc.add(a);
          if (weight === null) {
            missingWeight++;
            if (missingWeightRows.length < PREVIEW_ISSUES_MAX) missingWeightRows.push({ row: row[0], reason: ROW_REASONS.badWeight });
          }
        }
      }
      if (processed % PROGRESS_EVERY === 0)
        await db.update(portfolioReports).set({ processed }).where(eq(portfolioReports.id, reportId));
    }
    const owned = new Set((await getUserEntitlements({ id: report.userId, planCode: "DISCOVERY" })).ordered.hexagon);
    const column = upload.weightColumn ?? DEFAULT_WEIGHTING_COLUMN;
    const hasColumn = upload.columns.includes(column);
    const result: ReportOutputs = {
      output_request_stats: acc.requestStats(owned),
      output_risks_overall_estimate: acc.overallEstimate(),
      output_risks_diversity: acc.diversity(),
      output_risks_intensity: acc.intensity(),
      social_by_country_sum: acc.socialByCountry(),
      not_available: NOT_AVAILABLE_REASONS,
      weighting: {
        column,
        note: hasColumn ? null : WEIGHTING_TEXT.missingColumn(column),
        missing: missingWeight,
        missing_rows: missingWeightRows,
      },
      dataset: { generator: engine.header.generator, version: engine.header.version },
      piecharts: acc.pies(),
      summary_table: acc.summaryTable(),
    };
    const finished = { ...report, result: result as unknown as Record<string, unknown>, finishedAt: new Date() };
    const { files, disclosure } = await writeReportFiles(finished, upload);
    // The disclosure tables come with "done" in one update: the corporate page opens at once, and nothing runs
    // after "done" that a shutdown waiting for it could cut off.
    await db
      .update(portfolioReports)
      .set({ status: "done", processed, result: { ...finished.result, disclosure }, files, finishedAt: finished.finishedAt })
      .where(and(eq(portfolioReports.id, reportId), eq(portfolioReports.status, "running")));
  } catch (error) {
    logger.error({ err: error, reportId }, "portfolio report failed");
    await db
      .update(portfolioReports)
      .set({ status: "failed", error: ERROR_MESSAGES.reportFailed, finishedAt: new Date() })
      .where(and(eq(portfolioReports.id, reportId), eq(portfolioReports.status, "running")));
    throw error;
  }
}

/** The report's owner as its metadata names them: the same for the job's files and the corporate view. */
function reportUser(id: string, user: { email: string; firstName: string | null; lastName: string | null } | undefined) {
  return { id, email: user?.email ?? "", name: [user?.firstName, user?.lastName].filter(Boolean).join(" ") || null };
}

/**
 * The PDF and the XLSX of a finished report, stored as the user's report files (listed on /dashboard/pdf,
 * /dashboard/xls), and the disclosure tables the XLSX computed as it wrote every row.
 */
async function writeReportFiles(report: PortfolioReport, upload: PortfolioUpload) {
  const db = await getDb();
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, report.userId));
  const source = reportSource(report, upload, reportUser(report.userId, user));
  const base = `portfolio-${upload.fileName.replace(/\.[^.]+$/, "")}`;
  const title = `Portfolio report: ${upload.fileName}`;
  const pdf = await storeReportFile({ userId: report.userId, kind: "portfolio_pdf", sourceId: report.id, title, baseName: base }, (p) => writePortfolioPdf(source, p));
  const written: { disclosure?: DisclosureTables } = {};
  const xlsx = await storeReportFile({ userId: report.userId, kind: "portfolio_xlsx", sourceId: report.id, title, baseName: base }, async (p) => {
    written.disclosure = (await writePortfolioXlsx(source, p)).disclosure;
  });
  const { disclosure } = written;
  if (!disclosure) throw new Error("the XLSX writer returned no disclosure tables");
  const files = [
    { kind: "pdf", path: `/dashboard/pdf?id=${pdf.id}`, name: pdf.fileName, bytes: pdf.bytes },
    { kind: "xlsx", path: `/dashboard/xls?id=${xlsx.id}`, name: xlsx.fileName, bytes: xlsx.bytes },
  ];
  return { files, disclosure };
}

/** Finished reports as the report views (downloads, corporate disclosure) read them. */
setPortfolioReportStore({
  async list(userId) {
    const db = await getDb();
    const rows = await db
      .select({ id: portfolioReports.id, fileName: portfolioUploads.fileName, createdAt: portfolioReports.createdAt, result: portfolioReports.result })
      .from(portfolioReports)
      .innerJoin(portfolioUploads, eq(portfolioUploads.id, portfolioReports.uploadId))
      .where(and(eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")))
      .orderBy(desc(portfolioReports.createdAt));
    return rows.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
      assets: (r.result as unknown as ReportOutputs).output_request_stats.asset_number,
    }));
  },
  async load(userId, id) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const db = await getDb();
    const [row] = await db
      .select({ report: portfolioReports, upload: portfolioUploads, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(portfolioReports)
      .innerJoin(portfolioUploads, eq(portfolioUploads.id, portfolioReports.uploadId))
      .innerJoin(users, eq(users.id, portfolioReports.userId))
      .where(and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")));
    return row ? reportSource(row.report, row.upload, reportUser(userId, row)) : null;
  },
  async storedDisclosure(userId, id) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const db = await getDb();
    const [row] = await db
      .select({ result: portfolioReports.result })
      .from(portfolioReports)
      .where(and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")));
    return (row?.result as { disclosure?: DisclosureTables } | null | undefined)?.disclosure ?? null;
  },
  async storeDisclosure(userId, id, tables) {
    const db = await getDb();
    await db
      .update(portfolioReports)
      .set({ result: sql`${portfolioReports.result} || ${JSON.stringify({ disclosure: tables })}::jsonb` })
      .where(and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")));
  },
});

/** Starts the report workers with the server (the queue stops before the database closes). */
export function startReportWorkers(): Promise<unknown> {
  return startJobs();
}
