import { Bar } from "@nivo/bar";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { CHART_IMAGE_SIZE, hazardBarsLabel, type HazardBarsData } from "~/domain/dashboard/charts/chart-images";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  HISTORICAL_SHORT,
  PERIODS,
  SCENARIO_COLOURS,
  type ScenarioId,
} from "~/domain/hazards/scenarios";

export type HazardBarsProps = HazardBarsData;

const { width: WIDTH, height: HEIGHT } = CHART_IMAGE_SIZE["hazard-bars"];

/** One hazard's 1-5 score: the historical bar, then each future period grouped by scenario. Fixed size for SSR. */
export function HazardBars({ title, points }: HazardBarsProps) {
  const score = (scenario: string, period: string) =>
    points.find((p) => p.scenario === scenario && p.period === period)?.score ?? null;
  const rows = [
    { period: HISTORICAL_SHORT, hist: score("hist", "hist") },
    ...FUTURE_PERIOD_IDS.map((p) => ({
      period: PERIODS[p].name,
      ...Object.fromEntries(FUTURE_SCENARIO_IDS.map((s) => [s, score(s, p)])),
    })),
  ].map(
    (row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Record<string, string | number>,
  );
  const keys: ScenarioId[] = ["hist", ...FUTURE_SCENARIO_IDS];
  const label = hazardBarsLabel({ title, points });
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
      colors={({ id }) => SCENARIO_COLOURS[id as ScenarioId]}
      axisLeft={{
        tickValues: [1, 2, 3, 4, 5],
        tickSize: 0,
        tickPadding: 4,
        format: (v) => RISK_LEVELS[Number(v) - 1]?.label ?? "",
      }}
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
