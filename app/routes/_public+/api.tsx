import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApiLimits } from "~/components/api/api-limits";
import { API_REFERENCE_KEY } from "~/components/api/api-reference";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { loadApiPage } from "~/services/content/pages/api-page.server";
import { useServerDrawn } from "~/utils/server-drawn";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadApiPage(request, context);
}
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/api", "API");

export default function ApiPage() {
  const { version, reference } = useLoaderData<typeof loader>();
  const referenceHtml = useServerDrawn(API_REFERENCE_KEY, reference);
  return (
    <ContentPageView wide>
      <p className="mt-6">
        <Link to="/api/changelog" className="font-semibold underline">
          API and dataset changelog
        </Link>
        : what changed, with dates; the API is at version {version}.
      </p>
      <ApiLimits />
      <div dangerouslySetInnerHTML={{ __html: referenceHtml }} suppressHydrationWarning />
    </ContentPageView>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
