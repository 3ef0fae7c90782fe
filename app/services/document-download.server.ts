import type { DocumentKind } from "~/domain/site";
import { buildDocument } from "./documents.server";
import { isAppError } from "./errors.server";
import { logger } from "./logger.server";

/** A document as a PDF download (dashboard top bar, direct links); errors come back as plain text with their status. */
export async function documentDownloadResponse(id: DocumentKind): Promise<Response> {
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
    if (isAppError(error)) return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    logger.error({ err: error, id }, "document download failed");
    return new Response("Please try later", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
