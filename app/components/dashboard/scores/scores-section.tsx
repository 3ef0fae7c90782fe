/** The dashboard's scores of the chosen place: the aggregate and each hazard, now and under the chosen scenario. */
import {
  CANT_GET_HAZARD_SCORES,
  PLACE_VIEW_TEXT,
  cantGetHazardScores,
  pairHazardScores,
  snappedToLandNote,
  warmingLabel,
} from "~/domain/dashboard/dashboard";
import { inlandPlaceNote } from "~/domain/geo/inland-place";
import type { DashboardView } from "../dashboard-controls";
import { PlaceActions } from "../place-view";
import { ScoreCard } from "./score-card";

/** What the page is loading, and what it could not do with the place asked for. */
export function DashboardNotices({
  d,
  changingCountryPeriod,
  changingHexagon,
}: {
  d: DashboardView;
  changingCountryPeriod: boolean;
  changingHexagon: boolean;
}) {
  return (
    <>
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
    </>
  );
}

export function ScoresSection({
  d,
  futureLabel,
  pending,
}: {
  d: DashboardView;
  futureLabel: string;
  pending: boolean;
}) {
  const placeName = d.place?.title ?? "";
  const warming = warmingLabel(d.sel.scenario, d.sel.period);
  const scores = pairHazardScores(d.hist, d.future);
  return (
    <section aria-labelledby="scores-title" className={`mt-4 ${pending ? "opacity-60" : ""}`}>
      <h2 id="scores-title" className="text-xl font-semibold">
        {PLACE_VIEW_TEXT.scoresHeading(placeName, d.place?.shown ?? null, d.place?.atPoint ?? false)}
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
                <ScoreCard
                  hist={scores.aggregate.hist}
                  future={scores.aggregate.future}
                  futureLabel={futureLabel}
                  warming={warming}
                  why={d.why[scores.aggregate.future.hazard_id] ?? null}
                />
              </ul>
            </div>
          ) : null}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Hazards">
            {scores.hazards.map((p) => (
              <ScoreCard
                key={p.hist.hazard_id}
                hist={p.hist}
                future={p.future}
                futureLabel={futureLabel}
                warming={warming}
                why={d.why[p.future.hazard_id] ?? null}
                meaning={d.meanings[p.hist.hazard_id] ?? null}
              />
            ))}
          </ul>
        </>
      ) : (d.location || d.notFound) && cantGetHazardScores(d.hist, d.future) ? (
        <p role="alert" className="mt-2 text-red-700">
          {CANT_GET_HAZARD_SCORES}
        </p>
      ) : null}
    </section>
  );
}
