/** Loader helpers for /dashboard/pdf, /dashboard/xls and the file resource route. */
import { redirect } from "@remix-run/node";
import { isAppError } from "../http/errors.server";
import { logger } from "../infra/logger.server";
import { redirectBackWithToast } from "../http/forms/toast.server";
import { getOwnedReportFile, listReportFiles, reportFileResponse, type ReportFormat } from "./files.server";

/** Where the bytes of a file are served (a resource route: a page route cannot answer with a file). */
export function reportFileUrl(id: string, format: ReportFormat): string {
  return `/dashboard/report-files/${id}.${format}`;
}

/** ?id= checks the owner (otherwise back with an error toast) and sends the browser to the file; without it, the user's list. */
export async function reportDownloadOrList(userId: string, request: Request, format: ReportFormat) {
  const id = new URL(request.url).searchParams.get("id");
  if (id !== null) {
    try {
      await getOwnedReportFile(userId, id, format);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw redirectBackWithToast(request, new URL(request.url).pathname, {
        type: "error",
        description: error.message,
      });
    }
    throw redirect(reportFileUrl(id, format));
  }
  const files = await listReportFiles(userId, [format]);
  return files.map((f) => ({
    id: f.id,
    title: f.title,
    fileName: f.fileName,
    bytes: f.bytes,
    createdAt: f.createdAt.toISOString(),
  }));
}

/** The file's bytes; a missing or unreadable file goes back to the page with an error toast, not an error page. */
export async function reportFileDownload(request: Request, userId: string, file: string): Promise<Response> {
  const m = /^([0-9a-f-]{36})\.(pdf|xlsx)$/i.exec(file);
  if (!m) throw new Response("This page could not be found", { status: 404 });
  const format = m[2]!.toLowerCase() as ReportFormat;
  try {
    return await reportFileResponse(await getOwnedReportFile(userId, m[1]!, format));
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, file }, "report file download failed");
    const message = isAppError(error) ? error.message : "Please try later";
    return redirectBackWithToast(request, format === "pdf" ? "/dashboard/pdf" : "/dashboard/xls", {
      type: "error",
      description: message,
    });
  }
}
