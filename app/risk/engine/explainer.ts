/** Explanations of scores: the inputs, steps and sentences behind a hexagon's, a point's or a rollup's value. */
import type { HazardId } from "~/domain/hazards/hazards";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { levelForScore } from "~/domain/hazards/risk-levels";
import type { PeriodId, ScenarioId } from "~/domain/hazards/scenarios";
import { explainDrivers, explainSummary, type PlaceRef } from "../explain/explain-text";
import {
  HAZARD_FORMULAS,
  NOT_APPLICABLE,
  STEP,
  aggregate,
  type CellInputs,
  type HazardValue,
  type Step,
  LOW_LYING_M,
  REEF_ISLAND_TOP_M,
} from "../formulas";
import { ROLLUP_TOP_SHARE } from "../regions/rollup";
import type { HazardExplanation, HazardScoreItem } from "../types";

const INPUT_LABELS: Record<string, [string, string]> = {
  elevMean: ["mean land elevation", "m"],
  elevMin: ["lowest elevation in the cell", "m"],
  relief: ["relief (max − min land elevation)", "m"],
  slopeMean: ["mean slope", "°"],
  landShare: ["land share of the cell", "1"],
  lowShare: ["share of land at or below 10 m", "1"],
  tJul: ["July mean temperature", "°C"],
  tDec: ["December mean temperature", "°C"],
  pJul: ["July precipitation", "mm"],
  pDec: ["December precipitation", "mm"],
  coastKm: ["distance to the sea", "km"],
  floodplainShare: ["share of land in a river floodplain", "1"],
  upstreamKm2: ["drainage area of the largest river", "km²"],
  flowM3s: ["mean flow of that river", "m³/s"],
  tideM: ["tidal range at the nearest station", "m"],
  coastalPlain: ["coastal or low-lying coastal plain (1/0)", "1"],
  population: ["population of places (GeoNames)", "people"],
  tHotOffset: ["hottest month above the warmer of July/December", "°C"],
  tColdOffset: ["coldest month below the colder of July/December", "°C"],
  tMeanOffset: ["annual mean minus the July/December mean", "°C"],
  sstMonths: ["months with sea-surface temperature ≥ 26.5 °C offshore", "months"],
  lowTopM: [
    `top of the low land: ${LOW_LYING_M} m, or ${REEF_ISLAND_TOP_M} m on a reef island (land that only the shoreline outlines hold, in a tropical sea)`,
    "m",
  ],
};

export const POINT_NOTE =
  "Scored at this point: its floodplain membership, height above the river channel and distance to it, elevation, slope, relief, distance to the sea, low-lying state and built-up share (of the 3 × 3 pixels around it, Natural Earth 50m urban areas and the cores of GeoNames cities) come from the 2′ grid; temperature, precipitation, the shape of the year and warm-sea months are the hexagons' climate (10′ or coarser) read between the centres of the three hexagons around the point, so they change gradually from one hexagon to the next, temperature brought to the point's elevation at 6.5 °C/km; tides are the nearest station's.";

const levelLabel = (it: HazardScoreItem): string | null => (it.score ? levelForScore(it.score).label : null);

export function rollupExplanation(
  kind: "country" | "region",
  h: HazardId,
  it: HazardScoreItem,
  place: PlaceRef,
  scenario: ScenarioId,
  period: PeriodId,
): HazardExplanation {
  return {
    summary: explainSummary({
      hazard: h,
      state: it.state,
      level: levelLabel(it),
      place,
      scenario,
      period,
      facts: null,
    }),
    formula: `weighted mean over the most exposed ${ROLLUP_TOP_SHARE * 100} % of applicable land cells, w = ½/N + ½·population share`,
    inputs: {},
    steps: [],
    note: `A ${kind} value is the rollup of its H3 resolution-4 cells where the hazard applies and has data. Each cell weighs half for its area and half for its people (GeoNames and Natural Earth places); the value is the weighted mean over the most exposed ${ROLLUP_TOP_SHARE * 100} % of that weight, cells taken from the highest value down. The level counts of its cells show the whole distribution. Explain a hexagon for the physical inputs.`,
  };
}

/**
 * Significant digits an explanation's input is given to: more than any input's source resolves (a height to the
 * centimetre, a share to a millionth), fewer than the float noise that blending pixels and converting units leaves
 * (82.32000000000069 m).
 */
const READING_DIGITS = 6;
const toReadingDigits = (v: number) => Number(v.toPrecision(READING_DIGITS));

/**
 * Explanations of one hexagon in one slot: its inputs are labelled once and shared by every hazard's explanation,
 * and the aggregate reuses the values the hazards' explanations computed (it is explained after them).
 */
export function cellExplainer(
  inp: CellInputs,
  ctx: { dT: number; slr: number; hist: boolean },
  place: PlaceRef,
  scenario: ScenarioId,
  period: PeriodId,
  point?: { labels: Record<string, [string, string]>; values: Record<string, number>; note: string },
): (h: HazardId, it: HazardScoreItem) => HazardExplanation {
  let inputs: HazardExplanation["inputs"] | null = null;
  const values = new Map<HazardId, HazardValue>();
  const summary = (h: HazardId, it: HazardScoreItem, facts: { inputs: HazardExplanation["inputs"]; steps: Step[] }) =>
    explainSummary({ hazard: h, state: it.state, level: levelLabel(it), place, scenario, period, facts });
  return (h, it) => {
    if (!inputs) {
      inputs = {};
      const values = point?.values ?? (inp as unknown as Record<string, number>);
      for (const [k, [label, unit]] of Object.entries(point?.labels ?? INPUT_LABELS)) {
        const v = values[k];
        inputs[k] = { value: v !== undefined && Number.isFinite(v) ? toReadingDigits(v) : null, unit, label };
      }
    }
    const steps: Step[] = [{ name: STEP.warming, value: Math.round(ctx.dT * 100) / 100, unit: "°C" }];
    if (h === "AL") {
      const vals: HazardValue[] = PER_HAZARD_IDS.map((x) => values.get(x) ?? HAZARD_FORMULAS[x].fn(inp, ctx));
      PER_HAZARD_IDS.forEach((x, i) => {
        const v = vals[i]!;
        if (typeof v === "number") steps.push({ name: x, value: Math.round(v * 1000) / 1000 });
      });
      const agg = aggregate(vals);
      if (typeof agg === "number") steps.push({ name: "mean of the top three", value: Math.round(agg * 1000) / 1000 });
      const facts = { inputs, steps };
      return {
        summary: summary(h, it, facts),
        drivers: explainDrivers(h, facts),
        formula: "mean of the three highest applicable hazard values",
        inputs,
        steps,
        ...(point ? { note: point.note } : {}),
      };
    }
    const f = HAZARD_FORMULAS[h];
    const v = f.fn(inp, ctx, steps);
    values.set(h, v);
    if (typeof v === "number") steps.push({ name: "value", value: Math.round(v * 1000) / 1000 });
    const facts = { inputs, steps };
    return {
      summary: summary(h, it, facts),
      drivers: explainDrivers(h, facts),
      formula: f.formula,
      inputs,
      steps,
      note: v === NOT_APPLICABLE ? (f.notApplicable ?? "not applicable here") : point?.note,
    };
  };
}
