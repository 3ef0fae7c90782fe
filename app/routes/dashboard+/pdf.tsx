import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("PDF export") }];

export default function Page() {
  return <PageHeader title="PDF export" lead="Reports you have generated, ready to download as PDF." />;
}
