import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { adminListPath } from "~/domain/content/content";
import { pageTitle } from "~/utils/meta";
import { loadAdminContentPage } from "~/services/content/pages/admin-content-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Content") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminContentPage(request);
}

export default function AdminContent() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Content" lead="Blog posts, topics, FAQ, news and team members shown on the public site." />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <li key={s.type} className="card">
            <h2 className="text-lg font-semibold">
              <Link to={adminListPath(s.type)} className="text-brand-700 hover:underline">
                {s.label}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {s.published} published of {s.total}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
