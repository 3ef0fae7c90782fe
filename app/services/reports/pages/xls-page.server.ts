/**
 * The spreadsheet export page's loader, with Remix's `json` called here. Only app/routes/dashboard+/xls.tsx imports
 * this module, so in the browser build the empty module standing for it stays in the route's chunk, instead of the
 * shared server modules each becoming a chunk and a request of their own (ADR 006).
 */
import { json } from "@remix-run/node";
import { reportDownloadOrList } from "~/services/reports/downloads.server";
import { requireUser } from "~/services/auth/session.server";

/** ?id= downloads one of the user's files (404 for anyone else's); without it, the list. */
export async function loadXlsPage(request: Request) {
  const user = await requireUser(request);
  const files = await reportDownloadOrList(user.id, request, "xlsx");
  return json({ files }, { headers: { "Cache-Control": "private, no-store" } });
}
