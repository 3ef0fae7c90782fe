import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceSearch } from "~/components/dashboard/place-search";
import { PageHeader } from "~/components/ui/page-header";
import { PLACE_MESSAGES, clampPlaceLimit, formatPopulation, readPlaceQuery, toPlaceChoice } from "~/domain/geo/places";
import { searchPlaces } from "~/services/maps/places.server";
import { requireUser } from "~/services/auth/session.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Find a place") }];

/** The no-JavaScript result page; the combobox loads the same data as JSON (?_data). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const { q, tooShort } = readPlaceQuery(params.get("q"));
  const results = tooShort ? [] : searchPlaces(q, clampPlaceLimit(params.get("limit"))).map((p) => toPlaceChoice(p, params));
  // the place list only changes with a deploy; a short private cache spares slow connections a round trip
  return json({ q, tooShort, results }, { headers: { "Cache-Control": "private, max-age=300" } });
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
