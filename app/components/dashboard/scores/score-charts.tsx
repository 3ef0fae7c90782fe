import { ChartImage } from "~/components/charts/chart-image";
import {
  hazardBarsLabel,
  hazardBarsUrl,
  levelPieDescription,
  levelPieLabel,
  levelPieUrl,
} from "~/domain/dashboard/charts/chart-images";
import { HAZARDS, HAZARD_IDS } from "~/domain/hazards/hazards";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import {
  HISTORICAL_LABEL,
  PERIODS,
  SCENARIOS,
  SCENARIO_COLOURS,
  SCENARIO_IDS,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import type { DashboardData, SlotScore } from "~/services/dashboard/dashboard.server";

const slotName = (s: { scenario: string; period: string }) =>
  s.scenario === "hist"
    ? HISTORICAL_LABEL
    : `${SCENARIOS[s.scenario as ScenarioId].name} ${PERIODS[s.period as PeriodId].name}`;

/** Each hazard across periods and scenarios: a small bar chart per hazard, with the same figures as a table. */
export function HazardSeriesTable({ series }: { series: SlotScore[] }) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-title" className="mt-6">
      <h2 id="series-title" className="text-lg font-semibold">
        Each hazard across periods and scenarios
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700" aria-label="Bar colours">
        {SCENARIO_IDS.map((id) => (
          <li key={id} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: SCENARIO_COLOURS[id] }}
            />
            {SCENARIOS[id].name}
          </li>
        ))}
      </ul>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Charts by hazard">
        {HAZARD_IDS.map((h) => {
          const bars = {
            title: HAZARDS[h].name,
            points: series.map((s) => ({ scenario: s.scenario, period: s.period, score: s.scores[h] ?? null })),
          };
          return (
            <li key={h} className="rounded border border-slate-200 p-2">
              <p className="text-sm font-semibold text-slate-800">{HAZARDS[h].name}</p>
              <ChartImage kind="hazard-bars" src={hazardBarsUrl(bars)} alt={hazardBarsLabel(bars)} />
            </li>
          );
        })}
      </ul>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium">The same scores as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-xs">
            <caption className="sr-only">
              Risk level 1-5 per hazard for the historical period and each scenario and period
            </caption>
            <thead>
              <tr>
                <th scope="col" className="p-1 text-left">
                  Hazard
                </th>
                {series.map((s) => (
                  <th key={`${s.scenario}-${s.period}`} scope="col" className="p-1">
                    {slotName(s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {HAZARD_IDS.map((h) => (
                <tr key={h}>
                  <th scope="row" className="p-1 text-left font-medium">
                    {HAZARDS[h].name}
                  </th>
                  {series.map((s) => {
                    const score = s.scores[h] ?? null;
                    const level = score ? RISK_LEVELS[score - 1] : undefined;
                    return (
                      <td
                        key={`${s.scenario}-${s.period}`}
                        className="p-1 text-center"
                        style={level ? { background: `${level.colour}55` } : undefined}
                      >
                        {score ?? "–"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The place's H3 cells by risk level, one pie per hazard, for the chosen scenario and period. */
export function LevelDistribution({ distribution }: { distribution: DashboardData["distribution"] }) {
  if (!distribution) return null;
  const ids = HAZARD_IDS.filter((h) => distribution.counts[h]);
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby="dist-title" className="mt-6">
      <h2 id="dist-title" className="text-lg font-semibold">
        Risk-level distribution of the {distribution.cells} hexagons, {slotName(distribution)}
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Pies by hazard">
        {ids.map((h) => {
          const pie = { title: HAZARDS[h].name, counts: distribution.counts[h]! };
          return (
            <li key={h}>
              <figure className="rounded border border-slate-200 p-2">
                <figcaption className="text-sm font-semibold text-slate-800">{pie.title}</figcaption>
                <ChartImage kind="level-pie" src={levelPieUrl(pie)} alt={levelPieLabel(pie)} />
                <p className="mt-1 text-xs text-slate-600">{levelPieDescription(pie.counts)}</p>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
