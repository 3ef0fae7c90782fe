import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadingBar } from "~/components/layout/loading-bar";
import { FlashToaster, NoScriptToast } from "~/components/layout/toaster";
import { SITE_NAME, SITE_TAGLINE } from "~/domain/content/site";
import { rootResponse } from "~/services/http/root-data.server";
import tailwindHref from "~/styles/tailwind.css";
import { usePageHydrates } from "~/utils/hydration";
import { useNonce } from "~/utils/nonce-provider";
import { CHUNK_RELOAD_GATE_DRAWN, useServerDrawn } from "~/utils/server-drawn";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwindHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: SITE_NAME }, { name: "description", content: SITE_TAGLINE }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return rootResponse(request, context);
}

export type { RouteHandle } from "~/utils/hydration";

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const hydrate = usePageHydrates();
  // The server's markup; hydration passes "" and React keeps the script as the server wrote it.
  const chunkReloadGate = useServerDrawn(CHUNK_RELOAD_GATE_DRAWN, null);
  // Marks the page interactive: a form control changed before hydration is reset by it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Before any script chunk loads: a failed chunk reloads the page at most once a minute. */}
        {hydrate ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: chunkReloadGate }} suppressHydrationWarning />
        ) : null}
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <LoadingBar />
        {data?.toast ? <NoScriptToast toast={data.toast} /> : null}
        {children}
        <FlashToaster toast={data?.toast ?? null} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <GeneralErrorBoundary />
    </Document>
  );
}
