import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentEditor } from "~/components/content/admin-editor";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { adminListPath } from "~/domain/content/content";
import { pageTitle } from "~/utils/meta";
import {
  actAdminContentEditPage,
  loadAdminContentEditPage,
} from "~/services/content/pages/admin-content-edit-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.heading ?? "Content") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminContentEditPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actAdminContentEditPage(request, params);
}

export default function AdminContentEdit() {
  const { type, id, label, heading, values, topics } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={adminListPath(type)} className="text-brand-700 underline">
          {label}
        </Link>
      </p>
      <PageHeader title={heading} />
      <ContentEditor
        key={`${type}-${id ?? "new"}`}
        type={type}
        defaultValue={values}
        topics={topics}
        lastResult={actionData?.result}
        previewHtml={actionData?.previewHtml}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
