/**
 * Stored report files: a row in report_files and the bytes in DATA_DIR/reports/<user>/<file id>.<ext>. Files are
 * written to a temporary name and renamed when complete, so a crash never leaves a half file listed.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, inArray } from "drizzle-orm";
import { reportFiles, type ReportFile } from "../../../db/schema";
import type { ReportFileKind } from "~/domain/reports/types";
import { getEnv } from "~/env.server";
import { getDb, type Database } from "../db.server";
import { NotFoundError } from "../errors.server";

export const REPORT_CONTENT_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export type ReportFormat = keyof typeof REPORT_CONTENT_TYPES;

export function formatOfKind(kind: ReportFileKind): ReportFormat {
  return kind.endsWith("xlsx") ? "xlsx" : "pdf";
}

export function reportsDir(): string {
  return path.resolve(getEnv().DATA_DIR, "reports");
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

/** A complete file on disk that no row lists yet: nobody can download it until `recordReportFile`. */
export interface WrittenReportFile {
  input: NewReportFile;
  id: string;
  format: ReportFormat;
  /** Relative to reportsDir(). */
  storagePath: string;
  bytes: number;
  sha256: string;
}

/**
 * Writes the bytes only. A job records its files in the transaction that marks its work done, so an interrupted
 * run never lists a file.
 */
export async function writeReportFile(input: NewReportFile, write: (filePath: string) => Promise<unknown>): Promise<WrittenReportFile> {
  const format = formatOfKind(input.kind);
  const id = randomUUID();
  const relative = path.join(input.userId, `${id}.${format}`);
  const absolute = path.join(reportsDir(), relative);
  const partial = `${absolute}.part`;
  await mkdir(path.dirname(absolute), { recursive: true });
  try {
    await write(partial);
    await rename(partial, absolute);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const { size } = await stat(absolute);
  return { input, id, format, storagePath: relative, bytes: size, sha256: await sha256OfFile(absolute) };
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
  await rm(path.join(reportsDir(), file.storagePath), { force: true });
}

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
    ? and(eq(reportFiles.userId, userId), inArray(reportFiles.contentType, formats.map((f) => REPORT_CONTENT_TYPES[f])))
    : eq(reportFiles.userId, userId);
  return database.select().from(reportFiles).where(where).orderBy(desc(reportFiles.createdAt)).limit(500);
}

/** The user's own file of that format; NotFoundError for anyone else's, a bad id or a missing file. */
export async function getOwnedReportFile(userId: string, id: string, format: ReportFormat, db?: Database): Promise<ReportFile> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFoundError();
  const database = db ?? (await getDb());
  const [row] = await database
    .select()
    .from(reportFiles)
    .where(and(eq(reportFiles.id, id), eq(reportFiles.userId, userId), eq(reportFiles.contentType, REPORT_CONTENT_TYPES[format])));
  if (!row) throw new NotFoundError();
  return row;
}

/** A streamed download response of a stored file. */
export async function reportFileResponse(file: ReportFile): Promise<Response> {
  const absolute = path.join(reportsDir(), file.storagePath);
  try {
    await stat(absolute);
  } catch {
    throw new NotFoundError();
  }
  const body = Readable.toWeb(createReadStream(absolute)) as ReadableStream<Uint8Array>;
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
