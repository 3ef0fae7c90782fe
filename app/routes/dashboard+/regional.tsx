import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField } from "~/components/forms/fields";
import { PlaceMap } from "~/components/map/place-map";
import { PageHeader } from "~/components/ui/page-header";
import { HAZARD_IDS, HAZARDS } from "~/domain/hazards/hazards";
import { PERIOD_OPTIONS, SCENARIO_OPTIONS } from "~/domain/geo/map/flood-map";
import { nextSortDirection, REGIONAL_CSV_PATH, regionalSearch, type RegionalSortKey } from "~/domain/geo/regional";
import { pageTitle } from "~/utils/meta";
import { loadRegionalPage } from "~/services/maps/regional-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];
export const meta: MetaFunction = () => [{ title: pageTitle("Country-regional climate risk") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRegionalPage(request);
}

const COLUMNS: { key: RegionalSortKey; label: string }[] = [
  { key: "name", label: "Region" },
  { key: "code", label: "Code" },
  { key: "score", label: "Level" },
];

function Filters() {
  const { query, countries } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "loading";
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" aria-busy={busy}>
      <SelectField
        id="rg-country"
        name="location_code"
        label="Country"
        defaultValue={query.country}
        options={countries.map((c) => ({ value: c.country_code, label: c.country_name }))}
      />
      <SelectField
        id="rg-hazard"
        name="hazard_id"
        label="Hazard"
        defaultValue={query.hazardId}
        options={HAZARD_IDS.map((id) => ({ value: id, label: HAZARDS[id].name }))}
      />
      <SelectField
        id="rg-scenario"
        name="scenario"
        label="Scenario"
        defaultValue={query.scenario}
        options={SCENARIO_OPTIONS.map((o) => ({ value: o.id, label: o.name }))}
      />
      <SelectField
        id="rg-period"
        name="period"
        label="Period (future scenarios)"
        defaultValue={query.period === "hist" ? "2050" : query.period}
        options={PERIOD_OPTIONS.map((o) => ({ value: o.id, label: o.name }))}
      />
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <button type="submit" className="btn-primary">
        {busy ? "Loading…" : "Show regions"}
      </button>
    </Form>
  );
}

function RegionTable() {
  const { query, view } = useLoaderData<typeof loader>();
  if (!view.allowed) return null;
  return (
    <table className="mt-2 w-full border-collapse text-sm" data-testid="regional-table">
      <caption className="sr-only">Regions of {view.countryName}, sortable by column</caption>
      <thead>
        <tr className="bg-slate-50 text-left">
          {COLUMNS.map((c) => {
            const sorted = query.sort === c.key;
            return (
              <th
                key={c.key}
                scope="col"
                className="border border-slate-200 px-2 py-1"
                aria-sort={sorted ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
              >
                <Link
                  to={`?${regionalSearch(query, { sort: c.key, dir: nextSortDirection(query, c.key) })}`}
                  preventScrollReset
                  className="text-brand-700 underline"
                >
                  {c.label}
                  {sorted ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
                </Link>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {view.rows.map((r) => (
          <tr key={r.code}>
            <td className="border border-slate-200 px-2 py-1">
              <Link
                to={`/dashboard?location_code=${encodeURIComponent(r.code)}&scenario=${query.scenario}&period=${query.period}`}
                className="text-brand-700 underline"
              >
                {r.name}
              </Link>
            </td>
            <td className="border border-slate-200 px-2 py-1 font-mono">{r.code}</td>
            <td
              className="border border-slate-200 px-2 py-1"
              data-score={r.score ?? ""}
              data-locked={r.locked ? "true" : undefined}
            >
              <span
                aria-hidden="true"
                className="mr-2 inline-block h-3 w-4 rounded-sm border border-slate-400 align-middle"
                style={{ backgroundColor: r.colour }}
              />
              {r.label}
              {r.locked ? (
                <>
                  {" "}
                  <Link
                    to={`/dashboard?location_code=${encodeURIComponent(r.code)}`}
                    className="text-brand-700 underline"
                  >
                    Order
                  </Link>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function RegionalPage() {
  const { query, view, tileUrl } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const hazard = HAZARDS[query.hazardId].name;
  const title = `${hazard} by region in ${view.countryName}`;
  return (
    <div>
      <PageHeader title="Country-regional climate risk" lead="Compare the regions of a country hazard by hazard." />
      <Filters />
      {!view.allowed ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4"
          data-modal={view.modal ?? ""}
        >
          <p>{view.message}</p>
          <p className="mt-2">
            {view.modal === "buyDataModal" ? (
              <Link
                to={`/dashboard?location_code=${encodeURIComponent(query.country)}`}
                className="text-brand-700 underline"
              >
                Order {view.countryName}
              </Link>
            ) : (
              <Link
                to={`/dashboard/cart?add=country&pending=${encodeURIComponent(query.country)}`}
                className="text-brand-700 underline"
              >
                Add credits to order {view.countryName}
              </Link>
            )}
          </p>
        </div>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-bold">{title}</h2>
          <p className="mt-1 text-sm">
            <a href={`${REGIONAL_CSV_PATH}?${regionalSearch(query)}`} download className="text-brand-700 underline">
              Download the table (CSV)
            </a>
          </p>
          <div className="mt-4 grid gap-8 lg:grid-cols-2">
            <div>
              <PlaceMap
                data={view.map}
                title={title}
                description={`Choropleth of ${view.rows.length} regions of ${view.countryName}, ${hazard.toLowerCase()} level, scenario ${query.scenario}, period ${query.period}.`}
                legendTitle={`${hazard} level`}
                selectedId={null}
                pickHref={(a) =>
                  `/dashboard?location_code=${encodeURIComponent(a.id)}&scenario=${query.scenario}&period=${query.period}`
                }
                onPick={(href) => navigate(href)}
                tileUrl={tileUrl}
              />
            </div>
            <RegionTable />
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
