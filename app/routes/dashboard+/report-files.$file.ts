import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportFileDownload } from "~/services/reports/downloads.server";
import { requireUser } from "~/services/auth/session.server";

/** The bytes of one of the user's report files: /dashboard/report-files/<id>.pdf or .xlsx (404 for anyone else). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return reportFileDownload(request, user.id, params.file ?? "");
}
