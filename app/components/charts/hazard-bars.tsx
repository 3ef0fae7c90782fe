import { Bar } from "@nivo/bar";
import { RISK_LEVELS } from "~/domain/risk-levels";
import { SCENARIO_BAR_COLOURS } from "./colours";
import { FUTURE_PERIOD_IDS, FUTURE_SCENARIO_IDS, PERIODS, SCENARIOS, type ScenarioId } from "~/domain/scenarios";

export interface HazardBarsProps {
  title: string;
  /** One entry per slot: 1-5 score, or null where the hazard does not apply or has no data. */
  points: { scenario: string; period: string; score: number | null }[];
}

const WIDTH = 280;
const HEIGHT = 170;

/** One hazard's 1-5 score: the historical bar, then each future period grouped by scenario. Fixed size for SSR. */
export function HazardBars({ title, points }: HazardBarsProps) {
  const score = (scenario: string, period: string) => points.find((p) => p.scenario === scenario && p.period === period)?.score ?? null;
  const rows = [
    { period: PERIODS.hist.name, hist: score("hist", "hist") },
    ...FUTURE_PERIOD_IDS.map((p) => ({ period: PERIODS[p].name, ...Object.fromEntries(FUTURE_SCENARIO_IDS.map((s) => [s, score(s, p)])) })),
  ].map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Record<string, string | number>);
  const keys: ScenarioId[] = ["hist", ...FUTURE_SCENARIO_IDS];
  const label = `${title}: ${points.map((p) => `${p.scenario === "hist" ? "Historical" : `${SCENARIOS[p.scenario as ScenarioId]?.name ?? p.scenario} ${p.period}`} ${p.score ?? "not scored"}`).join(", ")}`;
  return (
    <Bar
      width={WIDTH}
      height={HEIGHT}
      data={rows}
      keys={keys}
      indexBy="period"
      groupMode="grouped"
      valueScale={{ type: "linear", min: 0, max: 5 }}
      padding={0.2}
      innerPadding={1}
      margin={{ top: 8, right: 8, bottom: 24, left: 64 }}
      colors={({ id }) => SCENARIO_BAR_COLOURS[id as ScenarioId]}
      axisLeft={{ tickValues: [1, 2, 3, 4, 5], tickSize: 0, tickPadding: 4, format: (v) => RISK_LEVELS[Number(v) - 1]?.label ?? "" }}
      axisBottom={{ tickSize: 0, tickPadding: 6 }}
      gridYValues={[1, 2, 3, 4, 5]}
      enableLabel={false}
      animate={false}
      isInteractive={false}
      role="img"
      ariaLabel={label}
    />
  );
}
