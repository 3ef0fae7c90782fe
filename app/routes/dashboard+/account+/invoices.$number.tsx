import type { LoaderFunctionArgs } from "@remix-run/node";
import { MAX_DB_INTEGER } from "~/domain/commerce/packages";
import { documentPdf } from "~/services/commerce/documents.server";
import { isAppError } from "~/services/http/errors.server";
import { requireUser } from "~/services/auth/session.server";

/** The invoice (or, with ?kind=receipt, the receipt) of one number as a PDF download; only for its owner. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = Number.parseInt(params.number ?? "", 10);
  const kind = new URL(request.url).searchParams.get("kind") === "receipt" ? "receipt" : "invoice";
  try {
    if (!Number.isInteger(number) || number < 1 || number > MAX_DB_INTEGER)
      throw new Response("This page could not be found", { status: 404 });
    const file = await documentPdf(user.id, number, kind);
    return new Response(new Uint8Array(file.content), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Content-Length": String(file.content.byteLength),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Response) return error;
    if (isAppError(error))
      return new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw error;
  }
}
