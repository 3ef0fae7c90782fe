import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportFilesList } from "~/components/reports/report-files-list";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";
import { loadPdfPage } from "~/services/reports/pages/pdf-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("PDF export") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPdfPage(request);
}

export default function Page() {
  const { files } = useLoaderData<{ files: Parameters<typeof ReportFilesList>[0]["files"] }>();
  return (
    <div>
      <PageHeader title="PDF export" lead="Reports you have generated, ready to download as PDF." />
      <ReportFilesList
        files={files}
        href={(id) => `/dashboard/pdf?id=${id}`}
        empty="No PDF reports yet. Portfolio reports, disclosure exports and single-location reports appear here once made."
      />
    </div>
  );
}
