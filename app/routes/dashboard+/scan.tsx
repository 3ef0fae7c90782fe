import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Portfolio Scan") }];

export default function Page() {
  return <PageHeader title="Portfolio Scan" lead="Upload a list of locations to screen a whole portfolio at once." />;
}
