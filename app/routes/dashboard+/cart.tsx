import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/ui/page-header";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Cart") }];

export default function Page() {
  return <PageHeader title="Cart" lead="Data packages and reports you are about to buy." />;
}
