import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { rootOrigin } from "~/components/content/meta";
import { API_CHANGELOG, API_VERSION } from "~/domain/api/api-changelog";
import type { RouteHandle } from "~/root";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";
import { seoMeta } from "~/utils/seo";

const TITLE = "API and dataset changelog";
const DESCRIPTION = "What changed in the public JSON API and in the hazard dataset, with dates and versions.";

export function loader({ request }: LoaderFunctionArgs) {
  return json({ entries: API_CHANGELOG, apiVersion: API_VERSION }, { headers: publicCacheHeaders(request) });
}
/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = ({ matches }: { matches: Parameters<typeof rootOrigin>[0] }) =>
  seoMeta({ title: TITLE, description: DESCRIPTION, origin: rootOrigin(matches), path: "/api/changelog" });

const KIND_LABEL = { api: "API", dataset: "Dataset" } as const;

export default function ApiChangelogPage() {
  const { entries, apiVersion } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link to="/" className="underline">
          Home
        </Link>{" "}
        /{" "}
        <Link to="/api" className="underline">
          API
        </Link>{" "}
        / <span aria-current="page">Changelog</span>
      </nav>
      <h1 className="text-3xl font-bold text-slate-900">{TITLE}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {DESCRIPTION} The API is at version <strong>{apiVersion}</strong>, the <code>info.version</code> of{" "}
        <a href="/api/openapi.json" className="underline">
          /api/openapi.json
        </a>
        ; every score answer names its <code>dataset_version</code>.
      </p>
      <ol className="mt-8 space-y-8">
        {entries.map((entry) => (
          <li key={`${entry.kind}-${entry.version}`} id={`${entry.kind}-${entry.version}`}>
            <h2 className="text-xl font-semibold text-slate-900">
              {KIND_LABEL[entry.kind]} {entry.version}: {entry.title}
            </h2>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.date}>{entry.date}</time>
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
              {entry.changes.map((change) => (
                <li key={change}>{change.replace(/`/g, "")}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
