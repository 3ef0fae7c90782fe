/**
 * The dashboard's controls: the scenario, period and duration form, and the other ways to choose a place (country
 * and region selects, hexagon id, coordinates). Each is a plain GET form, so the page works without JavaScript;
 * with it, the selects submit on change.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { PLACE_SELECT_KEYS, UNLOCK_DISMISSED, hexagonFieldValue } from "~/domain/dashboard/dashboard";
import { SAMPLE_DEFAULT_LOCATION } from "~/domain/geo/default-location";
import type { dashboardPage } from "~/services/dashboard/dashboard-page.server";
import { useServerDrawn } from "~/utils/server-drawn";

/** What the dashboard's loader answers. */
export type DashboardView = SerializeFrom<Awaited<ReturnType<typeof dashboardPage>>>;

type OnChange = (e: FormEvent<HTMLFormElement>) => void;

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
 * The dashboard's navigation while it updates: the selection being loaded (null when none), whether it changes the
 * hexagon or only the country or period, and the change handler that submits a form as its select changes.
 */
export function useDashboardNavigation() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard"
      ? new URLSearchParams(navigation.location.search)
      : null;
  const changingHexagon =
    !!pending &&
    (pending.get("lat") !== params.get("lat") || /^[0-9a-f]{15}$/i.test(pending.get("location_code") ?? ""));
  const autoSubmit: OnChange = (e) => submit(e.currentTarget, { preventScrollReset: true, replace: true });
  return { params, pending, changingHexagon, changingCountryPeriod: !!pending && !changingHexagon, autoSubmit };
}

/** Hidden fields that keep what the other forms chose: a slot form keeps the place, a place form keeps the slot. */
function KeepFields({ d, form }: { d: DashboardView; form: "slot" | "place" }) {
  return (
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
}

/** A country or region select over server-drawn options (app/utils/server-drawn.tsx), shown on change. */
function PlaceSelectForm({
  label,
  button,
  field,
  optionsHtml,
  hidden,
  onChange,
}: {
  label: string;
  button: string;
  field: ReturnType<typeof useFieldValue>;
  optionsHtml: string;
  hidden: ReactNode;
  onChange: OnChange;
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

/** Scenario, period and duration of the scores shown. */
export function SlotForm({ d, onChange }: { d: DashboardView; onChange: OnChange }) {
  const scenario = useFieldValue(d.sel.scenario);
  const period = useFieldValue(d.sel.period);
  const duration = useFieldValue(d.sel.duration);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" onChange={onChange} aria-label="Scenario and period">
      <KeepFields d={d} form="slot" />
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
  );
}

/** Country, region, hexagon id or coordinates: the place whose scores are shown. */
export function PlaceChooser({
  d,
  params,
  onChange,
}: {
  d: DashboardView;
  params: URLSearchParams;
  onChange: OnChange;
}) {
  const countryField = useFieldValue(d.placeSelects.country.value);
  const regionField = useFieldValue(d.placeSelects.region?.value ?? "");
  const countryOptions = useServerDrawn(PLACE_SELECT_KEYS.country, d.placeSelects.country.html);
  const regionOptions = useServerDrawn(PLACE_SELECT_KEYS.region, d.placeSelects.region?.html);
  const hexagonField = useFieldValue(hexagonFieldValue(d.location, d.defaultHexagon));
  const pointFields = [
    { name: "lat", label: "Latitude", error: d.sel.latError },
    { name: "lon", label: "Longitude", error: d.sel.lonError },
  ];
  return (
    <>
      {/* On a phone the other ways to choose a place fold behind a native toggle (no script needed), so the first
          screen shows scores rather than controls; from md up they are always shown. */}
      <div>
        <details
          className="group/more peer/more md:hidden"
          open={Boolean(d.sel.latError || d.sel.lonError || d.pointError || d.sel.invalidLocationCode)}
        >
          <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">
            Choose by country, region, hexagon id or coordinates
          </summary>
        </details>
        <div className="mt-3 hidden flex-col gap-4 peer-open/more:flex md:mt-0 md:flex">
          <div className="flex flex-wrap items-end gap-3">
            <PlaceSelectForm
              label="Country"
              button="Show country"
              field={countryField}
              optionsHtml={countryOptions}
              hidden={<KeepFields d={d} form="place" />}
              onChange={onChange}
            />
            {d.placeSelects.region ? (
              <PlaceSelectForm
                label="Region"
                button="Show region"
                field={regionField}
                optionsHtml={regionOptions}
                hidden={<KeepFields d={d} form="place" />}
                onChange={onChange}
              />
            ) : null}
          </div>

          <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Hexagon">
            <KeepFields d={d} form="place" />
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
            <KeepFields d={d} form="place" />
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
    </>
  );
}
