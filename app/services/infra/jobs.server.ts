/**
 * The background job queue: pg-boss over the app's own database. pg-boss talks through a small `executeSql`
 * adapter, so the same queue runs on the embedded PGlite and on PostgreSQL; jobs are rows, so a restart loses none
 * and SKIP LOCKED hands each job to one worker only, however many instances run.
 */
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { getDb, onBeforeCloseDb, type Database } from "./db.server";
import { AppError } from "../http/errors.server";
import { logger } from "./logger.server";

export interface JobContext {
  id: string;
  retryCount: number;
  /**
   * Aborted when the queue stops (SIGTERM): a handler checks it between steps and throws, so the job is retried
   * rather than marked completed with its work undone.
   */
  signal: AbortSignal;
}

type Handler = (data: Record<string, unknown>, job: JobContext) => Promise<void>;

const handlers = new Map<string, { handler: Handler; options: QueueSetup }>();
/** pg-boss's default schema, where its job table lives. */
const PGBOSS_SCHEMA = "pgboss";

/** Periodic work that runs beside the workers (recovering jobs whose worker died), from start until stop. */
const housekeeping: { name: string; everySeconds: number; task: () => Promise<void> }[] = [];

export interface QueueSetup {
  /** Seconds before an active job is considered lost (crashed worker) and retried. */
  expireInSeconds: number;
  retryLimit: number;
  /**
   * pg-boss queue policy. 'stately': at most one job per state (queued, retry, active) for one singleton key,
   * so a key's job is never queued twice nor run by two workers at once.
   */
  policy?: PgBoss.QueuePolicy;
}

function adapterFor(db: Database): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (typeof (client as PGlite).exec !== "function") {
    const pool = client as pg.Pool;
    return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
  }
  const lite = client as PGlite;
  return {
    executeSql: async (text, values) => {
      if (values && values.length) return { rows: (await lite.query(text, values)).rows };
      const results = await lite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

let opened: Promise<PgBoss> | null = null;
let working: Promise<PgBoss> | null = null;
let stopping: Promise<void> | null = null;
/** Set by the server's shutdown: from then on nothing starts the queue again in this process. */
let shutDown = false;
let stopController = new AbortController();
const housekeepingTimers: NodeJS.Timeout[] = [];

/**
 * Thrown once the queue is stopping (the server is shutting down): the caller's row stays queued and is recovered
 * on the next start; a request that hit it may simply be sent again.
 */
export class JobQueueStoppedError extends AppError {
  readonly retryAfterSeconds = 60;
  constructor() {
    super("The server is restarting; please try again in a minute", 503);
  }
}

/** The queue, ready to send and read jobs; workers are started apart (startJobs). */
async function openBoss(): Promise<PgBoss> {
  const db = await getDb();
  const boss = new PgBoss({ db: adapterFor(db), schedule: false, supervise: true, maintenanceIntervalSeconds: 300 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, { options }] of handlers) {
    const queue = {
      name,
      policy: options.policy ?? "standard",
      expireInSeconds: options.expireInSeconds,
      retryLimit: options.retryLimit,
      retryDelay: 5,
    };
    await boss.createQueue(name, queue);
    // createQueue leaves an existing queue as it was: bring its policy and expiry up to date.
    await boss.updateQueue(name, queue);
  }
  onBeforeCloseDb(() => stopJobs());
  return boss;
}

function openQueue(): Promise<PgBoss> {
  if (stopping || shutDown) return Promise.reject(new JobQueueStoppedError());
  opened ??= openBoss().catch((error) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function startWorkers(): Promise<PgBoss> {
  const boss = await openQueue();
  stopController = new AbortController();
  const { signal } = stopController;
  for (const [name, { handler }] of handlers) {
    await boss.work<Record<string, unknown>>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job)
        await handler(job.data, {
          id: job.id,
          retryCount: (job as unknown as { retryCount?: number }).retryCount ?? 0,
          signal,
        });
    });
  }
  for (const { name, everySeconds, task } of housekeeping) {
    const run = () =>
      task().catch((error: unknown) => logger.error({ err: error, task: name }, "job housekeeping failed"));
    void run();
    housekeepingTimers.push(setInterval(run, everySeconds * 1000).unref());
  }
  logger.info({ queues: [...handlers.keys()] }, "job queue started");
  return boss;
}

/** Declares a queue and its worker; workers run once the queue is started. */
export function defineQueue(name: string, options: QueueSetup, handler: Handler) {
  handlers.set(name, { handler, options });
}

/** Runs `task` when the workers start and every `everySeconds` while they run (on every instance). */
export function defineHousekeeping(name: string, everySeconds: number, task: () => Promise<void>) {
  housekeeping.push({ name, everySeconds, task });
}

/** Starts the workers (idempotent): on server start. */
export function startJobs(): Promise<PgBoss> {
  if (stopping || shutDown) return Promise.reject(new JobQueueStoppedError());
  working ??= startWorkers().catch((error) => {
    working = null;
    throw error;
  });
  return working;
}

export async function sendJob(
  name: string,
  data: Record<string, unknown>,
  singletonKey?: string,
): Promise<string | null> {
  const boss = await openQueue();
  return boss.send(name, data, singletonKey ? { singletonKey } : {});
}

/** Queued or retrying jobs of that key: someone will run them. */
export async function hasWaitingJob(name: string, singletonKey: string): Promise<boolean> {
  const boss = await openQueue();
  const { rows } = await boss
    .getDb()
    .executeSql(
      `SELECT 1 FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') LIMIT 1`,
      [name, singletonKey],
    );
  return rows.length > 0;
}

/**
 * Cancels the active jobs of that key: the caller knows their worker is gone. Without this the dead job would
 * stay active until it expires and only then be retried.
 */
export async function cancelActiveJobs(name: string, singletonKey: string): Promise<number> {
  const boss = await openQueue();
  const { rows } = await boss
    .getDb()
    .executeSql(`SELECT id FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'active'`, [
      name,
      singletonKey,
    ]);
  const ids = rows.map((r: { id: string }) => r.id);
  if (ids.length) await boss.cancel(name, ids);
  return ids.length;
}

/**
 * Stops taking jobs and asks running handlers to stop at their next checkpoint (they throw, so their jobs are
 * retried), then waits for them before the database closes. Idempotent: the server calls it on SIGTERM and the
 * database close waits for the same stop.
 */
export function stopJobs(): Promise<void> {
  stopping ??= (async () => {
    stopController.abort();
    for (const timer of housekeepingTimers.splice(0)) clearInterval(timer);
    const boss = opened;
    if (boss) await (await boss.catch(() => null))?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    opened = null;
    working = null;
  })().finally(() => {
    stopping = null;
  });
  return stopping;
}

/** Creates the queue's tables and queues, then stops: the first-start preparation of a new database runs it. */
export async function prepareJobQueue(): Promise<void> {
  await openQueue();
  await stopJobs();
}

/** The process is shutting down (SIGTERM): stop the workers now, while in-flight requests drain. */
export function shutDownJobs(): Promise<void> {
  shutDown = true;
  return stopJobs();
}
