import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Account Billing Info") }];

export default function Page() {
  return <PageHeader title="Account Billing Info" lead="The name and company details printed on your invoices." />;
}
