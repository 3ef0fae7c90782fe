import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { PageHeader } from "~/components/ui/page-header";
import { Modal } from "~/components/ui/modal";
import { ScoreCard } from "~/components/dashboard/score-card";
import { HazardSeriesTable, LevelDistribution } from "~/components/dashboard/score-charts";
import {
  CANT_GET_HAZARD_SCORES, dashboardHref, dashboardOrderSchema, formatCoordinates, parseDashboardSelection, warmingLabel,
} from "~/domain/dashboard";
import { PERIODS, SCENARIOS } from "~/domain/scenarios";
import { loadDashboard } from "~/services/dashboard.server";
import { LimitReachedError, grantLocation } from "~/services/entitlements.server";
import { requireUser } from "~/services/session.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Scenario Analysis for One Location") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sel = parseDashboardSelection(new URL(request.url).searchParams);
  const data = await loadDashboard(user, sel);
  return json({ ...data, sel }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Ordering a location from the plan's allowance (buyDataModal). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = dashboardOrderSchema.safeParse(form);
  if (!parsed.success) return redirect("/dashboard");
  const params = new URLSearchParams({ location_code: parsed.data.location_code });
  try {
    await grantLocation(user.id, parsed.data.location_code, "order");
  } catch (error) {
    if (error instanceof LimitReachedError) return redirect(`/dashboard?${params}`);
    throw error;
  }
  return redirect(`/dashboard?${params}`);
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
  const placeName =
    d.point ? `${formatCoordinates(d.point.lat, d.point.lon)} (hexagon ${d.location?.code})` : (d.future?.location_name ?? d.location?.code ?? "");
  const futureLabel = `${SCENARIOS[d.sel.scenario].name} ${PERIODS[d.sel.period].name}`;
  const warming = warmingLabel(d.sel.scenario, d.sel.period);
  const free = (kind: "country" | "region", code: string) => d.available.free_order_list[kind].includes(code);
  const ordered = (kind: "country" | "region", code: string) => d.available.order_list[kind].includes(code);
  const label = (kind: "country" | "region", code: string, name: string) =>
    `${name}${free(kind, code) ? " (free)" : ordered(kind, code) ? "" : " (locked)"}`;
  const closeHref = dashboardHref(params, { location_code: undefined, lat: undefined, lon: undefined });

  return (
    <div>
      <PageHeader title="Scenario Analysis for One Location" lead="Choose a place, a scenario and a horizon to see its hazard scores." />

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Form method="get" className="flex flex-wrap items-end gap-3" onChange={autoSubmit} aria-label="Scenario and period">
          {keep("slot")}
          <label className="text-sm">
            <span className="block font-medium">Scenario</span>
            <select name="scenario" defaultValue={d.sel.scenario} key={`s-${d.sel.scenario}`} className="rounded border-slate-300">
              {d.scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.narrative})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium">Period</span>
            <select name="period" defaultValue={d.sel.period} key={`p-${d.sel.period}`} className="rounded border-slate-300">
              {d.periods.future.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium">Duration</span>
            <select name="duration" defaultValue={d.sel.duration} className="rounded border-slate-300">
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

        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" className="flex items-end gap-2" onChange={autoSubmit}>
            {keep("place")}
            <label className="text-sm">
              <span className="block font-medium">Country</span>
              <select name="location_code" defaultValue={d.country ?? ""} key={`c-${d.country}`} className="max-w-[14rem] rounded border-slate-300">
                {d.countries.map((c) => (
                  <option key={c.country_code} value={c.country_code}>
                    {label("country", c.country_code, c.country_name)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-secondary">
              Show country
            </button>
          </Form>
          {d.regions.length ? (
            <Form method="get" className="flex items-end gap-2" onChange={autoSubmit}>
              {keep("place")}
              <label className="text-sm">
                <span className="block font-medium">Region</span>
                <select
                  name="location_code"
                  defaultValue={d.location?.kind === "region" ? d.location.code : ""}
                  key={`r-${d.location?.code}`}
                  className="max-w-[14rem] rounded border-slate-300"
                >
                  <option value={d.country ?? ""}>Whole country</option>
                  {d.regions.map((r) => (
                    <option key={r.region_code} value={r.region_code}>
                      {label("region", r.region_code, r.region_name)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-secondary">
                Show region
              </button>
            </Form>
          ) : null}
        </div>

        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Hexagon">
          {keep("place")}
          <label className="text-sm">
            <span className="block font-medium">Hexagon id</span>
            <input
              name="location_code"
              defaultValue={d.location?.kind === "hexagon" && !d.point ? d.location.code : ""}
              pattern="[0-9a-fA-F]{15}"
              placeholder="84194adffffffff"
              className="rounded border-slate-300 font-mono"
            />
          </label>
          <button type="submit" className="btn-secondary">
            Show hexagon
          </button>
        </Form>

        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Point" noValidate>
          {keep("place")}
          <label className="text-sm">
            <span className="block font-medium">Latitude</span>
            <input
              name="lat"
              inputMode="decimal"
              defaultValue={params.get("lat") ?? ""}
              aria-invalid={d.sel.latError ? true : undefined}
              aria-describedby={d.sel.latError ? "lat-error" : undefined}
              className="w-28 rounded border-slate-300"
            />
          </label>
          <label className="text-sm">
            <span className="block font-medium">Longitude</span>
            <input
              name="lon"
              inputMode="decimal"
              defaultValue={params.get("lon") ?? ""}
              aria-invalid={d.sel.lonError ? true : undefined}
              aria-describedby={d.sel.lonError ? "lon-error" : undefined}
              className="w-28 rounded border-slate-300"
            />
          </label>
          <button type="submit" className="btn-secondary">
            Show point
          </button>
          {d.sel.latError ? (
            <p id="lat-error" className="w-full text-sm text-red-700">
              {d.sel.latError}
            </p>
          ) : null}
          {d.sel.lonError ? (
            <p id="lon-error" className="w-full text-sm text-red-700">
              {d.sel.lonError}
            </p>
          ) : null}
        </Form>
      </div>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-600">
        {changingCountryPeriod ? <p data-flag="changing-country-period">Loading scores…</p> : null}
        {changingHexagon ? <p data-flag="changing-hexagon">Loading hexagon scores…</p> : null}
      </div>
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
          {placeName ? `Hazard scores: ${placeName}` : "Hazard scores"}
        </h2>
        {d.hist && d.future ? (
          <>
            <div className="mt-3 max-w-md">
              <ul aria-label="Aggregate">
                <ScoreCard hist={d.hist.aggregate} future={d.future.aggregate} futureLabel={futureLabel} warming={warming} datasetVersion={d.datasetVersion} />
              </ul>
            </div>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Hazards">
              {d.hist.hazards.map((h, i) => (
                <ScoreCard key={h.hazard_id} hist={h} future={d.future!.hazards[i]!} futureLabel={futureLabel} warming={warming} datasetVersion={d.datasetVersion} />
              ))}
            </ul>
          </>
        ) : d.purchase ? (
          <p className="mt-2 text-slate-600">This {d.purchase.kind} is not in your plan yet.</p>
        ) : d.location || d.notFound ? (
          <p role="alert" className="mt-2 text-red-700">
            {CANT_GET_HAZARD_SCORES}
          </p>
        ) : null}
      </section>

      <HazardSeriesTable series={d.series} />
      <LevelDistribution distribution={d.distribution} />

      {d.purchase?.modal === "buyDataModal" ? (
        <Modal title="Buy data" closeHref={closeHref}>
          <p>
            Order {d.purchase.kind} {d.purchase.code} from your plan: you have {d.available[`limit_${d.purchase.kind}`]} {d.purchase.kind} order(s) left.
          </p>
          <Form method="post" className="mt-4 flex gap-2">
            <input type="hidden" name="intent" value="order" />
            <input type="hidden" name="location_code" value={d.purchase.code} />
            <button type="submit" className="btn-primary">
              Order {d.purchase.code}
            </button>
            <Link to={closeHref} className="btn-secondary">
              Cancel
            </Link>
          </Form>
        </Modal>
      ) : d.purchase?.modal === "addCreditsModal" ? (
        <Modal title="Add credits" closeHref={closeHref}>
          <p>
            Your plan has no {d.purchase.kind} orders left. Add credits to buy {d.purchase.code}.
          </p>
          <div className="mt-4 flex gap-2">
            <Link to={`/dashboard/cart?add=${d.purchase.kind}&pending=${encodeURIComponent(d.purchase.code)}`} className="btn-primary">
              Add credits
            </Link>
            <Link to={closeHref} className="btn-secondary">
              Cancel
            </Link>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
