/**
 * Stored report files: a row in report_files and the bytes in the file store (DATA_DIR/reports, PostgreSQL large
 * objects or an S3 bucket; see file-storage). A writer fills a local temporary file; only the complete file goes to
 * the store, so a crash never leaves a half file there, and only a listed file is ever served.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { portfolioReports, reportFiles, type ReportFile } from "../../../db/schema";
import { REPORT_FILE_RETENTION_DAYS } from "~/domain/reports/retention";
import { REPORT_FILE_MEDIA_TYPES, type ReportFileFormat } from "~/domain/api/report-files";
import type { ReportFileKind } from "~/domain/reports/types";
import { getEnv } from "~/env.server";
import { getDb, type Database } from "../infra/db.server";
import { NotFoundError } from "../http/errors.server";
import { configuredFileStore, fileStoreOf, fileStoresInUse, type FileStore } from "../file-storage/store.server";
import { defineHousekeeping } from "../infra/jobs.server";
import { logger } from "../infra/logger.server";

export const REPORT_CONTENT_TYPES = REPORT_FILE_MEDIA_TYPES;
export type ReportFormat = ReportFileFormat;

export function formatOfKind(kind: ReportFileKind): ReportFormat {
  return kind.endsWith("xlsx") ? "xlsx" : "pdf";
}

/** Where writers build files before they go to the store: under DATA_DIR, so the disk store only renames them. */
function workDir(): string {
  return path.resolve(getEnv().DATA_DIR, "tmp", "reports");
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export interface NewReportFile {
  userId: string;
  kind: ReportFileKind;
  sourceId?: string | null;
  title: string;
  /** Download name without the extension. */
  baseName: string;
}

/** Writes a report file through `write(path)` and records it; returns the stored row. */
export async function storeReportFile(
  input: NewReportFile,
  write: (filePath: string) => Promise<unknown>,
  db?: Database,
): Promise<ReportFile> {
  return recordReportFile(await writeReportFile(input, write), db ?? (await getDb()));
}

/** A complete file in the store that no row lists yet: nobody can download it until `recordReportFile`. */
export interface WrittenReportFile {
  input: NewReportFile;
  id: string;
  format: ReportFormat;
  /** The store's locator (report_files.storage_path). */
  storagePath: string;
  bytes: number;
  sha256: string;
}

/**
 * Writes the bytes only. A job records its files in the transaction that marks its work done, so an interrupted
 * run never lists a file.
 */
export async function writeReportFile(
  input: NewReportFile,
  write: (filePath: string) => Promise<unknown>,
  store: FileStore = configuredFileStore(),
): Promise<WrittenReportFile> {
  const format = formatOfKind(input.kind);
  const id = randomUUID();
  const partial = path.join(workDir(), `${id}.${format}.part`);
  await mkdir(workDir(), { recursive: true });
  let size: number;
  let sha256: string;
  try {
    await write(partial);
    size = (await stat(partial)).size;
    sha256 = await sha256OfFile(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const storagePath = await store.save(partial, `${input.userId}/${id}.${format}`);
  return { input, id, format, storagePath, bytes: size, sha256 };
}

export async function recordReportFile(file: WrittenReportFile, db: Database): Promise<ReportFile> {
  const { input, format } = file;
  const [row] = await db
    .insert(reportFiles)
    .values({
      id: file.id,
      userId: input.userId,
      kind: input.kind,
      sourceId: input.sourceId ?? null,
      title: input.title,
      fileName: `${safeFileName(input.baseName)}.${format}`,
      storagePath: file.storagePath,
      contentType: REPORT_CONTENT_TYPES[format],
      bytes: file.bytes,
      sha256: file.sha256,
    })
    .returning();
  return row!;
}

/** Removes the bytes of a file that was written but will not be recorded. */
export async function discardReportFile(file: WrittenReportFile): Promise<void> {
  await fileStoreOf(file.storagePath).remove(file.storagePath);
}

/**
 * Stored files no row lists, older than this, belong to a run that was killed before it listed them (a run lists
 * its files within the pg-boss expiry of 4 hours, or never): the sweep removes them.
 */
export const ORPHAN_FILE_HOURS = 6;
const SWEEP_BATCH = 500;

async function unlisted(locators: string[], db: Database): Promise<string[]> {
  const listed = await db
    .select({ path: reportFiles.storagePath })
    .from(reportFiles)
    .where(inArray(reportFiles.storagePath, locators));
  const known = new Set(listed.map((r) => r.path));
  return locators.filter((l) => !known.has(l));
}

/**
 * Removes what killed runs left behind: files in the store that no report_files row lists and writers' temporary
 * files, both older than `olderThanHours`. Runs on every instance; two sweeps removing one orphan is harmless.
 */
export async function sweepOrphanReportFiles(
  options: { olderThanHours?: number; store?: FileStore; db?: Database } = {},
): Promise<string[]> {
  const before = new Date(Date.now() - (options.olderThanHours ?? ORPHAN_FILE_HOURS) * 3_600_000);
  const store = options.store ?? configuredFileStore();
  const db = options.db ?? (await getDb());
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    for (const locator of await unlisted(batch, db)) {
      await store.remove(locator);
      removed.push(locator);
    }
    batch = [];
  };
  for await (const locator of store.storedBefore(before)) {
    batch.push(locator);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  if (batch.length) await flush();
  for (const name of await readdir(workDir()).catch(() => [] as string[])) {
    const file = path.join(workDir(), name);
    const { mtime } = await stat(file).catch(() => ({ mtime: new Date() }));
    if (mtime < before) await rm(file, { force: true });
  }
  if (removed.length) logger.warn({ files: removed.length, store: store.kind }, "orphaned report files removed");
  return removed;
}

/**
 * Deletes the files of reports past REPORT_FILE_RETENTION_DAYS and those of failed reports: the row first, then the
 * bytes (bytes whose removal fails have no row any more, and the orphan sweep takes them). A portfolio report whose
 * files are gone no longer lists them.
 */
export async function deleteExpiredReportFiles(
  options: { now?: Date; db?: Database } = {},
): Promise<{ expired: number; failed: number }> {
  const db = options.db ?? (await getDb());
  const cutoff = new Date((options.now ?? new Date()).getTime() - REPORT_FILE_RETENTION_DAYS * 86_400_000);
  const failedReports = db
    .select({ id: sql<string>`${portfolioReports.id}::text` })
    .from(portfolioReports)
    .where(eq(portfolioReports.status, "failed"));
  const counts = { expired: 0, failed: 0 };
  for (const [reason, where] of [
    ["expired", lt(reportFiles.createdAt, cutoff)],
    ["failed", inArray(reportFiles.sourceId, failedReports)],
  ] as const) {
    for (;;) {
      const rows = await db
        .delete(reportFiles)
        .where(
          inArray(reportFiles.id, db.select({ id: reportFiles.id }).from(reportFiles).where(where).limit(SWEEP_BATCH)),
        )
        .returning();
      if (!rows.length) break;
      counts[reason] += rows.length;
      const sources = [
        ...new Set(
          rows.map((r) => r.sourceId).filter((id): id is string => Boolean(id && /^[0-9a-f-]{36}$/i.test(id))),
        ),
      ];
      if (sources.length)
        await db.update(portfolioReports).set({ files: [] }).where(inArray(portfolioReports.id, sources));
      for (const row of rows) {
        await fileStoreOf(row.storagePath)
          .remove(row.storagePath)
          .catch((error: unknown) =>
            logger.warn({ err: error, file: row.id }, "report file bytes not removed; the orphan sweep retries"),
          );
      }
    }
  }
  if (counts.expired || counts.failed) logger.info(counts, "report files deleted (retention, failed reports)");
  return counts;
}

/** At start and hourly on every instance, through the job queue's housekeeping: retention, then what killed runs left. */
defineHousekeeping("report-file-retention", 3600, async () => {
  await deleteExpiredReportFiles();
  for (const store of fileStoresInUse()) await sweepOrphanReportFiles({ store });
});

/** A download name with nothing a header or a file system could trip on. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[^\w.\- ]+/g, "")
    .replace(/\s+/g, "-")
    .replace(/^[.-]+/, "")
    .slice(0, 80);
  return cleaned || "report";
}

export async function listReportFiles(userId: string, formats?: ReportFormat[], db?: Database): Promise<ReportFile[]> {
  const database = db ?? (await getDb());
  const where = formats
    ? and(
        eq(reportFiles.userId, userId),
        inArray(
          reportFiles.contentType,
          formats.map((f) => REPORT_CONTENT_TYPES[f]),
        ),
      )
    : eq(reportFiles.userId, userId);
  return database.select().from(reportFiles).where(where).orderBy(desc(reportFiles.createdAt)).limit(500);
}

/** The user's own file of that format; NotFoundError for anyone else's, a bad id or a missing file. */
export async function getOwnedReportFile(
  userId: string,
  id: string,
  format: ReportFormat,
  db?: Database,
): Promise<ReportFile> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFoundError();
  const database = db ?? (await getDb());
  const [row] = await database
    .select()
    .from(reportFiles)
    .where(
      and(
        eq(reportFiles.id, id),
        eq(reportFiles.userId, userId),
        eq(reportFiles.contentType, REPORT_CONTENT_TYPES[format]),
      ),
    );
  if (!row) throw new NotFoundError();
  return row;
}

/** A streamed download response of a stored file. */
export async function reportFileResponse(file: ReportFile): Promise<Response> {
  const stream = await fileStoreOf(file.storagePath).open(file.storagePath);
  if (!stream) throw new NotFoundError();
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
