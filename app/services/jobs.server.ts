/**
 * The background job queue: pg-boss over the app's own database. pg-boss talks through a small `executeSql`
 * adapter, so the same queue runs on the embedded PGlite and on PostgreSQL; jobs are rows, so a restart loses none
 * and SKIP LOCKED hands each job to one worker only, however many instances run.
 */
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { getDb, onBeforeCloseDb, type Database } from "./db.server";
import { logger } from "./logger.server";

type Handler = (data: Record<string, unknown>, job: { id: string; retryCount: number }) => Promise<void>;

const handlers = new Map<string, { handler: Handler; options: QueueSetup }>();

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

let started: Promise<PgBoss> | null = null;

async function startBoss(): Promise<PgBoss> {
  const db = await getDb();
  const boss = new PgBoss({ db: adapterFor(db), schedule: false, supervise: true, maintenanceIntervalSeconds: 300 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, { handler, options }] of handlers) await attach(boss, name, handler, options);
  onBeforeCloseDb(() => stopJobs());
  logger.info({ queues: [...handlers.keys()] }, "job queue started");
  return boss;
}

async function attach(boss: PgBoss, name: string, handler: Handler, options: QueueSetup) {
  const queue = { name, policy: options.policy ?? "standard", expireInSeconds: options.expireInSeconds, retryLimit: options.retryLimit, retryDelay: 5 };
  await boss.createQueue(name, queue);
  // createQueue leaves an existing queue as it was: bring its policy and expiry up to date.
  await boss.updateQueue(name, queue);
  await boss.work<Record<string, unknown>>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await handler(job.data, { id: job.id, retryCount: (job as unknown as { retryCount?: number }).retryCount ?? 0 });
  });
}

/** Declares a queue and its worker; workers run once the queue is started. */
export function defineQueue(name: string, options: QueueSetup, handler: Handler) {
  handlers.set(name, { handler, options });
}

/** Starts the queue (idempotent): on server start and before the first job is sent. */
export function startJobs(): Promise<PgBoss> {
  started ??= startBoss().catch((error) => {
    started = null;
    throw error;
  });
  return started;
}

export async function sendJob(name: string, data: Record<string, unknown>, singletonKey?: string): Promise<string | null> {
  const boss = await startJobs();
  return boss.send(name, data, singletonKey ? { singletonKey } : {});
}

/** Stops the workers (waiting for a running job to reach its next checkpoint) before the database closes. */
export async function stopJobs(): Promise<void> {
  const boss = started;
  started = null;
  if (!boss) return;
  await (await boss).stop({ graceful: true, wait: true, timeout: 10_000, close: false });
}
