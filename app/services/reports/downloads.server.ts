/** Loader helpers for /dashboard/pdf, /dashboard/xls and the file resource route. */
import { redirect } from "@remix-run/node";
import { isAppError } from "../errors.server";
import { getOwnedReportFile, listReportFiles, reportFileResponse, type ReportFormat } from "./files.server";

function asResponse(error: unknown): never {
  if (isAppError(error)) throw new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  throw error;
}

/** Where the bytes of a file are served (a resource route: a page route cannot answer with a file). */
export function reportFileUrl(id: string, format: ReportFormat): string {
  return `/dashboard/report-files/${id}.${format}`;
}

/** ?id= checks the owner (404 otherwise) and sends the browser to the file; without it, the user's list. */
export async function reportDownloadOrList(userId: string, request: Request, format: ReportFormat) {
  const id = new URL(request.url).searchParams.get("id");
  if (id !== null) {
    try {
      await getOwnedReportFile(userId, id, format);
    } catch (error) {
      asResponse(error);
    }
    throw redirect(reportFileUrl(id, format));
  }
  const files = await listReportFiles(userId, [format]);
  return files.map((f) => ({ id: f.id, title: f.title, fileName: f.fileName, bytes: f.bytes, createdAt: f.createdAt.toISOString() }));
}

export async function reportFileDownload(userId: string, file: string): Promise<Response> {
  const m = /^([0-9a-f-]{36})\.(pdf|xlsx)$/i.exec(file);
  try {
    if (!m) throw new Response("This page could not be found", { status: 404 });
    return await reportFileResponse(await getOwnedReportFile(userId, m[1]!, m[2]!.toLowerCase() as ReportFormat));
  } catch (error) {
    if (error instanceof Response) throw error;
    return asResponse(error);
  }
}
