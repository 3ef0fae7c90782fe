import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField } from "~/components/forms/fields";
import { MapLegend } from "~/components/map/map-legend";
import { StaticFloodMap } from "~/components/map/static-flood-map";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { floodQuery, PERIOD_OPTIONS, SCENARIO_OPTIONS, selectionLabel } from "~/domain/geo/map/flood-map";
import { loadFloodMapPage } from "~/services/maps/flood-map-page.server";

// Leaflet is loaded only in the browser, and only on this page.
const FloodMapClient = lazy(() => import("~/components/map/flood-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadFloodMapPage(request);
}
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/products/flood-map", "Detailed flood maps");

function SelectionForm() {
  const { selection, countries } = useLoaderData<typeof loader>();
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" preventScrollReset>
      <SelectField
        id="fm-scenario"
        name="scenario"
        label="Scenario"
        defaultValue={selection.scenario}
        options={SCENARIO_OPTIONS.map((o) => ({ value: o.id, label: o.name }))}
      />
      <SelectField
        id="fm-period"
        name="period"
        label="Period (future scenarios)"
        defaultValue={selection.period === "hist" ? "2050" : selection.period}
        options={PERIOD_OPTIONS.map((o) => ({ value: o.id, label: o.name }))}
      />
      <SelectField
        id="fm-country"
        name="country"
        label="Country"
        defaultValue={selection.country ?? ""}
        emptyOption="World"
        options={countries.map((c) => ({ value: c.country_code, label: c.country_name }))}
      />
      <button type="submit" className="btn-primary">
        Show map
      </button>
    </Form>
  );
}

function FloodMaps() {
  const { selection, view, top, tileUrl, countryBounds } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const place = view.country ? view.country.name : "the world";
  const title = `River-flood levels in ${place}, ${selectionLabel(selection)}`;
  return (
    <section aria-labelledby="flood-maps" className="mt-8">
      <h2 id="flood-maps" className="text-2xl font-bold">
        {title}
      </h2>
      <SelectionForm />
      {view.country ? (
        <p className="mt-3 text-sm">
          <Link to={`?${floodQuery({ ...selection, country: null })}`} className="text-brand-700 underline">
            Back to the world map
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h3 className="mb-2 text-lg font-semibold">Static map</h3>
          <StaticFloodMap
            width={view.width}
            height={view.height}
            shapes={view.shapes}
            selection={selection}
            title={title}
          />
          <div className="mt-3">
            <MapLegend title="River-flood level" />
          </div>
        </div>
        <div>
          <h3 className="text-lg font-semibold">Highest levels{view.country ? " by region" : " by country"}</h3>
          <table className="mt-2 w-full border-collapse text-sm">
            <thead>
              <tr className="bg-slate-50 text-left">
                <th scope="col" className="border border-slate-200 px-2 py-1">
                  {view.country ? "Region" : "Country"}
                </th>
                <th scope="col" className="border border-slate-200 px-2 py-1">
                  Level
                </th>
              </tr>
            </thead>
            <tbody>
              {top.map((area) => (
                <tr key={area.code}>
                  <td className="border border-slate-200 px-2 py-1">
                    {view.country ? (
                      area.name
                    ) : (
                      <Link
                        to={`?${floodQuery({ ...selection, country: area.code })}`}
                        className="text-brand-700 underline"
                      >
                        {area.name}
                      </Link>
                    )}
                  </td>
                  <td className="border border-slate-200 px-2 py-1">{area.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="mt-10">
        <h3 className="mb-2 text-lg font-semibold">Interactive map</h3>
        <ClientOnly
          fallback={
            <p className="text-sm text-slate-700">
              The interactive map needs JavaScript. The static map above shows the same levels.
            </p>
          }
        >
          {() => (
            <Suspense fallback={<p className="text-sm text-slate-700">Loading the interactive map…</p>}>
              <FloodMapClient
                selection={selection}
                countryBounds={countryBounds}
                tileUrl={tileUrl}
                onSelectCountry={(code) =>
                  navigate(`?${floodQuery({ ...selection, country: code })}`, { preventScrollReset: true })
                }
              />
            </Suspense>
          )}
        </ClientOnly>
      </div>
    </section>
  );
}

export default function FloodMapPage() {
  return (
    <ContentPageView wide>
      <FloodMaps />
    </ContentPageView>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
