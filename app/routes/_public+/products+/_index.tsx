import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { loadContentPage } from "~/services/content/pages.server";
import type { RouteHandle } from "~/root";

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request, "products");
/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/products", "Products");

export default function ProductsPage() {
  return <ContentPageView />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
