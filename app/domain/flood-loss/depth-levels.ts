/**
 * Flood hazard level at a point from inundation depths per return period, after ThinkHazard!'s river and urban
 * flood classification (GFDRR, ThinkHazard! methodology, "Hazard specific classification methods: River Flood and
 * Urban Flood Hazard Levels"): a damaging intensity of 0.5 m water depth, and frequency thresholds of 10, 50 and
 * 1,000 years for high, medium and low hazard. ThinkHazard! applies it to the share of an area flooded; here it is
 * applied to the depth at the asset's pixel. Depths of 2 m and more within 10 years (the top water-depth class of
 * the RiskMap project that the same methodology cites) make the level extreme.
 */

export const DAMAGING_DEPTH_M = 0.5;
export const EXTREME_DEPTH_M = 2;
export const LEVEL_RETURN_PERIODS = { high: 10, medium: 50, low: 1000 } as const;

/** @public (the module's provenance and labels for pages and reports) */
export const DEPTH_LEVEL_SOURCE =
  "ThinkHazard! (GFDRR) river flood classification: damaging depth 0.5 m; return periods 10 / 50 / 1,000 years for high / medium / low";

export type DepthLevel = "very-low" | "low" | "medium" | "high" | "extreme";

/** The platform's score bands (1 Low … 5 Extreme) each level reads as. */
export const DEPTH_LEVEL_BAND: Record<DepthLevel, 1 | 2 | 3 | 4 | 5> = {
  "very-low": 1,
  low: 2,
  medium: 3,
  high: 4,
  extreme: 5,
};

export interface DepthAtReturnPeriod {
  returnPeriod: number;
  /** Metres; 0 = dry. */
  depthM: number;
}

export interface DepthLevelResult {
  level: DepthLevel;
  band: 1 | 2 | 3 | 4 | 5;
  /** The most frequent mapped return period whose depth reaches 0.5 m, or null. */
  damagingReturnPeriod: number | null;
  reason: string;
}

export function depthLevel(depths: readonly DepthAtReturnPeriod[]): DepthLevelResult {
  const sorted = [...depths].sort((a, b) => a.returnPeriod - b.returnPeriod);
  const damaging = sorted.find((d) => d.depthM >= DAMAGING_DEPTH_M) ?? null;
  const extreme = sorted.find((d) => d.depthM >= EXTREME_DEPTH_M && d.returnPeriod <= LEVEL_RETURN_PERIODS.high);
  const t = damaging?.returnPeriod ?? null;
  const level: DepthLevel = extreme
    ? "extreme"
    : t === null
      ? "very-low"
      : t <= LEVEL_RETURN_PERIODS.high
        ? "high"
        : t <= LEVEL_RETURN_PERIODS.medium
          ? "medium"
          : t <= LEVEL_RETURN_PERIODS.low
            ? "low"
            : "very-low";
  const reason = extreme
    ? `${extreme.depthM.toFixed(2)} m of water at the 1-in-${extreme.returnPeriod}-year flood (${EXTREME_DEPTH_M} m or more within ${LEVEL_RETURN_PERIODS.high} years)`
    : damaging
      ? `${damaging.depthM.toFixed(2)} m of water at the 1-in-${damaging.returnPeriod}-year flood, the most frequent mapped flood reaching ${DAMAGING_DEPTH_M} m`
      : `no mapped flood up to 1-in-${sorted[sorted.length - 1]?.returnPeriod ?? 0} years reaches ${DAMAGING_DEPTH_M} m`;
  return { level, band: DEPTH_LEVEL_BAND[level], damagingReturnPeriod: t, reason };
}
