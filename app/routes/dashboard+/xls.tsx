import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportFilesList } from "~/components/reports/report-files-list";
import { PageHeader } from "~/components/ui/page-header";
import { reportDownloadOrList } from "~/services/reports/downloads.server";
import { requireUser } from "~/services/auth/session.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Spreadsheet export") }];

/** ?id= downloads one of the user's files (404 for anyone else's); without it, the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const files = await reportDownloadOrList(user.id, request, "xlsx");
  return json({ files }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Page() {
  const { files } = useLoaderData<{ files: Parameters<typeof ReportFilesList>[0]["files"] }>();
  return (
    <div>
      <PageHeader title="Spreadsheet export" lead="Scores of your locations as a spreadsheet." />
      <ReportFilesList files={files} href={(id) => `/dashboard/xls?id=${id}`} empty="No spreadsheets yet. Portfolio reports and disclosure exports appear here once made." />
    </div>
  );
}
