import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportFilesList } from "~/components/reports/report-files-list";
import { PageHeader } from "~/components/ui/page-header";
import { reportDownloadOrList } from "~/services/reports/downloads.server";
import { requireUser } from "~/services/auth/session.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("PDF export") }];

/** ?id= downloads one of the user's files (404 for anyone else's); without it, the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const files = await reportDownloadOrList(user.id, request, "pdf");
  return json({ files }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Page() {
  const { files } = useLoaderData<{ files: Parameters<typeof ReportFilesList>[0]["files"] }>();
  return (
    <div>
      <PageHeader title="PDF export" lead="Reports you have generated, ready to download as PDF." />
      <ReportFilesList files={files} href={(id) => `/dashboard/pdf?id=${id}`} empty="No PDF reports yet. Portfolio reports, disclosure exports and single-location reports appear here once made." />
    </div>
  );
}
