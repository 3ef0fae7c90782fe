import type { DocumentKind } from "~/domain/content/site";
import { buildDocument } from "./documents.server";
import { isAppError } from "../../http/errors.server";
import { logger } from "../../infra/logger.server";
import { redirectBackWithToast } from "../../http/forms/toast.server";

export const DOWNLOAD_FAILED_MESSAGE = "Please try later";

/** A document as a PDF download (dashboard top bar, direct links); a failure goes back to the page with an error toast. */
export async function documentDownloadResponse(request: Request, id: DocumentKind): Promise<Response> {
  try {
    const file = await buildDocument(id);
    return new Response(new Uint8Array(file.content), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Content-Length": String(file.content.byteLength),
        "Cache-Control": id === "pricing" ? "private, no-store" : "public, max-age=600",
      },
    });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, id }, "document download failed");
    return redirectBackWithToast(request, "/", { type: "error", description: isAppError(error) ? error.message : DOWNLOAD_FAILED_MESSAGE });
  }
}
