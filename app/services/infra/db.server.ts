import fs from "node:fs";
import path from "node:path";
import type { PGliteOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "#db/schema/index";
import { seedDatabase } from "#db/seed";
import { DEMO_ACCOUNTS_WARNING, getEnv, isProduction, shouldSeedDemoAccounts } from "~/env.server";
import { logger } from "~/services/infra/logger.server";
import { collectGarbage } from "~/services/infra/memory.server";

import type { Database } from "#db/database";

export type { Database };

interface Connection {
  db: Database;
  mode: "pglite" | "postgres";
  close: () => Promise<void>;
  /** One trivial query that does not wait for the app's pool (the health check). */
  probe: () => Promise<void>;
  /** The pool's connections: open, idle, and queries waiting for one (PostgreSQL). */
  pool?: () => { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");
/** Arbitrary constant: serialises migrations when several containers start at once. */
const MIGRATION_LOCK_ID = 727_274_001;

let connection: Promise<Connection> | undefined;

/** Whether to seed the demo accounts; says so loudly when a production server does. */
export function demoAccountsEnabled(): boolean {
  const seed = shouldSeedDemoAccounts();
  if (seed && isProduction()) logger.warn({ security: true }, DEMO_ACCOUNTS_WARNING);
  return seed;
}

/**
 * PGlite's default 128 MB of shared buffers are all touched and stay resident (about 120 MB of RSS). The embedded
 * database is small and sits in the OS page cache anyway, so 16 MB serves it as fast.
 */
export const PGLITE_MEMORY_SETTINGS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "work_mem=2MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/** bytea's type OID, fixed in PostgreSQL's catalogue (pg_type.dat); PGlite's `types.BYTEA` names the same. */
const BYTEA_OID = 17;

/**
 * bytea in binary, out as one hex conversion. PGlite's own handlers map every byte through a JavaScript array; a
 * hex text parameter costs two passes of its UTF-8 length count over twice the bytes, then PostgreSQL's hex
 * decoding. A byte array handed back as is goes out as a binary parameter: one copy, nothing to decode.
 */
export const PGLITE_TYPE_HANDLERS: Pick<PGliteOptions, "parsers" | "serializers"> = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
      return value as unknown as string;
    },
  },
  parsers: { [BYTEA_OID]: (text: string) => Buffer.from(text.slice(2), "hex") },
};

/**
 * The embedded database's modules, loaded when a process opens one: a server on PostgreSQL never runs PGlite and
 * does not carry its code.
 */
export async function pgliteModules() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  return { PGlite, drizzlePglite: drizzle, migratePglite: migrate };
}

async function startPglite(dataDir: string) {
  const { PGlite, drizzlePglite } = await pgliteModules();
  const client = new PGlite(dataDir, {
    ...PGLITE_TYPE_HANDLERS,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
  });
  await client.waitReady;
  return { client, db: drizzlePglite(client, { schema }) as unknown as Database };
}

/** Opens the embedded database, creating its cluster on a first start, and brings it up to date (migrations, seed). */
async function preparedPglite(dataDir: string) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const opened = await startPglite(dataDir);
  const { migratePglite } = await pgliteModules();
  await migratePglite(opened.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  const seeded = await seedDatabase(opened.db, { demoAccounts: demoAccountsEnabled() });
  logger.info({ seeded }, seeded ? "seed ran" : "seed unchanged: skipped");
  return opened;
}

function pgliteDataDir(): string {
  return path.resolve(getEnv().DATA_DIR, "pglite");
}

function holdsCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/** True when the server runs on the embedded database and its data folder holds no cluster yet (a first start). */
export function embeddedDatabaseIsNew(): boolean {
  return !getEnv().DATABASE_URL && !holdsCluster(pgliteDataDir());
}

/**
 * Creates, migrates and seeds the embedded database and opens it as the process's database, without the fresh
 * instance a first start otherwise serves from: for a short-lived process that prepares the database and closes it
 * (server.ts runs one on a first start, so what creating a cluster costs leaves with that process).
 */
export async function openEmbeddedDatabaseToPrepare(): Promise<void> {
  connection = preparedPglite(pgliteDataDir()).then(({ client, db }) => ({
    db,
    mode: "pglite" as const,
    close: () => client.close(),
    probe: async () => void (await client.query("select 1")),
  }));
  await connection;
}

async function openPglite(dataDir: string): Promise<Connection> {
  // Creating the cluster (initdb) grows PGlite's memory far beyond what serving it needs, and a WASM memory never
  // shrinks: a first start closes that instance once it is ready and serves from a fresh one.
  const fresh = !holdsCluster(dataDir);
  let { client, db } = await preparedPglite(dataDir);
  if (fresh) {
    await client.close();
    ({ client, db } = await startPglite(dataDir));
    // The closed instance's memory goes back to the system now, not at a collection an idle server may not run for hours.
    collectGarbage();
  }
  // One connection serves everything: the probe waits behind a transaction in progress, as every request does.
  const probeClient = client;
  return {
    db,
    mode: "pglite",
    close: () => probeClient.close(),
    probe: async () => void (await probeClient.query("select 1")),
  };
}

async function openPostgres(url: string): Promise<Connection> {
  const setup = new pg.Client({ connectionString: url });
  // A connection the server drops mid-migration fails the query in flight; without a listener it would end the process.
  setup.on("error", (error) => logger.error({ err: error }, "postgres setup connection lost"));
  await setup.connect();
  try {
    await setup.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const setupDb = drizzlePg(setup, { schema }) as unknown as Database;
    await migratePg(setupDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedDatabase(setupDb, { demoAccounts: demoAccountsEnabled() });
    await setup.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The pool listens on idle connections only: a connection checked out (a transaction, a large-object read) that
  // the server terminates emits "error" on the client itself, which would end the process unheard. The query in
  // flight fails on its own and its request answers 5xx; the pool drops the dead client when it is released.
  pool.on("error", (error) => logger.error({ err: error }, "postgres pool error"));
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "postgres connection lost while in use"));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const probe = healthConnection(url);
  return {
    db,
    mode: "postgres",
    close: async () => {
      await probe.close();
      await pool.end();
    },
    probe: probe.query,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * A connection of the health check's own, outside the pool: with every pooled connection taken (requests waiting on
 * a lock), the check still reaches the database at once. It reconnects after a failure; each query is limited.
 */
function healthConnection(url: string) {
  let client: Promise<pg.Client> | null = null;
  const drop = (c: Promise<pg.Client> | null) => {
    if (client === c) client = null;
    void c?.then((open) => open.end()).catch(() => undefined);
  };
  const connect = () => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: HEALTH_QUERY_TIMEOUT_MS,
      query_timeout: HEALTH_QUERY_TIMEOUT_MS,
      statement_timeout: HEALTH_QUERY_TIMEOUT_MS,
      application_name: "health check",
    });
    c.on("error", () => drop(opened));
    const opened = c.connect().then(() => c);
    return opened;
  };
  return {
    query: async () => {
      const current = (client ??= connect());
      try {
        await (await current).query("select 1");
      } catch (error) {
        drop(current);
        throw error;
      }
    },
    close: async () => {
      const c = client;
      client = null;
      await c?.then((open) => open.end()).catch(() => undefined);
    },
  };
}

/** How long the health check's own query may take. */
export const HEALTH_QUERY_TIMEOUT_MS = 800;

function openConfigured(): Promise<Connection> {
  const env = getEnv();
  const opening = env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(pgliteDataDir());
  return opening.then((c) => {
    logger.info({ mode: c.mode }, "database ready");
    registerShutdown();
    return c;
  });
}

/** The process-wide database; the first call opens it, migrates and seeds. */
export function getDb(): Promise<Database> {
  connection ??= openConfigured();
  return connection.then((c) => c.db);
}

/** What the health check asks of the database: its mode, a probe that does not queue behind the pool, the pool's counts. */
export async function databaseProbe(): Promise<Pick<Connection, "mode" | "probe" | "pool">> {
  connection ??= openConfigured();
  return connection;
}

export async function getDbMode(): Promise<Connection["mode"]> {
  connection ??= openConfigured();
  return (await connection).mode;
}

const beforeCloseHooks: (() => Promise<void>)[] = [];

/** Work that must stop before the database closes (job queue workers). */
export function onBeforeCloseDb(hook: () => Promise<void>) {
  beforeCloseHooks.push(hook);
}

async function runBeforeCloseHooks() {
  for (const hook of beforeCloseHooks.splice(0))
    await hook().catch((error) => logger.error({ err: error }, "error before closing the database"));
}

export async function closeDb() {
  if (!connection) return;
  await runBeforeCloseHooks();
  const open = connection;
  connection = undefined;
  await (await open).close();
}

/**
 * Lets tests swap in a fresh database per test.
 * @internal
 */
export function setDbForTesting(db: Database) {
  connection = Promise.resolve({
    db,
    mode: "pglite",
    close: async () => {},
    probe: async () => void (await db.execute(sql`select 1`)),
  });
}

/**
 * A test's database is about to be dropped or restored in place: what holds on to it lets go as at a close. The
 * account cache's listener would keep a pooled connection the drop waits for, or keep values the restore changes
 * without telling; a mail pass begun on one test's rows would write to the next test's rows, which the restore gave
 * the same ids. The connection stays installed: the harness closes it, the next test replaces it.
 * @internal
 */
export async function releaseDbForTesting() {
  await runBeforeCloseHooks();
}

let shutdownRegistered = false;
let shutdownOwnedByServer = false;

/** The production server entry drains in-flight requests first and then calls closeDb itself. */
export function leaveShutdownToServer() {
  shutdownOwnedByServer = true;
}

function registerShutdown() {
  if (shutdownRegistered || process.env.VITEST) return;
  shutdownRegistered = true;
  // PGlite keeps the event loop alive; without closing it the server never exits.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (shutdownOwnedByServer) return;
      logger.info({ signal }, "shutting down");
      closeDb()
        .catch((error) => logger.error({ err: error }, "error while closing the database"))
        .finally(() => process.exit(0));
    });
  }
}
