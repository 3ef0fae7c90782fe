import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceSearch } from "~/components/dashboard/place-search";
import { PageHeader } from "~/components/ui/page-header";
import { PLACE_MESSAGES, formatPopulation } from "~/domain/geo/places";
import { pageTitle } from "~/utils/meta";
import { loadPlacesPage } from "~/services/maps/places-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Find a place") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPlacesPage(request);
}

export default function PlacesPage() {
  const { q, tooShort, results } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Find a place" lead="Search GeoNames places by name; pick one to see its hazard scores." />
      <PlaceSearch defaultQuery={q} />
      <section aria-labelledby="place-results-title" className="mt-6 max-w-2xl">
        <h2 id="place-results-title" className="text-lg font-semibold">
          Results
        </h2>
        {tooShort ? (
          <p role="status" className="mt-2 text-slate-700">
            {PLACE_MESSAGES.tooShort}
          </p>
        ) : results.length === 0 ? (
          <p role="status" className="mt-2 text-slate-700">
            {PLACE_MESSAGES.noMatch(q)}
          </p>
        ) : (
          <>
            <p className="sr-only">{PLACE_MESSAGES.found(results.length)}</p>
            <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
              {results.map((p) => (
                <li key={p.href} className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-2">
                  <Link to={p.href} className="font-medium text-brand-700 underline">
                    {p.label}
                  </Link>
                  <span className="text-sm text-slate-600">{formatPopulation(p.population)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
        <p className="mt-4 text-xs text-slate-500">
          Place names and populations:{" "}
          <a href="https://www.geonames.org/" className="underline" rel="noopener">
            GeoNames
          </a>
          , CC BY 4.0.
        </p>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
