/**
 * The point's flood depth and money at risk: per slot and flood kind, the depth and damage at each return period
 * (a table, the accessible form of everything shown), the damage curve applied (a drawing and its table), the
 * expected annual loss and the 1-in-100-year loss, with the sources, the protection standard and the rule. A plain
 * GET form sets occupancy, value and protection, so the view works without JavaScript.
 */
import type { FloodKindResult } from "~/domain/api-contract/flood";
import { OCCUPANCIES, OCCUPANCY_LABELS } from "~/domain/flood-loss/depth-damage-functions";
import { formatWholeAmount } from "~/domain/commerce/invoicing/money";
import {
  FLOOD_VIEW_PARAMS,
  FLOOD_VIEW_TEXT,
  formatDepth,
  formatPixelSize,
  formatRatio,
} from "~/domain/flood-loss/point-view";
import type { FloodView } from "~/services/flood/flood-view.server";

type Json<T> = T extends (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/** Losses in whole euros: depths and curves carry no cents. */
const eur = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${formatWholeAmount(v)} EUR`);

/** The damage function as a line: depth 0–6 m across, damage 0–100 % up; decorative, its table follows. */
function DamageCurveDrawing({
  depths,
  factors,
  marks,
}: {
  depths: number[];
  factors: number[];
  marks: { depth: number; ratio: number }[];
}) {
  const w = 240;
  const h = 120;
  const x = (d: number) => 30 + (d / 6) * (w - 40);
  const y = (f: number) => h - 20 - f * (h - 30);
  return (
    <svg viewBox={`0 0 ${w} ${h}`} className="h-32 w-full max-w-xs" aria-hidden="true">
      <line x1={30} y1={y(0)} x2={w - 10} y2={y(0)} stroke="#94a3b8" />
      <line x1={30} y1={y(0)} x2={30} y2={y(1)} stroke="#94a3b8" />
      <text x={30} y={h - 4} fontSize="9" fill="#475569">
        0 m
      </text>
      <text x={w - 30} y={h - 4} fontSize="9" fill="#475569">
        6 m
      </text>
      <text x={2} y={y(1) + 3} fontSize="9" fill="#475569">
        100%
      </text>
      <polyline
        fill="none"
        stroke="#1d4ed8"
        strokeWidth="2"
        points={depths.map((d, i) => `${x(d)},${y(factors[i]!)}`).join(" ")}
      />
      {marks.map((m) => (
        <circle key={`${m.depth}-${m.ratio}`} cx={x(Math.min(m.depth, 6))} cy={y(m.ratio)} r="3" fill="#b91c1c" />
      ))}
    </svg>
  );
}

function FloodKind({ title, kind, id }: { title: string; kind: Json<FloodKindResult>; id: string }) {
  if (!kind.available) {
    return (
      <div className="min-w-0 rounded border border-slate-200 p-2 sm:p-3">
        <h4 className="font-semibold">{title}</h4>
        <p className="mt-1 text-sm">{kind.message}</p>
        <p className="mt-1 text-xs text-slate-600">{kind.how_to_add}</p>
      </div>
    );
  }
  const loss = kind.loss;
  return (
    <div className="min-w-0 rounded border border-slate-200 p-2 sm:p-3">
      <h4 className="font-semibold">{title}</h4>
      <p className="mt-1 text-sm">{kind.explanation}</p>
      <div className="mt-2 overflow-x-auto">
        <table
          className="w-full text-left text-sm [&_td]:pr-2 [&_th]:pr-2 sm:[&_td]:pr-4 sm:[&_th]:pr-4"
          aria-describedby={`${id}-basis`}
        >
          <caption className="sr-only">{title}: water depth, damage and loss per return period</caption>
          <thead>
            <tr>
              <th scope="col">Return period</th>
              <th scope="col">Depth</th>
              <th scope="col">Damage ratio</th>
              {loss.ok && loss.value_eur !== null ? <th scope="col">Loss</th> : null}
            </tr>
          </thead>
          <tbody>
            {kind.depths.map((d) => (
              <tr key={d.return_period}>
                <th scope="row" className="font-normal">
                  1-in-{d.return_period} years
                </th>
                <td className="whitespace-nowrap">{formatDepth(d.depth_m)}</td>
                <td className="whitespace-nowrap">{formatRatio(d.damage_ratio)}</td>
                {loss.ok && loss.value_eur !== null ? (
                  <td className="whitespace-nowrap">
                    {d.damage_ratio === null ? "–" : eur(d.damage_ratio * loss.value_eur)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loss.ok ? (
        <>
          <dl className="mt-2 grid grid-cols-[auto,1fr] gap-x-3 text-sm">
            <dt>Expected annual damage</dt>
            <dd>
              {formatRatio(loss.ead_ratio)} of the value{loss.ead_eur !== null ? `, ${eur(loss.ead_eur)} a year` : ""}
            </dd>
            <dt>1-in-100-year loss</dt>
            <dd>
              {formatRatio(loss.damage_ratio_100)}
              {loss.loss_100_eur !== null ? `, ${eur(loss.loss_100_eur)}` : ""}
            </dd>
          </dl>
          <p id={`${id}-basis`} className="mt-1 text-xs text-slate-600">
            {FLOOD_VIEW_TEXT.protection(loss.protection_years, loss.rule)} Damage function: {loss.damage_function.name},{" "}
            {OCCUPANCY_LABELS[loss.occupancy]}, {loss.continent}. Read: {kind.method},{" "}
            {formatPixelSize(kind.resolution_deg[0])} pixels. Source:{" "}
            {kind.sources.map((s) => `${s.name} (${s.licence}; ${s.attribution})`).join("; ")}.
          </p>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-medium">The damage curve applied</summary>
            <DamageCurveDrawing
              depths={loss.damage_function.depths_m}
              factors={loss.damage_function.damage_factors}
              marks={kind.depths
                .filter((d) => d.depth_m !== null && d.damage_ratio !== null)
                .map((d) => ({ depth: d.depth_m!, ratio: d.damage_ratio! }))}
            />
            <table className="text-left text-sm [&_td]:pr-2 [&_th]:pr-2 sm:[&_td]:pr-4 sm:[&_th]:pr-4">
              <caption className="sr-only">Damage ratio by water depth</caption>
              <thead>
                <tr>
                  <th scope="col">Depth</th>
                  <th scope="col">Damage ratio</th>
                </tr>
              </thead>
              <tbody>
                {loss.damage_function.depths_m.map((d, i) => (
                  <tr key={d}>
                    <td>{d} m</td>
                    <td>{formatRatio(loss.damage_function.damage_factors[i] ?? null)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : (
        <p className="mt-2 text-sm">No loss: {loss.message}.</p>
      )}
    </div>
  );
}

export default function FloodLossSection({ flood }: { flood: Json<FloodView> }) {
  const s = flood.selection;
  return (
    <section aria-labelledby="flood-loss-title" className="card mt-6">
      <h2 id="flood-loss-title" className="text-lg font-semibold">
        {FLOOD_VIEW_TEXT.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{FLOOD_VIEW_TEXT.lead}</p>
      <form method="get" action="/dashboard" className="mt-3 flex flex-wrap items-end gap-3">
        {flood.keep.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <label className="flex flex-col text-sm">
          Occupancy
          <select
            name={FLOOD_VIEW_PARAMS.occupancy}
            defaultValue={s.occupancyGiven ? s.occupancy : ""}
            aria-invalid={s.errors.occupancy ? true : undefined}
            aria-describedby={s.errors.occupancy ? "flood-occupancy-error" : undefined}
          >
            <option value="">{OCCUPANCY_LABELS[s.occupancy]} (default)</option>
            {OCCUPANCIES.map((o) => (
              <option key={o} value={o}>
                {OCCUPANCY_LABELS[o]}
              </option>
            ))}
          </select>
          {s.errors.occupancy ? (
            <span id="flood-occupancy-error" className="text-red-700">
              {s.errors.occupancy}
            </span>
          ) : null}
        </label>
        <label className="flex flex-col text-sm">
          Asset value (EUR)
          <input
            name={FLOOD_VIEW_PARAMS.value}
            inputMode="decimal"
            defaultValue={s.raw.valueEur}
            aria-invalid={s.errors.valueEur ? true : undefined}
            aria-describedby={s.errors.valueEur ? "flood-value-error" : undefined}
          />
          {s.errors.valueEur ? (
            <span id="flood-value-error" className="text-red-700">
              {s.errors.valueEur}
            </span>
          ) : null}
        </label>
        <label className="flex flex-col text-sm">
          Protection standard (years)
          <input
            name={FLOOD_VIEW_PARAMS.protection}
            inputMode="numeric"
            defaultValue={s.raw.protectionYears}
            placeholder={String(s.protectionYears)}
            aria-invalid={s.errors.protectionYears ? true : undefined}
            aria-describedby={s.errors.protectionYears ? "flood-protection-error" : undefined}
          />
          {s.errors.protectionYears ? (
            <span id="flood-protection-error" className="text-red-700">
              {s.errors.protectionYears}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn-secondary">
          Show losses
        </button>
      </form>
      {!s.occupancyGiven ? <p className="mt-2 text-sm">{FLOOD_VIEW_TEXT.defaultOccupancy(s.occupancy)}</p> : null}
      {s.valueEur === null ? <p className="mt-1 text-sm">{FLOOD_VIEW_TEXT.noValue}</p> : null}
      {flood.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {flood.error}
        </p>
      ) : null}
      {flood.slots.map((slot, i) => (
        <div key={slot.label} className="mt-4">
          <h3 className="font-semibold">{slot.label}</h3>
          {slot.unpublished ? (
            <p className="mt-1 text-sm">{slot.unpublished}</p>
          ) : (
            <div className="mt-2 grid gap-3 lg:grid-cols-2">
              {slot.river ? <FloodKind title="River flood" kind={slot.river} id={`flood-${i}-river`} /> : null}
              {slot.coastal ? <FloodKind title="Coastal flood" kind={slot.coastal} id={`flood-${i}-coastal`} /> : null}
            </div>
          )}
        </div>
      ))}
      <p className="mt-3 text-xs text-slate-600">{FLOOD_VIEW_TEXT.rpSumNote}</p>
    </section>
  );
}
