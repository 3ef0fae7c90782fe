import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportFilesList } from "~/components/reports/report-files-list";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";
import { loadXlsPage } from "~/services/reports/pages/xls-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Spreadsheet export") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadXlsPage(request);
}

export default function Page() {
  const { files } = useLoaderData<{ files: Parameters<typeof ReportFilesList>[0]["files"] }>();
  return (
    <div>
      <PageHeader title="Spreadsheet export" lead="Scores of your locations as a spreadsheet." />
      <ReportFilesList
        files={files}
        href={(id) => `/dashboard/xls?id=${id}`}
        empty="No spreadsheets yet. Portfolio reports and disclosure exports appear here once made."
      />
    </div>
  );
}
