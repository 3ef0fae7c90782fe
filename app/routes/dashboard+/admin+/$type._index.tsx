import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { ADMIN_CONTENT_PATH, adminEditPath } from "~/domain/content/content";
import { pageTitle } from "~/utils/meta";
import {
  actAdminContentListPage,
  loadAdminContentListPage,
} from "~/services/content/pages/admin-content-list-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.label ?? "Content") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminContentListPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actAdminContentListPage(request, params);
}

export default function AdminContentList() {
  const { type, label, singular, rows } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={ADMIN_CONTENT_PATH} className="text-brand-700 underline">
          Content
        </Link>
      </p>
      <PageHeader title={label}>
        <Link to={adminEditPath(type, "new")} className="btn-primary mt-4">
          New {singular}
        </Link>
      </PageHeader>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-slate-300 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Title
              </th>
              <th scope="col" className="py-2 pr-4">
                Details
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-200">
                <td className="py-2 pr-4">
                  <Link to={adminEditPath(type, row.id)} className="font-medium text-brand-700 hover:underline">
                    {row.title}
                  </Link>
                </td>
                <td className="py-2 pr-4 text-slate-600">{row.detail}</td>
                <td className="py-2 pr-4">
                  <span className={row.published ? "text-green-800" : "text-amber-800"}>
                    {row.published ? "Published" : "Draft"}
                  </span>
                </td>
                <td className="py-2">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="id" value={row.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={row.published ? "unpublish" : "publish"}
                      className="btn-secondary px-2 py-1"
                      disabled={busyId === String(row.id)}
                      aria-label={`${row.published ? "Unpublish" : "Publish"} ${row.title}`}
                    >
                      {row.published ? "Unpublish" : "Publish"}
                    </button>
                    {row.published && row.publicUrl ? (
                      <Link
                        to={row.publicUrl}
                        className="text-brand-700 underline"
                        aria-label={`View ${row.title} on the site`}
                      >
                        View
                      </Link>
                    ) : null}
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
