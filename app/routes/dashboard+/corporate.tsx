import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Corporate Sustainability Reporting and Audit") }];

export default function Page() {
  return <PageHeader title="Corporate Sustainability Reporting and Audit" lead="Physical-risk material for ESRS E1 and IFRS S2 disclosures." />;
}
