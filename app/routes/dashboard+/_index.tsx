import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css";
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { PlaceMap } from "~/components/map/place-map";
import { PageHeader } from "~/components/ui/page-header";
import { PlaceSearch } from "~/components/dashboard/place-search";
import { PlaceActions } from "~/components/dashboard/place-view";
import { UnlockDialog as UnlockDialogOnServer } from "~/components/dashboard/unlock-dialog.server";
import { ScoreCard, whyKey } from "~/components/dashboard/score-card";
import { cardBandMeanings } from "~/components/dashboard/band-meaning.server";
import { explanationHtml } from "~/components/dashboard/score-explanation.server";
import { HazardSeriesTable, LevelDistribution } from "~/components/dashboard/score-charts";
import {
  CANT_GET_HAZARD_SCORES, PLACE_SELECT_KEYS, PLACE_VIEW_TEXT, cantGetHazardScores, hexagonFieldValue, mapPickHref, pairHazardScores,
  snappedToLandNote, unlockHrefs, warmingLabel, withoutExplanations, UNLOCK_DISMISSED,
} from "~/domain/dashboard/dashboard";
import { HAZARDS } from "~/domain/hazards/hazards";
import { SAMPLE_DEFAULT_LOCATION } from "~/domain/geo/default-location";
import { PERIODS, SCENARIOS } from "~/domain/hazards/scenarios";
import { getEnv } from "~/env.server";
import { loadDashboard, loadDashboardMap } from "~/services/dashboard/dashboard.server";
import { dashboardSelectionOf, parseDashboardOrder, placeSelectsForPage } from "~/services/dashboard/dashboard-page.server";
import { mapDataForPage } from "~/services/maps/map-data.server";
import { LimitReachedError, getUserEntitlements, grantLocation } from "~/services/commerce/entitlements.server";
import { readFormData } from "~/services/http/form-body.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/toast.server";
import { inlandPlaceNote } from "~/domain/geo/inland-place";
import { pageTitle } from "~/utils/meta";
import { lazyInBrowser } from "~/utils/lazy-in-browser";
import { drawOnServer, useServerDrawn } from "~/utils/server-drawn";


export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];
export const meta: MetaFunction = () => [{ title: pageTitle("Scenario Analysis for One Location") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sel = dashboardSelectionOf(request);
  const data = await loadDashboard(user, sel);
  const map = await loadDashboardMap(user, data, sel);
  // The long lists and the explanations reach the page as server-drawn markup (app/utils/server-drawn.tsx).
  const { countries: _countries, regions: _regions, available: _available, hazardIds: _hazardIds, hist, future, ...rest } = data;
  const why = Object.fromEntries(
    [...(future?.aggregate ? [future.aggregate] : []), ...(future?.hazards ?? [])].map((h) => [
      h.hazard_id,
      drawOnServer(context, whyKey(h.hazard_id), explanationHtml(h, data.datasetVersion)),
    ]),
  );
  return json(
    {
      ...rest,
      hist: withoutExplanations(hist),
      future: withoutExplanations(future),
      why,
      meanings: cardBandMeanings(hist?.hazards ?? [], future?.hazards ?? []),
      placeSelects: placeSelectsForPage(data, context),
      sel,
      map: map && mapDataForPage(map),
      tileUrl: getEnv().MAP_TILE_URL ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// Only when an unlock is asked for: its code loads only then.
const UnlockDialog = lazyInBrowser(() => import("~/components/dashboard/unlock-dialog"), UnlockDialogOnServer);


/**
 * A select's value that follows the loader but keeps the user's pick while the page updates. Controlled and never
 * remounted, so an auto-submitting select keeps keyboard focus.
 */
function useFieldValue(fromLoader: string) {
  const [value, setValue] = useState(fromLoader);
  const [seen, setSeen] = useState(fromLoader);
  if (seen !== fromLoader) {
    setSeen(fromLoader);
    setValue(fromLoader);
  }
  return { value, onChange: (e: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => setValue(e.target.value) };
}

/**
 * The confirmed unlock (buyDataModal's "Yes"): orders the location from what the plan and credits leave, then
 * returns to the place it was asked from, now showing the unlocked level, and says what is left.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readFormData(request));
  const order = parseDashboardOrder(form);
  if (!order) return redirect("/dashboard");
  const back = order.back ?? `/dashboard?${new URLSearchParams({ location_code: order.location_code })}`;
  try {
    const granted = await grantLocation(user.id, order.location_code, "order");
    const left = (await getUserEntitlements(user)).remaining[granted.kind];
    return redirectWithToast(back, { type: "success", description: PLACE_VIEW_TEXT.unlocked(granted.kind, granted.code, left) });
  } catch (error) {
    // Spent elsewhere in the meantime: show the dialog again, which now offers credits.
    if (error instanceof LimitReachedError && (error.kind === "hexagon" || error.kind === "region")) return redirect(unlockHrefs(new URLSearchParams(back.split("?")[1] ?? ""), error.kind).open);
    throw error;
  }
}

/** A country or region select over server-drawn options (app/utils/server-drawn.tsx), shown on change. */
function PlaceSelectForm({
  label, button, field, optionsHtml, hidden, onChange,
}: {
  label: string;
  button: string;
  field: ReturnType<typeof useFieldValue>;
  optionsHtml: string;
  hidden: ReactNode;
  onChange: (e: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form method="get" className="flex items-end gap-2" onChange={onChange}>
      {hidden}
      <label className="text-sm">
        <span className="block font-medium">{label}</span>
        <select
          name="location_code"
          {...field}
          className="max-w-[min(20rem,60vw)] rounded border-slate-300"
          dangerouslySetInnerHTML={{ __html: optionsHtml }}
          suppressHydrationWarning
        />
      </label>
      <button type="submit" className="btn-secondary">
        {button}
      </button>
    </Form>
  );
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending = navigation.state === "loading" && navigation.location.pathname === "/dashboard" ? new URLSearchParams(navigation.location.search) : null;
  const changingHexagon = !!pending && (pending.get("lat") !== params.get("lat") || /^[0-9a-f]{15}$/i.test(pending.get("location_code") ?? ""));
  const changingCountryPeriod = !!pending && !changingHexagon;
  const autoSubmit = (e: FormEvent<HTMLFormElement>) => submit(e.currentTarget, { preventScrollReset: true, replace: true });
  const navigate = useNavigate();
  const scenario = useFieldValue(d.sel.scenario);
  const period = useFieldValue(d.sel.period);
  const duration = useFieldValue(d.sel.duration);
  const countryField = useFieldValue(d.placeSelects.country.value);
  const regionField = useFieldValue(d.placeSelects.region?.value ?? "");
  const countryOptions = useServerDrawn(PLACE_SELECT_KEYS.country, d.placeSelects.country.html);
  const regionOptions = useServerDrawn(PLACE_SELECT_KEYS.region, d.placeSelects.region?.html);
  const hexagonField = useFieldValue(hexagonFieldValue(d.location, d.defaultHexagon));
  const scores = pairHazardScores(d.hist, d.future);
  const pickHref = (code: string) => mapPickHref(params, d.sel, code);

  const keep = (form: "slot" | "place") => (
    <>
      {form === "place" ? (
        <>
          <input type="hidden" name="scenario" value={d.sel.scenario} />
          <input type="hidden" name="period" value={d.sel.period} />
          <input type="hidden" name="duration" value={d.sel.duration} />
        </>
      ) : d.location ? (
        <>
          <input type="hidden" name="location_code" value={d.location.code} />
          {d.sel.unlockDismissed ? <input type="hidden" name="unlock" value={UNLOCK_DISMISSED} /> : null}
          {d.point ? (
            <>
              <input type="hidden" name="lat" value={d.point.lat} />
              <input type="hidden" name="lon" value={d.point.lon} />
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
  const placeName = d.place?.title ?? "";
  const futureLabel = `${SCENARIOS[d.sel.scenario].name} ${PERIODS[d.sel.period].name}`;
  const warming = warmingLabel(d.sel.scenario, d.sel.period);
  const pointFields = [
    { name: "lat", label: "Latitude", error: d.sel.latError },
    { name: "lon", label: "Longitude", error: d.sel.lonError },
  ];

  return (
    <div>
      <PageHeader title="Scenario Analysis for One Location" lead={<span className="hidden sm:inline">Choose a place, a scenario and a horizon to see its hazard scores.</span>} />
      <div className="mt-4">
        <PlaceSearch defaultQuery={d.sel.q} />
      </div>

      <div className="card mt-4 grid gap-4 lg:grid-cols-2">
        <Form method="get" className="flex flex-wrap items-end gap-3" onChange={autoSubmit} aria-label="Scenario and period">
          {keep("slot")}
          <label className="text-sm">
            <span className="block font-medium">Scenario</span>
            <select name="scenario" {...scenario} className="rounded border-slate-300">
              {d.scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.narrative})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium">Period</span>
            <select name="period" {...period} className="rounded border-slate-300">
              {d.periods.future.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium">Duration</span>
            <select name="duration" {...duration} className="rounded border-slate-300">
              {d.durations.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-secondary">
            Apply
          </button>
        </Form>

        {/* On a phone the other ways to choose a place fold behind a native toggle (no script needed), so the first
            screen shows scores rather than controls; from md up they are always shown. */}
        <div>
          <details className="group/more peer/more md:hidden" open={Boolean(d.sel.latError || d.sel.lonError || d.pointError || d.sel.invalidLocationCode)}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">Choose by country, region, hexagon id or coordinates</summary>
          </details>
          <div className="mt-3 hidden flex-col gap-4 peer-open/more:flex md:mt-0 md:flex">
            <div className="flex flex-wrap items-end gap-3">
              <PlaceSelectForm label="Country" button="Show country" field={countryField} optionsHtml={countryOptions} hidden={keep("place")} onChange={autoSubmit} />
              {d.placeSelects.region ? (
                <PlaceSelectForm label="Region" button="Show region" field={regionField} optionsHtml={regionOptions} hidden={keep("place")} onChange={autoSubmit} />
              ) : null}
            </div>

            <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Hexagon">
              {keep("place")}
              <label className="text-sm">
                <span className="block font-medium">Hexagon id</span>
                <input
                  name="location_code"
                  {...hexagonField}
                  pattern="[0-9a-fA-F]{15}"
                  // An example of the format only when the user has no ordered hexagon to prefill.
                  placeholder={d.defaultHexagon ? undefined : SAMPLE_DEFAULT_LOCATION.hexagon}
                  className="rounded border-slate-300 font-mono"
                />
              </label>
              <button type="submit" className="btn-secondary">
                Show hexagon
              </button>
            </Form>

            <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Point" noValidate>
              {keep("place")}
              {pointFields.map((f) => (
                <label key={f.name} className="text-sm">
                  <span className="block font-medium">{f.label}</span>
                  <input
                    name={f.name}
                    inputMode="decimal"
                    defaultValue={params.get(f.name) ?? ""}
                    aria-invalid={f.error ? true : undefined}
                    aria-describedby={f.error ? `${f.name}-error` : undefined}
                    className="w-28 rounded border-slate-300"
                  />
                </label>
              ))}
              <button type="submit" className="btn-secondary">
                Show point
              </button>
              {pointFields.map((f) =>
                f.error ? (
                  <p key={f.name} id={`${f.name}-error`} className="w-full text-sm text-red-700">
                    {f.error}
                  </p>
                ) : null,
              )}
            </Form>
          </div>
        </div>
      </div>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-600">
        {changingCountryPeriod ? <p data-flag="changing-country-period">Loading scores…</p> : null}
        {changingHexagon ? <p data-flag="changing-hexagon">Loading hexagon scores…</p> : null}
      </div>
      {d.point?.snappedToLand ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {snappedToLandNote(d.point.snappedToLand)}
        </p>
      ) : null}
      {d.pointError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {d.pointError}
        </p>
      ) : null}
      {d.sel.invalidLocationCode ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {d.sel.invalidLocationCode} is not a country, region or resolution-4 hexagon code
        </p>
      ) : null}

      <section aria-labelledby="scores-title" className={`mt-4 ${pending ? "opacity-60" : ""}`}>
        <h2 id="scores-title" className="text-xl font-semibold">
          {PLACE_VIEW_TEXT.scoresHeading(placeName, d.place?.shown ?? null)}
        </h2>
        {d.place?.inland ? (
          <p role="note" data-testid="inland-note" className="mt-1 text-sm text-slate-700">
            {inlandPlaceNote(d.place.inland)}
          </p>
        ) : null}
        {d.place ? <PlaceActions place={d.place} /> : null}
        {scores.hazards.length ? (
          <>
            {scores.aggregate ? (
              <div className="mt-3 max-w-md">
                <ul aria-label="Aggregate">
                  <ScoreCard hist={scores.aggregate.hist} future={scores.aggregate.future} futureLabel={futureLabel} warming={warming} why={d.why[scores.aggregate.future.hazard_id] ?? null} />
                </ul>
              </div>
            ) : null}
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Hazards">
              {scores.hazards.map((p) => (
                <ScoreCard key={p.hist.hazard_id} hist={p.hist} future={p.future} futureLabel={futureLabel} warming={warming} why={d.why[p.future.hazard_id] ?? null} meaning={d.meanings[p.hist.hazard_id] ?? null} />
              ))}
            </ul>
          </>
        ) : (d.location || d.notFound) && cantGetHazardScores(d.hist, d.future) ? (
          <p role="alert" className="mt-2 text-red-700">
            {CANT_GET_HAZARD_SCORES}
          </p>
        ) : null}
      </section>

      {d.map ? (
        <section aria-labelledby="map-title" className="mt-8">
          <h2 id="map-title" className="text-xl font-semibold">
            Map
          </h2>
          {d.map.areas.length ? <p className="mt-1 text-sm text-slate-700">Pick a hexagon on the map to see its scores.</p> : null}
          <div className="mt-3 max-w-3xl">
            <PlaceMap
              data={d.map}
              title={`${HAZARDS.AL.name} level map of ${d.map.place.name}`}
              description={`${d.map.areas.length} hexagon(s) of ${d.map.place.name} in your plan, coloured by ${HAZARDS.AL.name.toLowerCase()} level, ${futureLabel}.${d.map.areas.length ? " Each links to its scores." : ""}`}
              legendTitle={`${HAZARDS.AL.name} level`}
              pickHref={(a) => pickHref(a.id)}
              onPick={(href) => navigate(href)}
              tileUrl={d.tileUrl}
            />
          </div>
        </section>
      ) : null}

      <HazardSeriesTable series={d.series} />
      <LevelDistribution distribution={d.distribution} />

      {d.purchase ? <UnlockDialog purchase={d.purchase} placeTitle={placeName} /> : null}
    </div>
  );
}
