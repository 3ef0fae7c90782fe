import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Scenario Analysis for One Location") }];

export default function Page() {
  return <PageHeader title="Scenario Analysis for One Location" lead="Choose a place, a scenario and a horizon to see its hazard scores." />;
}
