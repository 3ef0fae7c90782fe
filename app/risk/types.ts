/** Public result types of the risk engine. Pure types: safe to import anywhere. */
import type { HazardId } from "~/domain/hazards/hazards";
import type { RiskLevelCode, RiskScore } from "~/domain/hazards/risk-levels";
import type { PeriodId, ScenarioId } from "~/domain/hazards/scenarios";
import type { HazardBandMeanings } from "./explain/band-meanings";
import type { Driver } from "./explain/explain-text";
import type { Confidence, Step } from "./formulas";

export interface CountryItem {
  country_code: string;
  country_name: string;
}
export interface RegionItem {
  region_code: string;
  region_name: string;
}

/** Where a point just off the shore was moved to: the centre of the nearest 1′ land pixel. */
export interface LandSnap {
  lat: number;
  lon: number;
  distance_km: number;
}

export type LocateResult =
  | {
      status: "ok";
      hexagon_code: string;
      region_code: string | null;
      country_code: string;
      country_name: string;
      region_name: string | null;
      /** null when the point itself is on land; otherwise the land point that was scored instead. */
      snapped_to_land: LandSnap | null;
    }
  | { status: "out_of_range"; reason: "invalid_coordinates" | "at_sea" | "not_covered"; message: string };

/**
 * Where a point is scored (RiskEngine.placePoint): located, the land point scored (itself, or the one it snapped to
 * off the shore), the hexagon that land point is in and that hexagon's dataset row (-1 when the dataset lacks it).
 */
export type PlacedPoint = Extract<LocateResult, { status: "ok" }> & { at: { lat: number; lon: number }; row: number };

export interface HazardExplanation {
  /**
   * What drives the value in one or two plain sentences ending with the level ("…; that is High."), or why there is
   * none (not applicable, no data). Made by explainSummary (explain-text.ts) for every hazard and place.
   */
  summary?: string;
  /** The drivers the hazard's formula reads, with units (a hexagon; the aggregate lists the hazards it averages). */
  drivers?: Driver[];
  formula: string;
  inputs: Record<string, { value: number | null; unit: string; label: string }>;
  steps: Step[];
  note?: string;
  /** What each band of the hazard means in the units of the quantity that drives it (none for the aggregate). */
  bands?: HazardBandMeanings;
}

/**
 * Where a score came from. River flood (FD) and coastal flood (SS) of a point come from a flood-depth layer where
 * one covers the point in the asked slot; everything else, and they elsewhere, from the screening index.
 */
export type ScoreSource =
  | {
      type: "flood_depth_layer";
      /** The layer's source name(s), e.g. "WRI Aqueduct Floods hazard maps, version 2 (Ward et al. 2020)". */
      layer: string;
      layer_scenario: string;
      layer_period: string;
      variant: string;
      /** Depth in metres at the point's pixel per stored return period (null: no value there). */
      depths: { return_period: number; depth_m: number | null }[];
      /** The rule the band follows. */
      rule: string;
      /** The return period and depth that decided the band. */
      reason: string;
    }
  | {
      type: "screening_index";
      /** Why no depth layer scored it. */
      note: string;
    };

export interface HazardScoreItem {
  hazard_id: HazardId;
  name: string;
  colour: string;
  /** 0..1, null when not applicable or no data. */
  value: number | null;
  score: RiskScore | null;
  level: RiskLevelCode | null;
  confidence: Confidence;
  /**
   * Where the inputs cannot see this hazard at this place, why (extreme rainfall and drought in climates whose rainy
   * seasons fall between July and December, the two months of rain the inputs hold; a point's river flood of Moderate
   * or more whose floodplain lies within the 2′ relief's height error; app/domain/hazards/input-limits.ts).
   */
  confidence_note?: string;
  applicable: boolean;
  /** "ok", "not_applicable" or "no_data". */
  state: "ok" | "not_applicable" | "no_data";
  explanation?: HazardExplanation;
  /** On river flood (FD) and coastal flood (SS) of a point: a flood-depth layer or the screening index. */
  source?: ScoreSource;
}

export interface HazardScoresResult {
  location_code: string;
  location_type: "country" | "region" | "hexagon";
  location_name: string;
  scenario: ScenarioId;
  period: PeriodId;
  /** Global warming of the slot above 1850-1900, °C (null for hist: the baseline climatology). */
  warming_c: number | null;
  /** The 11 per-hazard items (AL excluded). */
  hazards: HazardScoreItem[];
  /** AL: mean of the three highest applicable hazards. */
  aggregate: HazardScoreItem;
}

export interface PointHazardsResult extends HazardScoresResult {
  status: "ok";
  lat: number;
  lon: number;
  hexagon_code: string;
  region_code: string | null;
  country_code: string;
  /** null when the point itself is on land; otherwise the land point that was scored instead. */
  snapped_to_land: LandSnap | null;
}

export interface DatasetStatistic {
  cells: number;
  countries: number;
  regions: number;
  hazards: number;
  slots: number;
  generator: string;
  load_ms: number;
  memory_bytes: number;
  /** Share of land cells in each score band, per hazard, historical slot. */
  hist_distribution: Record<string, Record<RiskLevelCode | "na" | "nodata", number>>;
}
