/**
 * The single-location report model: one place, its map shapes and, for every hazard, its level in every scenario
 * and horizon with a plain reason. Pure: the PDF writer draws it, tests read it.
 */
import { HAZARDS, HAZARD_IDS, type HazardId } from "../hazards/hazards";
import { RISK_LEVELS } from "../hazards/risk-levels";
import { withLimitNote } from "../hazards/input-limits";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  HISTORICAL_LABEL,
  PERIODS,
  SCENARIOS,
  slotIndex,
  type FuturePeriodId,
  type FutureScenarioId,
} from "../hazards/scenarios";
import type { LonLatRing } from "../geo/map/location-map";
import type { LocationScores, SlotScore } from "./types";

export const LOCATION_REPORT_TITLE = "Single-location climate risk report";

/** The slots whose reasons the report spells out: today, and the hottest case at the last horizon. */
export const REASON_SLOTS = [
  { scenario: "hist", period: "hist", label: HISTORICAL_LABEL },
  { scenario: "rcp85", period: "2050", label: `${SCENARIOS.rcp85.name} ${PERIODS["2050"].name}` },
] as const;

/** The parts of an engine explanation the report reads; structural so the domain needs no engine types. */
export interface ExplanationLike {
  summary?: string;
  formula: string;
  steps: { name: string; value: number | string; unit?: string }[];
  note?: string;
  /** Where the inputs cannot see the hazard at this place (the item's confidence_note). */
  limit?: string;
}

export interface LocationReportHazard {
  id: HazardId;
  name: string;
  colour: string;
  /** "Historical" first, then one row per scenario with a cell per horizon. */
  rows: { label: string; cells: string[] }[];
  /** One plain reason per REASON_SLOTS entry. */
  reasons: { label: string; text: string }[];
  /** Which cells a flood-depth map scored and which the screening index, where the two meet in one table. */
  sourceNote?: string;
}

/** One flood kind at the point from the depth maps (historical baseline), or why there is none. */
export interface LocationFloodKind {
  title: string;
  /** The map's explanation of the level, or "not available: …" and how to add a map. */
  text: string;
  /** Per return period: depth and damage ratio; empty where no map covers the point. */
  rows: { returnPeriod: number; depthM: number | null; damageRatio: number | null }[];
  /** Expected annual damage and the 1-in-100-year damage, as shares of the asset's value; null without a loss. */
  eadRatio: number | null;
  damageRatio100: number | null;
  /** The damage function, occupancy and protection standard behind the ratios, or why there is no loss. */
  basis: string | null;
}

export const LOCATION_FLOOD_TEXT = {
  heading: "Flood depth and damage (from flood-depth maps)",
  lead: "Read at the point's pixel from the published flood-depth maps of the historical baseline and turned into damage with the JRC global depth-damage functions. The order gave no asset value, so damage is a share of the asset's value: multiply by its value for money (the dashboard's flood section and GET /api/v1/flood/loss take a value).",
} as const;

export interface LocationReportModel {
  reportId: string;
  preparedFor: string;
  createdAt: string;
  address: string;
  lat: number;
  lon: number;
  coordinates: string;
  hexagon: string;
  regionName: string | null;
  countryName: string;
  countryCode: string;
  datasetVersion: string;
  methodologyVersion: string;
  map: {
    /** The region's (else the country's) outline: what the map fits. */
    outline: LonLatRing[];
    outlineName: string;
    /** The country's outline, drawn behind (cut at the map's edge) so a region is seen in its country. */
    country: LonLatRing[];
    hexagon: LonLatRing;
    /** Fill of the hexagon: its aggregate level today. */
    hexagonColour: string;
  };
  hazards: LocationReportHazard[];
  /** Depth and damage at the point; null where the layer store holds no historical depth map at all. */
  flood?: LocationFloodKind[] | null;
}

/** "3 High", "n/a" (does not apply here) or "no data". */
export function levelCell(s: SlotScore | undefined | null): string {
  if (!s) return "no data";
  if (s.level !== null) return `${s.level} ${RISK_LEVELS[s.level - 1]!.label}`;
  return s.applicable ? "no data" : "n/a";
}

const round = (v: number) =>
  Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : String(Math.round(v * 100) / 100);
const WARMING_STEP = /^global warming/;

/**
 * A reason in words from whatever the explanation holds: its plain summary when it has one, else why the hazard does
 * not apply, else the drivers that made the value (the steps between the warming and the result).
 */
export function plainReason(hazard: HazardId, score: SlotScore | undefined, e: ExplanationLike | undefined): string {
  const level = levelCell(score);
  if (!e) return `Level ${level}.`;
  if (e.summary) return withLimitNote(e.summary, e.limit);
  if (e.note) return `Not applicable: ${e.note}.`;
  if (hazard === "AL") {
    const top = e.steps
      .filter((s) => /^[A-Z]{2}$/.test(s.name) && typeof s.value === "number")
      .sort((a, b) => Number(b.value) - Number(a.value))
      .slice(0, 3)
      .map((s) => HAZARDS[s.name as HazardId]?.name ?? s.name);
    return `Level ${level}: the mean of the three highest hazards here${top.length ? ` (${top.join(", ")})` : ""}.`;
  }
  const drivers = e.steps
    .filter((s) => !WARMING_STEP.test(s.name) && s.name !== "value" && !/factor$/.test(s.name))
    .slice(0, 3)
    .map(
      (s) =>
        `${s.name} ${typeof s.value === "number" ? round(s.value) : s.value}${s.unit && s.unit !== "1" ? ` ${s.unit}` : ""}`,
    );
  return `Level ${level}${drivers.length ? `: ${drivers.join("; ")}` : ""}.`;
}

/** Every hazard (aggregate first) with its level per scenario and horizon and the reasons of REASON_SLOTS. */
export function locationReportHazards(
  scores: LocationScores,
  explain: (hazard: HazardId, slot: (typeof REASON_SLOTS)[number]) => ExplanationLike | undefined,
): LocationReportHazard[] {
  return HAZARD_IDS.map((h) => {
    const at = (s: FutureScenarioId | "hist", p: FuturePeriodId | "hist") => scores[h]?.[slotIndex(s, p)];
    return {
      id: h,
      name: HAZARDS[h].name,
      colour: HAZARDS[h].colour,
      rows: [
        { label: HISTORICAL_LABEL, cells: [levelCell(at("hist", "hist"))] },
        ...FUTURE_SCENARIO_IDS.map((s) => ({
          label: `${SCENARIOS[s].name} (${SCENARIOS[s].narrative})`,
          cells: FUTURE_PERIOD_IDS.map((p) => levelCell(at(s, p))),
        })),
      ],
      reasons: REASON_SLOTS.map((slot) => ({
        label: slot.label,
        text: plainReason(h, at(slot.scenario, slot.period), explain(h, slot)),
      })),
      ...depthMapNote(scores[h] ?? []),
    };
  });
}

/** The slots in table order with their labels, historical first. */
const SLOT_LABELS = [
  { scenario: "hist" as const, period: "hist" as const, label: HISTORICAL_LABEL },
  ...FUTURE_SCENARIO_IDS.flatMap((s) =>
    FUTURE_PERIOD_IDS.map((p) => ({ scenario: s, period: p, label: `${SCENARIOS[s].name} ${PERIODS[p].name}` })),
  ),
];

/** Names the cells a flood-depth map scored, so a table that holds both sources never mixes them unseen. */
function depthMapNote(slots: readonly SlotScore[]): { sourceNote?: string } {
  const mapped = SLOT_LABELS.filter((l) => slots[slotIndex(l.scenario, l.period)]?.fromDepthMap);
  if (mapped.length === 0) return {};
  const all = mapped.length === SLOT_LABELS.length;
  return {
    sourceNote: all
      ? "Every cell is scored from the flood-depth map at the point."
      : `Scored from the flood-depth map at the point: ${mapped.map((l) => l.label).join(", ")}; every other cell is the screening index (no published depth map for it covers the point).`,
  };
}
