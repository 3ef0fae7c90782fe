/**
 * Who holds a report while its job runs, and how a report whose worker died finds a worker again. The report row is
 * the truth, not the queue: a run claims the row under a fresh run id, beats a heartbeat into it while it works and
 * writes "done" (with its files) only while it still holds it. A row left queued or running with a stale heartbeat
 * belongs to nobody: the recovery sweep, run on every instance at start and every few seconds, queues it again.
 * docs/decisions/010-report-job-recovery.md gives the timings and why.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { portfolioReports, type PortfolioReport } from "#db/schema/index";
import { getDb, type Database } from "../../infra/db.server";
import { cancelActiveJobs, defineHousekeeping, hasWaitingJob, sendJob } from "../../infra/jobs.server";
import { logger } from "../../infra/logger.server";

export const REPORT_QUEUE = "portfolio-report";
/** A running report writes its heartbeat this often. */
export const REPORT_HEARTBEAT_SECONDS = 5;
/** A heartbeat this old means the worker is gone (six missed beats: a busy event loop or a slow write is not death). */
export const REPORT_STALE_SECONDS = 30;
/** Every instance looks for reports without a worker this often (and at start). */
export const REPORT_RECOVERY_SECONDS = 15;

/** The worker is stopping (SIGTERM): the run gives the report back and its job is retried. */
export class ReportRunInterrupted extends Error {
  constructor() {
    super("the report run was interrupted by a shutdown");
  }
}

/** Another run took the report over after this one's heartbeat went stale: this run's work no longer counts. */
export class ReportRunLost extends Error {
  constructor() {
    super("the report run no longer holds its report");
  }
}

/** The row's last sign of life; a row that never had a heartbeat counts from when it started or was created. */
const lastSignOfLife = sql`coalesce(${portfolioReports.heartbeatAt}, ${portfolioReports.startedAt}, ${portfolioReports.createdAt})`;

function staleBefore(staleSeconds: number): SQL {
  return sql`${lastSignOfLife} < now() - make_interval(secs => ${staleSeconds})`;
}

export interface ReportRun {
  report: PortfolioReport;
  runId: string;
  /**
   * Cheap enough per row: throws when the worker is stopping or the run was taken over, and beats the heartbeat
   * when one is due (returning its promise then, nothing otherwise).
   */
  checkpoint: (processed?: number) => Promise<void> | void;
  /**
   * Commits the run's effect: `complete` (recording the files) runs in one transaction with the update that marks
   * the report done with the values it returns, and only while this run still holds the report (ReportRunLost
   * otherwise, with nothing written).
   */
  finish: (complete: (tx: Database) => Promise<Partial<PortfolioReport>>) => Promise<void>;
  /** After an interruption: the report is queued again at once, for the job's retry or the next start's sweep. */
  release: () => Promise<void>;
  /** A failed run marks its report failed (if it still holds it). */
  fail: (message: string) => Promise<void>;
  /** Stops the heartbeat timer; always called when the run ends. */
  end: () => void;
}

function held(reportId: string, runId: string) {
  return and(
    eq(portfolioReports.id, reportId),
    eq(portfolioReports.runId, runId),
    eq(portfolioReports.status, "running"),
  );
}

/**
 * Takes the report for this worker: one conditional update, so of two workers (or two instances) only one runs it.
 * A running report is taken only when its heartbeat is stale, so a report alive on another instance stays there.
 */
export async function claimReport(
  reportId: string,
  signal: AbortSignal,
  timing: { heartbeatSeconds?: number; staleSeconds?: number } = {},
): Promise<ReportRun | null> {
  const heartbeatMs = (timing.heartbeatSeconds ?? REPORT_HEARTBEAT_SECONDS) * 1000;
  const db = await getDb();
  const runId = randomUUID();
  const [report] = await db
    .update(portfolioReports)
    .set({ status: "running", processed: 0, startedAt: sql`now()`, heartbeatAt: sql`now()`, runId, error: null })
    .where(
      and(
        eq(portfolioReports.id, reportId),
        or(
          inArray(portfolioReports.status, ["queued", "failed"]),
          and(eq(portfolioReports.status, "running"), staleBefore(timing.staleSeconds ?? REPORT_STALE_SECONDS)),
        ),
      ),
    )
    .returning();
  if (!report) return null;

  let lost = false;
  let processedSoFar = 0;
  let lastBeat = Date.now();
  let beating: Promise<void> | null = null;
  const beat = () => {
    lastBeat = Date.now();
    beating ??= db
      .update(portfolioReports)
      .set({ heartbeatAt: sql`now()`, processed: processedSoFar })
      .where(held(reportId, runId))
      .returning({ id: portfolioReports.id })
      .then((rows) => {
        if (!rows.length) lost = true;
      })
      .finally(() => {
        beating = null;
      });
    return beating;
  };
  // Beats also while the run waits on I/O (writing the files) between checkpoints.
  const timer = setInterval(
    () => void beat().catch((error: unknown) => logger.warn({ err: error, reportId }, "report heartbeat failed")),
    heartbeatMs,
  );
  timer.unref();

  const check = () => {
    if (signal.aborted) throw new ReportRunInterrupted();
    if (lost) throw new ReportRunLost();
  };
  return {
    report,
    runId,
    checkpoint(processed) {
      check();
      if (processed !== undefined) processedSoFar = processed;
      if (Date.now() - lastBeat >= heartbeatMs) return beat().then(check);
    },
    async finish(complete) {
      // A shutdown that arrives now does not stop the run: its work is done and committing it takes a moment.
      if (lost) throw new ReportRunLost();
      await db.transaction(async (tx) => {
        const values = await complete(tx as unknown as Database);
        const [done] = await tx
          .update(portfolioReports)
          .set({ ...values, status: "done", runId: null, heartbeatAt: sql`now()` })
          .where(held(reportId, runId))
          .returning({ id: portfolioReports.id });
        if (!done) throw new ReportRunLost();
      });
    },
    async release() {
      await db
        .update(portfolioReports)
        .set({ status: "queued", runId: null, heartbeatAt: null, processed: 0 })
        .where(held(reportId, runId));
    },
    async fail(message) {
      await db
        .update(portfolioReports)
        .set({ status: "failed", error: message, runId: null, finishedAt: new Date() })
        .where(held(reportId, runId));
    },
    end() {
      clearInterval(timer);
    },
  };
}

/**
 * Queues again every report that no live worker holds: running with a stale heartbeat (its worker died; its
 * active job is cancelled), or queued with no job waiting to run it (the job was lost with its worker, or a shutdown
 * cut off the job's retry). A queued report keeps its queueing time as heartbeat, so one being sent right now is
 * left alone. Safe on several instances at once: the reset is one conditional update and the queue keeps one
 * waiting job per report.
 */
export async function recoverReports(options: { reportId?: string; staleSeconds?: number } = {}): Promise<string[]> {
  const db = await getDb();
  const stale = staleBefore(options.staleSeconds ?? REPORT_STALE_SECONDS);
  const only = options.reportId ? eq(portfolioReports.id, options.reportId) : undefined;
  const orphaned = await db
    .update(portfolioReports)
    .set({ status: "queued", runId: null, processed: 0 })
    .where(and(only, eq(portfolioReports.status, "running"), stale))
    .returning({ id: portfolioReports.id });
  for (const { id } of orphaned) await cancelActiveJobs(REPORT_QUEUE, id);

  const queued = await db
    .select({ id: portfolioReports.id })
    .from(portfolioReports)
    .where(and(only, eq(portfolioReports.status, "queued"), or(sql`${portfolioReports.heartbeatAt} is null`, stale)));
  const requeued: string[] = [];
  for (const { id } of queued) {
    if (await hasWaitingJob(REPORT_QUEUE, id)) continue;
    const jobId = await sendJob(REPORT_QUEUE, { reportId: id }, id);
    await db
      .update(portfolioReports)
      .set({ jobId: jobId ?? `${REPORT_QUEUE}:${id}`, heartbeatAt: sql`now()` })
      .where(and(eq(portfolioReports.id, id), eq(portfolioReports.status, "queued")));
    requeued.push(id);
  }
  if (orphaned.length || requeued.length)
    logger.warn({ orphaned: orphaned.map((r) => r.id), requeued }, "report jobs recovered");
  return requeued;
}

defineHousekeeping("recover-reports", REPORT_RECOVERY_SECONDS, async () => {
  await recoverReports();
});
