import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "#db/schema/index";
import { seedDatabase } from "#db/seed";
import { getEnv, shouldSeedDemoAccounts } from "~/env.server";
import { logger } from "~/services/logger.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Connection {
  db: Database;
  mode: "pglite" | "postgres";
  close: () => Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");
/** Arbitrary constant: serialises migrations when several containers start at once. */
const MIGRATION_LOCK_ID = 727_274_001;

let connection: Promise<Connection> | undefined;

async function openPglite(dataDir: string): Promise<Connection> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedDatabase(db, { demoAccounts: shouldSeedDemoAccounts() });
  return { db, mode: "pglite", close: () => client.close() };
}

async function openPostgres(url: string): Promise<Connection> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const setupDb = drizzlePg(setup, { schema }) as unknown as Database;
    await migratePg(setupDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedDatabase(setupDb, { demoAccounts: shouldSeedDemoAccounts() });
    await setup.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", (error) => logger.error({ err: error }, "postgres pool error"));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { db, mode: "postgres", close: () => pool.end() };
}

function openConfigured(): Promise<Connection> {
  const env = getEnv();
  const opening = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : openPglite(path.resolve(env.DATA_DIR, "pglite"));
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

export async function getDbMode(): Promise<Connection["mode"]> {
  connection ??= openConfigured();
  return (await connection).mode;
}

export async function closeDb() {
  if (!connection) return;
  const open = connection;
  connection = undefined;
  await (await open).close();
}

/** Lets tests swap in a fresh database per test. */
export function setDbForTesting(db: Database) {
  connection = Promise.resolve({ db, mode: "pglite", close: async () => {} });
}

let shutdownRegistered = false;
function registerShutdown() {
  if (shutdownRegistered || process.env.VITEST) return;
  shutdownRegistered = true;
  // PGlite keeps the event loop alive; without closing it the server never exits.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      closeDb()
        .catch((error) => logger.error({ err: error }, "error while closing the database"))
        .finally(() => process.exit(0));
    });
  }
}
