/**
 * Fails when the migrations and the drizzle schema disagree, in any of three ways:
 * 1. `drizzle-kit generate` on the committed tree would write a migration (the schema moved without one, or the
 *    newest snapshot is stale);
 * 2. the journal is out of order: drizzle's migrator applies only migrations dated after the newest applied one, so
 *    an entry dated earlier than the one before it is silently skipped on every existing database;
 * 3. the database the migrations build differs from the one the schema describes (tables, columns, types,
 *    defaults, nullability, indexes, constraints), compared on two fresh embedded databases.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const MIGRATIONS = path.resolve("db/migrations");
const SCHEMA = "./db/schema/index.ts";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const problems: string[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), "check-migrations-"));

function drizzleKitGenerate(out: string): void {
  execFileSync("npx", ["drizzle-kit", "generate", "--dialect=postgresql", `--schema=${SCHEMA}`, `--out=${out}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function sqlFiles(folder: string): string[] {
  return readdirSync(folder).filter((f) => f.endsWith(".sql"));
}

function statements(sql: string): string[] {
  return sql
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

const CATALOG = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
         || ' default=' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = 'public'
  union all
  select 'index ' || indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
  order by 1`;

async function catalog(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(CATALOG);
  return rows.map((r) => r.line);
}

try {
  // 1. Nothing to generate.
  const copy = path.join(scratch, "committed");
  cpSync(MIGRATIONS, copy, { recursive: true });
  drizzleKitGenerate(copy);
  const written = sqlFiles(copy).filter((f) => !sqlFiles(MIGRATIONS).includes(f));
  for (const file of written) {
    problems.push(
      `drizzle-kit generate would write ${file}: change the schema and its migration together (npm run db:generate)\n` +
        readFileSync(path.join(copy, file), "utf8").slice(0, 2000),
    );
  }

  // 2. The journal: every file listed, dates strictly increasing.
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const tags = new Set(journal.entries.map((e) => e.tag));
  for (const file of sqlFiles(MIGRATIONS)) {
    if (!tags.has(file.replace(/\.sql$/, ""))) problems.push(`${file} is not in meta/_journal.json, so it never runs`);
  }
  journal.entries.forEach((entry, i) => {
    const before = journal.entries[i - 1];
    if (before && entry.when <= before.when) {
      problems.push(
        `${entry.tag} is dated ${new Date(entry.when).toISOString()}, not after ${before.tag} ` +
          `(${new Date(before.when).toISOString()}): databases that applied ${before.tag} would skip it`,
      );
    }
  });

  // 3. Migrations and schema build the same database.
  const fromMigrations = new PGlite();
  await migrate(drizzle(fromMigrations), { migrationsFolder: MIGRATIONS });
  const fresh = path.join(scratch, "from-schema");
  drizzleKitGenerate(fresh);
  const fromSchema = new PGlite();
  for (const file of sqlFiles(fresh).sort()) {
    for (const statement of statements(readFileSync(path.join(fresh, file), "utf8"))) await fromSchema.exec(statement);
  }
  const [built, described] = [await catalog(fromMigrations), await catalog(fromSchema)];
  await Promise.all([fromMigrations.close(), fromSchema.close()]);
  const onlyBuilt = built.filter((line) => !described.includes(line));
  const onlyDescribed = described.filter((line) => !built.includes(line));
  for (const line of onlyBuilt) problems.push(`the migrations build, the schema does not describe: ${line}`);
  for (const line of onlyDescribed) problems.push(`the schema describes, the migrations do not build: ${line}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length) {
  console.error(problems.map((p) => `- ${p}`).join("\n"));
  process.exit(1);
}
console.log("migrations: nothing to generate, journal in order, migrations build the schema");
