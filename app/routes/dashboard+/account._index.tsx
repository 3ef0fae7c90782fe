import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Credit Balance") }];

export default function Page() {
  return <PageHeader title="Credit Balance" lead="Your credits, plan and purchases." />;
}
