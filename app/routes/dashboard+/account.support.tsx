import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Tech Support") }];

export default function Page() {
  return <PageHeader title="Tech Support" lead="Questions about a score, your data or your plan: write to us and we answer within one working day." />;
}
