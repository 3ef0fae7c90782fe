import crypto from "node:crypto";
import { readFile } from "node:fs/promises";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "#db/schema/index";
import { seedDatabase } from "#db/seed";
import { MIGRATIONS_FOLDER, PGLITE_TYPE_HANDLERS, pgliteModules, setDbForTesting, type Database } from "~/services/infra/db.server";

export interface TestDatabase {
  db: Database;
  close: () => Promise<void>;
}

/**
 * The database test project's global setup (tests/global-setup-database.ts) migrates and seeds once per run and hands
 * the result to every test file; a process outside it (a bench, a file run without the project) makes its own.
 */
declare module "vitest" {
  interface ProvidedContext {
    /** A PGlite data directory tarball, migrated and seeded. */
    pgliteSnapshotFile?: string;
    /** A migrated and seeded template database on the server DATABASE_URL names. */
    postgresTemplate?: string;
  }
}

async function provided<K extends "pgliteSnapshotFile" | "postgresTemplate">(key: K): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject(key);
}

let pgliteSnapshot: Promise<Blob> | undefined;

/** A migrated and seeded data directory; every test then starts from a copy of it. */
export async function createPgliteSnapshot(): Promise<Blob> {
  const { PGlite, drizzlePglite, migratePglite } = await pgliteModules();
  const client = new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedDatabase(db, { demoAccounts: false });
  const dump = await client.dumpDataDir("none");
  await client.close();
  return dump;
}

async function sharedPgliteSnapshot(): Promise<Blob> {
  const file = await provided("pgliteSnapshotFile");
  return file ? new Blob([await readFile(file)]) : createPgliteSnapshot();
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  pgliteSnapshot ??= sharedPgliteSnapshot();
  const { PGlite, drizzlePglite } = await pgliteModules();
  const client = new PGlite({ ...PGLITE_TYPE_HANDLERS, loadDataDir: await pgliteSnapshot });
  await client.waitReady;
  return { db: drizzlePglite(client, { schema }) as unknown as Database, close: () => client.close() };
}

/** With DATABASE_URL: a fresh database per test, cloned from a migrated template made once per run. */
let templateName: Promise<string> | undefined;
/** Whether this process made the template itself, and so drops it (dropTemplate). */
let templateIsOwn = false;

/**
 * Databases made for tests are named after the one DATABASE_URL names (`<base>_tpl_…`, `<base>_t_…`), so runs that
 * share a server can tell theirs apart and clear them up. PostgreSQL names stop at 63 bytes.
 */
function scratchName(databaseUrl: string, kind: string, suffix: string): string {
  const base = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)).replace(/[^a-z0-9_]/gi, "_").toLowerCase() || "postgres";
  return `${base.slice(0, 63 - kind.length - suffix.length - 2)}_${kind}_${suffix}`;
}

function adminUrl(databaseUrl: string, database: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates a migrated and seeded database to clone test databases from; returns its name. */
export async function createTemplate(databaseUrl: string): Promise<string> {
  const name = scratchName(databaseUrl, "tpl", `${process.pid}_${crypto.randomBytes(3).toString("hex")}`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl, name) });
  await client.connect();
  const db = drizzlePg(client, { schema }) as unknown as Database;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedDatabase(db, { demoAccounts: false });
  await client.end();
  return name;
}

async function createPostgresDatabase(databaseUrl: string): Promise<TestDatabase> {
  templateName ??= provided("postgresTemplate").then((shared) => {
    templateIsOwn = !shared;
    return shared ?? createTemplate(databaseUrl);
  });
  const template = await templateName;
  const name = scratchName(databaseUrl, "t", `${process.pid}_${crypto.randomBytes(4).toString("hex")}`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: adminUrl(databaseUrl, name), max: 4 });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    close: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}"`);
      await cleanup.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresDatabase(url) : createPgliteDatabase();
}

/** Gives each test of a file its own database, installed as the app's database. */
export function setupTestDatabase() {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await createTestDatabase();
    setDbForTesting(current.db);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(dropTemplate);
  return () => {
    if (!current) throw new Error("setupTestDatabase: no database outside a test");
    return current.db;
  };
}

export async function dropDatabase(databaseUrl: string, name: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop database if exists "${name}"`);
  await client.end();
}

/** Drops the template database this process made for itself (PostgreSQL mode); a shared one is the run's to drop. */
export async function dropTemplate() {
  const url = process.env.DATABASE_URL;
  if (!url || !templateName) return;
  const name = await templateName;
  const own = templateIsOwn;
  templateName = undefined;
  templateIsOwn = false;
  if (own) await dropDatabase(url, name);
}
