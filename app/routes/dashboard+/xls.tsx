import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Spreadsheet export") }];

export default function Page() {
  return <PageHeader title="Spreadsheet export" lead="Scores of your locations as a spreadsheet." />;
}
