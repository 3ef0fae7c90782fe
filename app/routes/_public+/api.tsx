import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApiLimits } from "~/components/api/api-limits";
import { ApiReference } from "~/components/api/api-reference";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
// What the loader needs, from a module no other route imports (ADR 006, "No empty chunks").
import { loadApiPage } from "~/services/content/pages/api-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadApiPage(request);
}
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/api", "API");

export default function ApiPage() {
  const { openapi } = useLoaderData<typeof loader>();
  return (
    <ContentPageView wide>
      <p className="mt-6">
        <Link to="/api/changelog" className="font-semibold underline">
          API and dataset changelog
        </Link>
        : what changed, with dates; the API is at version {openapi.info.version}.
      </p>
      <ApiLimits />
      <ApiReference doc={openapi as unknown as Parameters<typeof ApiReference>[0]["doc"]} />
    </ContentPageView>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
