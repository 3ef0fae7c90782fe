/**
 * The spreadsheet export page's loader, with Remix's `json` called here: a page module (ADR 022).
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
