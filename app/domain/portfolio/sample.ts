import type { HazardId } from "../hazards/hazards";
import type { ScenarioId } from "../hazards/scenarios";
import type { LevelCounts } from "./stats";

/**
 * Sample placeholder shown on an empty Portfolio Scan: what the results look like before a file is
 * uploaded. Invented numbers for a 19-asset portfolio, always labelled as a sample.
 */
export const SAMPLE_ASSET_NUMBER = 19;

export const SAMPLE_PIES: readonly { hazardId: HazardId; title: string; counts: LevelCounts }[] = [
  { hazardId: "FD", title: "River Flood", counts: { L: 7, M: 5, H: 4, S: 2, E: 1, none: 0 } },
  { hazardId: "HW", title: "Heat Wave", counts: { L: 2, M: 5, H: 7, S: 4, E: 1, none: 0 } },
];

/** The table's columns: present history, then the three RCP scenarios. */
export const SAMPLE_SCENARIOS: readonly ScenarioId[] = ["hist", "rcp26", "rcp45", "rcp85"];
export const SAMPLE_YEARS = ["2030", "2050"] as const;

/** Added to the present share of assets at High or above per scenario, by year: warmer scenarios, more assets at risk. */
const SAMPLE_DRIFT: Record<ScenarioId, Record<(typeof SAMPLE_YEARS)[number], number>> = {
  hist: { "2030": 0, "2050": 0 },
  rcp26: { "2030": 1, "2050": 1 },
  rcp45: { "2030": 1, "2050": 3 },
  rcp85: { "2030": 2, "2050": 5 },
};

export function atRiskCount(counts: LevelCounts): number {
  return counts.H + counts.S + counts.E;
}

/** Sample table rows: per hazard and year, the assets at High or above under each scenario (present history first). */
export function sampleTable() {
  return SAMPLE_PIES.flatMap((pie) =>
    SAMPLE_YEARS.map((year) => ({
      title: pie.title,
      year,
      atRisk: SAMPLE_SCENARIOS.map((s) =>
        Math.min(SAMPLE_ASSET_NUMBER, atRiskCount(pie.counts) + SAMPLE_DRIFT[s][year]),
      ),
    })),
  );
}
