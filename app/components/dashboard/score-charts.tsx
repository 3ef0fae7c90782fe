import { HAZARDS, HAZARD_IDS, type HazardId } from "~/domain/hazards";
import { RISK_LEVELS } from "~/domain/risk-levels";
import { PERIODS, SCENARIOS, type PeriodId, type ScenarioId } from "~/domain/scenarios";
import type { SlotScore } from "~/services/dashboard.server";

/** Each hazard across periods and scenarios: a table coloured by level, readable without script or colour. */
export function HazardSeriesTable({ series }: { series: SlotScore[] }) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-title" className="mt-6">
      <h2 id="series-title" className="text-lg font-semibold">
        Each hazard across periods and scenarios
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="min-w-full text-xs">
          <caption className="sr-only">Risk level 1-5 per hazard for the historical period and each scenario and period</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left">Hazard</th>
              {series.map((s) => (
                <th key={`${s.scenario}-${s.period}`} scope="col" className="p-1">
                  {s.scenario === "hist" ? "Historical" : `${SCENARIOS[s.scenario as ScenarioId].name} ${PERIODS[s.period as PeriodId].name}`}
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
                    <td key={`${s.scenario}-${s.period}`} className="p-1 text-center" style={level ? { background: `${level.colour}55` } : undefined}>
                      {score ?? "–"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Share of the country's regions at each level, per hazard (a stacked bar with its numbers in text). */
export function LevelDistribution({ distribution }: { distribution: Record<string, number[]> | null }) {
  if (!distribution) return null;
  const ids = HAZARD_IDS.filter((h) => distribution[h]?.some((n) => n > 0));
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby="dist-title" className="mt-6">
      <h2 id="dist-title" className="text-lg font-semibold">
        Risk-level distribution of the regions
      </h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {ids.map((h: HazardId) => {
          const counts = distribution[h]!;
          const total = counts.reduce((a, b) => a + b, 0);
          const text = RISK_LEVELS.map((l, i) => `${l.label} ${counts[i]}`).join(", ");
          return (
            <li key={h} className="text-xs">
              <p className="font-medium">{HAZARDS[h].name}</p>
              <div className="flex h-3 w-full overflow-hidden rounded" role="img" aria-label={`${HAZARDS[h].name}: ${text}`}>
                {RISK_LEVELS.map((l, i) =>
                  counts[i] ? <span key={l.code} style={{ width: `${(100 * counts[i]!) / total}%`, background: l.colour }} /> : null,
                )}
              </div>
              <p className="text-slate-600">{text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
