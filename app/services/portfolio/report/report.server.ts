/**
 * The full portfolio report: a background job reads the stored rows chunk by chunk, assesses every valid row with
 * its weight and keeps only aggregates in memory, writing its progress so the page can show a bar.
 */
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import {
  portfolioReports,
  portfolioUploads,
  users,
  type PortfolioReport,
  type PortfolioUpload,
} from "#db/schema/index";
import { pricedLocationsOf, type UploadLocationSummary } from "~/domain/commerce/orders";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { DEFAULT_WEIGHTING_COLUMN, PREVIEW_ISSUES_MAX, ROW_REASONS } from "~/domain/portfolio/limits";
import { NOT_AVAILABLE_REASONS, PortfolioAccumulator } from "~/domain/portfolio/stats";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { getDb } from "../../infra/db.server";
import { getUserEntitlements, grantReportHexagons } from "../../commerce/entitlements.server";
import { forgetAccount } from "../../auth/account-cache.server";
import { defineQueue, sendJob, startJobs } from "../../infra/jobs.server";
import { logger } from "../../infra/logger.server";
import { collectGarbage } from "../../infra/memory.server";
import { releaseMemory } from "../../infra/native-memory.server";
import {
  discardReportFile,
  recordReportFile,
  writeReportFile,
  type WrittenReportFile,
} from "../../reports/files.server";
import { appendixCells, portfolioPdfFront } from "../../reports/pdf/portfolio-pdf.server";
import { portfolioPdfSink, type PortfolioPdfSink } from "../../reports/pdf/pdf-sink.server";
import { setPortfolioReportStore } from "../../reports/portfolios.server";
import { writePortfolioXlsx } from "../../reports/xlsx/xlsx.server";
import { assessLocation } from "../assess.server";
import { reportCharge } from "./purchase.server";
import type { ReportOutputs } from "./report-outputs.server";
import { loanColumnsOf, reportSource, toAssessedLocation } from "./report-model.server";

export type { ReportOutputs };
import { ReportFileTotals } from "~/domain/reports/file-totals";
import {
  REPORT_QUEUE,
  ReportRunInterrupted,
  ReportRunLost,
  claimReport,
  recoverReports,
  type ReportRun,
} from "./report-run.server";
import { ROW_STATUS, uploadRows, weightOf, type RowIssue, type StoredRow } from "../upload/uploads.server";
import { sameAssetOf } from "../ingest/row-pipeline.server";
import type { DisclosureTables } from "~/domain/reports/disclosure";
import type { AssetFloodFigures, FloodReportBasis } from "~/domain/reports/flood-figures";
import { assetFloodFigures, floodReportBasis } from "../../flood/report-flood.server";
import type { AssessedLocation, PortfolioReportSource } from "~/domain/reports/types";

export { REPORT_QUEUE };
/** Rows between two progress writes. */
const PROGRESS_EVERY = 5000;
/**
 * Rows between two full garbage collections while a report runs: its live heap stays small, but V8 let the garbage of
 * a 100k-row pass pile up to several times that before collecting. Collecting more often lowers a job's peak RSS for a
 * little more time (bench/portfolio-job.bench.ts; figures: bench/README.md, "Figures behind the code's settings").
 */
const COLLECT_EVERY = 10_000;

/**
 * Longest a report job may stay active before the queue itself takes it for lost: only a backstop, since a dead
 * worker is found within seconds by its report's stale heartbeat (report-run.server.ts). A 1M-row portfolio with
 * both files takes minutes, so this leaves a wide margin (pg-boss allows less than 24 hours).
 */
export const REPORT_JOB_EXPIRE_SECONDS = 4 * 60 * 60;

const NEVER_ABORTED = new AbortController().signal;

defineQueue(
  REPORT_QUEUE,
  { expireInSeconds: REPORT_JOB_EXPIRE_SECONDS, retryLimit: 3, policy: "stately" },
  async (data, job) => {
    await buildReport(String(data.reportId), job.signal);
  },
);

/** job_id while the one caller that won the right to queue the job is sending it. */
const JOB_SENDING = "sending";

/**
 * Creates the first report of an upload (once) and queues the upload's latest report when it has no job yet or
 * failed. The right to queue is taken by one conditional update, so two requests at the same moment send one job.
 */
export async function requestReport(upload: PortfolioUpload, userId: string): Promise<PortfolioReport> {
  const db = await getDb();
  await db
    .insert(portfolioReports)
    // Queued from the start with its queueing time as heartbeat: the recovery sweep leaves it to this request.
    .values({ ...newReportValues(upload, userId), heartbeatAt: sql`now()` })
    .onConflictDoNothing({ target: portfolioReports.uploadId, where: sql.raw(`"reassessed_from" IS NULL`) });
  return queueReport((await reportOfUpload(upload.id))!);
}

/** A new report row of an upload: the job's progress counts what the order bills, with the dataset it uses now. */
export function newReportValues(upload: PortfolioUpload, userId: string) {
  // The scored locations, not every row of the file.
  const total = pricedLocationsOf(upload.summary as UploadLocationSummary).validLocations;
  return {
    uploadId: upload.id,
    userId,
    total,
    weightColumn: upload.weightColumn,
    datasetVersion: getRiskEngine().datasetVersion,
  };
}

/** Sends the report's job unless it has one already; a failed report is queued again. */
export async function queueReport(report: PortfolioReport): Promise<PortfolioReport> {
  const db = await getDb();
  const [claimed] = await db
    .update(portfolioReports)
    .set({ status: "queued", jobId: JOB_SENDING, error: null, processed: 0, runId: null, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(portfolioReports.id, report.id),
        or(eq(portfolioReports.status, "failed"), isNull(portfolioReports.jobId)),
      ),
    )
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
      await db
        .update(portfolioReports)
        .set({ jobId: null })
        .where(and(eq(portfolioReports.id, claimed.id), eq(portfolioReports.jobId, JOB_SENDING)));
      throw error;
    }
  }
  const [existing] = await db.select().from(portfolioReports).where(eq(portfolioReports.id, report.id));
  // Asking again for a report whose worker died queues it again, without waiting for the next sweep.
  if (
    existing &&
    (existing.status === "queued" || existing.status === "running") &&
    (await recoverReports({ reportId: existing.id })).length
  ) {
    const [requeued] = await db.select().from(portfolioReports).where(eq(portfolioReports.id, existing.id));
    return requeued!;
  }
  return existing!;
}

/** The dataset version a report names: its own column, or for reports made before it, the version in its result. */
export function reportDatasetVersion(report: Pick<PortfolioReport, "datasetVersion" | "result">): string | null {
  return (
    report.datasetVersion ?? (report.result as { dataset?: { version?: string } } | null)?.dataset?.version ?? null
  );
}

/** The upload's latest report: a new assessment, once made, stands in for the earlier one. */
export async function reportOfUpload(uploadId: string): Promise<PortfolioReport | null> {
  const db = await getDb();
  const [r] = await db
    .select()
    .from(portfolioReports)
    .where(eq(portfolioReports.uploadId, uploadId))
    .orderBy(desc(portfolioReports.createdAt), sql`${portfolioReports.reassessedFrom} IS NULL`)
    .limit(1);
  return r ?? null;
}

/**
 * Runs the report once; safe to run again after a crash (it starts over from the stored rows). Returns without
 * doing anything when the report is done or alive in another worker; throws when interrupted, so the job is retried.
 */
export async function buildReport(reportId: string, signal: AbortSignal = NEVER_ABORTED): Promise<void> {
  const db = await getDb();
  const [current] = await db
    .select({ uploadId: portfolioReports.uploadId })
    .from(portfolioReports)
    .where(eq(portfolioReports.id, reportId));
  if (!current) return;
  const [upload] = await db.select().from(portfolioUploads).where(eq(portfolioUploads.id, current.uploadId));
  if (!upload) return;
  const run = await claimReport(reportId, signal);
  if (!run) return;
  // The pass starts from a collected heap: what came just before (an upload's parsing, often) is still garbage V8
  // has not collected, and the pass's first rows would stack on it (a 1M-row job's peak was at its start).
  collectGarbage();
  const { report } = run;
  const written: WrittenReportFile[] = [];
  const names = reportFileNames(upload);
  // The PDF takes its appendix rows from the same pass and is drawn once the first pages' totals are there.
  const pdfSink = portfolioPdfSink();
  const pdfWritten = writeReportFile(
    { ...names, userId: report.userId, kind: "portfolio_pdf", sourceId: report.id },
    (p) => pdfSink.writeTo(p),
  );
  // Awaited once the rows have passed; until then a failure shows in the sink, which stops the pass.
  pdfWritten.then(
    (file) => written.push(file),
    (error: Error) => void pdfSink.abort(error),
  );
  try {
    const flood = await floodReportBasis(upload);
    const pass = new ReportPass(upload, run, pdfSink, flood);
    const user = await reportUser(report.userId);
    // The workbook is written from the job's pass over the rows: its columns now, its figures (which it reads after
    // the rows) as the pass ends.
    const workbook = { metadata: { columns: upload.columns, flood } } as PortfolioReportSource;
    let finished: FinishedReport | undefined;
    workbook.locations = async function* () {
      yield* pass.locations();
      finished = {
        ...report,
        result: (await pass.outputs()) as unknown as Record<string, unknown>,
        finishedAt: new Date(),
      };
      Object.assign(workbook, reportSource(finished, upload, user));
    };
    let disclosure: DisclosureTables | undefined;
    const xlsx = await writeReportFile(
      { ...names, userId: report.userId, kind: "portfolio_xlsx", sourceId: report.id },
      (p) =>
        writePortfolioXlsx(
          workbook,
          p,
          () => (disclosure = pass.totals.disclosure.result(workbook.metadata, workbook)),
        ),
    );
    written.push(xlsx);
    const [done, tables] = [finished, disclosure];
    if (!done || !tables) throw new Error("the report's pass over its rows ended without its figures");
    pdfSink.finish(portfolioPdfFront(reportSource(done, upload, user), pass.totals));
    const pdf = await pdfWritten;
    // The files are listed, and the disclosure tables kept, in the one transaction that marks the report done:
    // an interrupted run lists nothing, and nothing runs after "done" that a shutdown could cut off.
    await run.finish(async (tx) => {
      await grantReportHexagons(
        report.userId,
        (done.result as unknown as ReportOutputs).output_request_stats.locations.hexagons,
        tx,
      );
      const pdfRow = await recordReportFile(pdf, tx);
      const xlsxRow = await recordReportFile(xlsx, tx);
      const files = [
        { kind: "pdf", path: `/dashboard/pdf?id=${pdfRow.id}`, name: pdfRow.fileName, bytes: pdfRow.bytes },
        { kind: "xlsx", path: `/dashboard/xls?id=${xlsxRow.id}`, name: xlsxRow.fileName, bytes: xlsxRow.bytes },
      ];
      // The dataset the files name: the one the job ran with, should the server have changed it since the queueing.
      const datasetVersion = (done.result as unknown as ReportOutputs).dataset.version;
      return {
        processed: pass.scored,
        result: { ...done.result, disclosure: tables },
        files,
        finishedAt: done.finishedAt,
        datasetVersion,
      };
    });
    // The report's hexagons are the buyer's from this commit: this instance does not wait for the NOTIFY to say so.
    forgetAccount(report.userId);
  } catch (error) {
    await pdfSink.abort();
    await pdfWritten.catch(() => undefined);
    await Promise.all(written.map((file) => discardReportFile(file)));
    if (error instanceof ReportRunInterrupted) {
      logger.info({ reportId }, "portfolio report interrupted by shutdown: queued again");
      await run
        .release()
        .catch((releaseError: unknown) =>
          logger.warn({ err: releaseError, reportId }, "could not queue the interrupted report again"),
        );
      throw error;
    }
    if (error instanceof ReportRunLost) {
      logger.warn({ reportId }, "portfolio report taken over by another worker: this run stops");
      return;
    }
    logger.error({ err: error, reportId }, "portfolio report failed");
    await run
      .fail(ERROR_MESSAGES.reportFailed)
      .catch((failError: unknown) => logger.warn({ err: failError, reportId }, "could not mark the report failed"));
    throw error;
  } finally {
    run.end();
    // What the job read and wrote is garbage now: collected and given back at once rather than kept until V8 next
    // needs the room.
    await releaseMemory();
  }
}

type FinishedReport = PortfolioReport & { result: Record<string, unknown>; finishedAt: Date };

/**
 * The job's one pass over an upload's rows: each row is assessed once, counted into the report's figures and the
 * files' totals, and handed on (the workbook is written from this pass), with the run's checkpoint, progress and
 * collections between rows.
 */
/** Rows whose flood-depth reads run ahead of the row being written. */
const FLOOD_LOOKAHEAD = 32;

class ReportPass {
  /** Rows read so far. */
  processed = 0;
  /**
   * Locations scored so far: the valid rows, each billed once (a row at a place an earlier row already has is scored
   * as an asset of its own but is not a new location); the job's progress (total = the billed count).
   */
  scored = 0;
  readonly totals = new ReportFileTotals();
  private readonly engine = getRiskEngine();
  private readonly acc = new PortfolioAccumulator();
  private missingWeight = 0;
  private readonly missingWeightRows: RowIssue[] = [];

  constructor(
    private readonly upload: PortfolioUpload,
    private readonly run: ReportRun,
    private readonly pdf: PortfolioPdfSink,
    private readonly flood: FloodReportBasis | null = null,
  ) {
    this.totals.disclosure.withLoanColumns(loanColumnsOf(upload), new Date());
  }

  async *locations(): AsyncGenerator<AssessedLocation> {
    const { upload, run } = this;
    const db = await getDb();
    for await (const { row, valid, a, location } of this.assessed()) {
      const processed = ++this.processed;
      if (valid && row[6] === null) this.scored++;
      this.totals.add(location);
      const drawing = this.pdf.row(appendixCells(location));
      if (drawing) await drawing;
      if (valid) {
        const weight = weightOf(upload, row[5]);
        // A row without a usable weight counts as an asset but adds nothing to weighted figures.
        if (a) {
          this.acc.add(a, a.values, weight ?? 0);
          if (weight === null) {
            this.missingWeight++;
            if (this.missingWeightRows.length < PREVIEW_ISSUES_MAX)
              this.missingWeightRows.push({ row: row[0], reason: ROW_REASONS.badWeight });
          }
        }
      }
      yield location;
      const due = run.checkpoint(this.scored);
      if (due) await due;
      if (processed % COLLECT_EVERY === 0) collectGarbage();
      if (processed % PROGRESS_EVERY === 0)
        await db
          .update(portfolioReports)
          .set({ processed: this.scored })
          .where(and(eq(portfolioReports.id, run.report.id), eq(portfolioReports.runId, run.runId)));
    }
  }

  /**
   * Every stored row assessed, in file order. With flood-depth layers, each valid row's depth reads start as it is
   * read and the next FLOOD_LOOKAHEAD rows' reads run while earlier rows are written: the reads wait on the disk or
   * the bucket, which then overlaps the job's own work.
   */
  private async *assessed(): AsyncGenerator<{
    row: StoredRow;
    valid: boolean;
    a: ReturnType<typeof assessLocation> | null;
    location: AssessedLocation;
  }> {
    const { engine, upload, flood } = this;
    const ahead: {
      row: StoredRow;
      valid: boolean;
      a: ReturnType<typeof assessLocation> | null;
      location: AssessedLocation;
      flood: Promise<AssetFloodFigures | null> | null;
    }[] = [];
    const next = async () => {
      const item = ahead.shift()!;
      if (item.flood) item.location.flood = await item.flood;
      return item;
    };
    for await (const row of uploadRows(upload.id)) {
      // A row repeating an asset is neither billed nor counted: its asset's first row stands for it.
      const valid = row[1] === ROW_STATUS.valid && row[3] !== null && row[4] !== null && sameAssetOf(row) === null;
      const a = valid ? assessLocation(engine, row[3]!, row[4]!) : null;
      const location = toAssessedLocation(engine, upload, row, a);
      const reading = flood && valid ? assetFloodFigures(flood, location) : null;
      // Awaited in order below; until then a failed read must not count as unhandled.
      reading?.catch(() => undefined);
      ahead.push({ row, valid, a, location, flood: reading });
      if (ahead.length > (flood ? FLOOD_LOOKAHEAD : 0)) yield await next();
    }
    while (ahead.length) yield await next();
  }

  /** The report's figures, once every row has passed. */
  async outputs(): Promise<ReportOutputs> {
    const { acc, upload, engine } = this;
    const owned = new Set(
      (await getUserEntitlements({ id: this.run.report.userId, planCode: "DISCOVERY" })).ordered.hexagon,
    );
    const column = upload.weightColumn ?? DEFAULT_WEIGHTING_COLUMN;
    const hasColumn = upload.columns.includes(column);
    return {
      // A new assessment of a paid portfolio is made at no cost: its files say what it charged, nothing.
      output_request_stats: acc.requestStats(owned, this.run.report.reassessedFrom ? null : await reportCharge(upload)),
      output_risks_overall_estimate: acc.overallEstimate(),
      output_risks_diversity: acc.diversity(),
      output_risks_intensity: acc.intensity(),
      social_by_country_sum: acc.socialByCountry(),
      not_available: NOT_AVAILABLE_REASONS,
      weighting: {
        column,
        note: hasColumn ? null : WEIGHTING_TEXT.missingColumn(column),
        missing: this.missingWeight,
        missing_rows: this.missingWeightRows,
      },
      dataset: { generator: engine.header.generator, version: engine.datasetVersion },
      piecharts: acc.pies(),
      summary_table: acc.summaryTable(),
      ...(this.flood ? { flood: { basis: this.flood, totals: this.totals.flood.result() } } : {}),
    };
  }
}

/** The report's owner as its metadata names them: the same for the job's files and the corporate view. */
function ownerOf(id: string, user: { email: string; firstName: string | null; lastName: string | null } | undefined) {
  return { id, email: user?.email ?? "", name: [user?.firstName, user?.lastName].filter(Boolean).join(" ") || null };
}

async function reportUser(userId: string) {
  const db = await getDb();
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return ownerOf(userId, user);
}

function reportFileNames(upload: PortfolioUpload) {
  return {
    baseName: `portfolio-${upload.fileName.replace(/\.[^.]+$/, "")}`,
    title: `Portfolio report: ${upload.fileName}`,
  };
}

/** Finished reports as the report views (downloads, corporate disclosure) read them. */
setPortfolioReportStore({
  async list(userId) {
    const db = await getDb();
    const rows = await db
      .select({
        id: portfolioReports.id,
        fileName: portfolioUploads.fileName,
        createdAt: portfolioReports.createdAt,
        result: portfolioReports.result,
        datasetVersion: portfolioReports.datasetVersion,
      })
      .from(portfolioReports)
      .innerJoin(portfolioUploads, eq(portfolioUploads.id, portfolioReports.uploadId))
      .where(and(eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")))
      .orderBy(desc(portfolioReports.createdAt));
    return rows.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
      assets: (r.result as unknown as ReportOutputs).output_request_stats.asset_number,
      datasetVersion: reportDatasetVersion(r),
    }));
  },
  async load(userId, id) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const db = await getDb();
    const [row] = await db
      .select({
        report: portfolioReports,
        upload: portfolioUploads,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(portfolioReports)
      .innerJoin(portfolioUploads, eq(portfolioUploads.id, portfolioReports.uploadId))
      .innerJoin(users, eq(users.id, portfolioReports.userId))
      .where(
        and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")),
      );
    return row ? reportSource(row.report, row.upload, ownerOf(userId, row)) : null;
  },
  async storedDisclosure(userId, id) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const db = await getDb();
    const [row] = await db
      .select({ result: portfolioReports.result })
      .from(portfolioReports)
      .where(
        and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")),
      );
    return (row?.result as { disclosure?: DisclosureTables } | null | undefined)?.disclosure ?? null;
  },
  async storeDisclosure(userId, id, tables) {
    const db = await getDb();
    await db
      .update(portfolioReports)
      .set({ result: sql`${portfolioReports.result} || ${JSON.stringify({ disclosure: tables })}::jsonb` })
      .where(
        and(eq(portfolioReports.id, id), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")),
      );
  },
});

/** Starts the report workers with the server (the queue stops before the database closes). */
export function startReportWorkers(): Promise<unknown> {
  return startJobs();
}
