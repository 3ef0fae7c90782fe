import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { documentModalHref } from "~/domain/site";
import { loadContentPage } from "~/services/pages.server";
import type { RouteHandle } from "~/root";

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request, "pricing");
/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/pricing", "Pricing");

/** Plans overview; content links to /pricing, and the detailed list itself is e-mailed (Pricing menu item). */
export default function PricingPage() {
  const { pathname } = useLocation();
  return (
    <ContentPageView
      aside={
        <p className="mt-6">
          <Link to={documentModalHref(pathname, "pricing")} preventScrollReset className="btn-primary">
            Get the detailed Pricing List by e-mail
          </Link>
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
