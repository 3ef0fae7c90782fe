import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { readFile } from "node:fs/promises";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "#db/schema/index";
import { seedDatabase } from "#db/seed";
import {
  MIGRATIONS_FOLDER,
  PGLITE_MEMORY_SETTINGS,
  PGLITE_TYPE_HANDLERS,
  pgliteModules,
  releaseDbForTesting,
  setDbForTesting,
  type Database,
} from "~/services/infra/db.server";

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
  await client.exec(RECORD_BASELINE_SQL);
  const dump = await client.dumpDataDir("none");
  await client.close();
  return dump;
}

async function sharedPgliteSnapshot(): Promise<Blob> {
  const file = await provided("pgliteSnapshotFile");
  return file ? new Blob([await readFile(file)]) : createPgliteSnapshot();
}

/**
 * Opening PGlite from a data directory costs about a second of CPU (unpacking 40 MB into its in-memory file system,
 * then starting PostgreSQL); restoring the seeded rows in the one already open costs a few milliseconds. So a test
 * file opens PGlite once and every test after the first gets the seeded state back by RESTORE_BASELINE_SQL.
 */
const BASELINE_SCHEMA = "test_baseline";

/**
 * Copies every table of the seeded database (with its column list, so generated columns are left to PostgreSQL),
 * every sequence's position, the schemas and the large objects into BASELINE_SCHEMA.
 */
const RECORD_BASELINE_SQL = `
create schema ${BASELINE_SCHEMA};
create table ${BASELINE_SCHEMA}.tables (id serial primary key, source regclass not null, copy text not null, columns text not null);
create table ${BASELINE_SCHEMA}.sequences (source regclass primary key, last_value bigint not null, is_called boolean not null);
create table ${BASELINE_SCHEMA}.schemas (name text primary key);
create table ${BASELINE_SCHEMA}.large_objects (oid oid primary key);
do $$
declare
  t record;
  n integer := 0;
  seq_last bigint;
  seq_called boolean;
begin
  for t in
    select c.oid, quote_ident(ns.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where c.relkind in ('r', 'p') and ns.nspname not in ('pg_catalog', 'information_schema', '${BASELINE_SCHEMA}') and ns.nspname not like 'pg_toast%'
  loop
    n := n + 1;
    execute format('create table ${BASELINE_SCHEMA}.t%s as select * from %s', n, t.name);
    insert into ${BASELINE_SCHEMA}.tables (source, copy, columns)
    select t.oid, '${BASELINE_SCHEMA}.t' || n, coalesce(string_agg(quote_ident(attname), ', ' order by attnum), '')
    from pg_attribute where attrelid = t.oid and attnum > 0 and not attisdropped and attgenerated = '';
  end loop;
  for t in
    select c.oid, quote_ident(ns.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where c.relkind = 'S' and ns.nspname not in ('pg_catalog', 'information_schema', '${BASELINE_SCHEMA}')
  loop
    execute format('select last_value, is_called from %s', t.name) into seq_last, seq_called;
    insert into ${BASELINE_SCHEMA}.sequences values (t.oid, seq_last, seq_called);
  end loop;
  insert into ${BASELINE_SCHEMA}.schemas select nspname from pg_namespace;
  insert into ${BASELINE_SCHEMA}.large_objects select oid from pg_largeobject_metadata;
end $$;
`;

/** Puts the database back as RECORD_BASELINE_SQL found it: schemas and large objects made since go, rows come back. */
const RESTORE_BASELINE_SQL = `
do $$
declare
  t record;
begin
  perform pg_advisory_unlock_all();
  for t in select nspname from pg_namespace where nspname not in (select name from ${BASELINE_SCHEMA}.schemas) loop
    execute format('drop schema %I cascade', t.nspname);
  end loop;
  perform lo_unlink(oid) from pg_largeobject_metadata where oid not in (select oid from ${BASELINE_SCHEMA}.large_objects);
  -- Foreign keys are not checked while the rows go and come back. DELETE, not TRUNCATE: TRUNCATE gives every table
  -- and index a new file, which costs PGlite several times more than deleting a few hundred rows.
  set local session_replication_role = replica;
  for t in select source from ${BASELINE_SCHEMA}.tables loop
    execute format('delete from %s', t.source);
  end loop;
  for t in select source, copy, columns from ${BASELINE_SCHEMA}.tables where columns <> '' order by id loop
    execute format('insert into %s (%s) overriding system value select %s from %s', t.source, t.columns, t.columns, t.copy);
  end loop;
  perform setval(source, last_value, is_called) from ${BASELINE_SCHEMA}.sequences;
end $$;
unlisten *;
`;

/** The PGlite this test file uses, opened by its first test; later tests restore its seeded state. */
let filePglite: Promise<{ client: PGlite; db: Database }> | undefined;

async function openPglite() {
  pgliteSnapshot ??= sharedPgliteSnapshot();
  const { PGlite, drizzlePglite } = await pgliteModules();
  const client = new PGlite({
    ...PGLITE_TYPE_HANDLERS,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    loadDataDir: await pgliteSnapshot,
  });
  await client.waitReady;
  return { client, db: drizzlePglite(client, { schema }) as unknown as Database };
}

/** A PGlite of its own (a bench, a test that wants two databases): the caller closes it. */
async function createPgliteDatabase(): Promise<TestDatabase> {
  const { client, db } = await openPglite();
  return { db, close: () => client.close() };
}

/** The file's PGlite in its seeded state; a test that broke the connection gets a new one. */
async function resetPgliteDatabase(): Promise<Database> {
  const open = filePglite;
  if (open) {
    const { client, db } = await open;
    const restored =
      !client.closed &&
      (await client.exec(RESTORE_BASELINE_SQL).then(
        () => true,
        () => false,
      ));
    if (restored) return db;
    if (!client.closed) await client.close();
  }
  filePglite = openPglite();
  return (await filePglite).db;
}

async function closeFilePglite() {
  const open = filePglite;
  filePglite = undefined;
  const client = open && (await open).client;
  if (client && !client.closed) await client.close();
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
  const base =
    decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
      .replace(/[^a-z0-9_]/gi, "_")
      .toLowerCase() || "postgres";
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
    current = process.env.DATABASE_URL
      ? await createTestDatabase()
      : { db: await resetPgliteDatabase(), close: async () => {} };
    setDbForTesting(current.db);
  });
  afterEach(async () => {
    await releaseDbForTesting();
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await closeFilePglite();
    await dropTemplate();
  });
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
