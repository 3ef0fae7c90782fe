import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Country-regional climate risk") }];

export default function Page() {
  return <PageHeader title="Country-regional climate risk" lead="Compare the regions of a country hazard by hazard." />;
}
