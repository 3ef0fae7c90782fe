/** Risk bands: value in [0, 1] → score 1..5. Pure constants: safe to import in the browser. */

export type RiskScore = 1 | 2 | 3 | 4 | 5;
export type RiskLevelCode = "L" | "M" | "H" | "S" | "E";
export type RiskLevelName = "low" | "moderate" | "high" | "severe" | "extreme";

export interface RiskLevel {
  score: RiskScore;
  code: RiskLevelCode;
  name: RiskLevelName;
  label: string;
  /** Lower bound (inclusive) of the value range. */
  min: number;
  /** Upper bound (exclusive, except for the last band which includes 1). */
  max: number;
  colour: string;
}

export const RISK_LEVELS: readonly RiskLevel[] = [
  { score: 1, code: "L", name: "low", label: "Low", min: 0, max: 0.2, colour: "#16a34a" },
  { score: 2, code: "M", name: "moderate", label: "Moderate", min: 0.2, max: 0.4, colour: "#a3e635" },
  { score: 3, code: "H", name: "high", label: "High", min: 0.4, max: 0.6, colour: "#facc15" },
  { score: 4, code: "S", name: "severe", label: "Severe", min: 0.6, max: 0.8, colour: "#f97316" },
  { score: 5, code: "E", name: "extreme", label: "Extreme", min: 0.8, max: 1, colour: "#dc2626" },
];

export function isValidRiskValue(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1;
}

/**
 * Score for a value in [0, 1]. Throws RangeError for NaN, non-numbers or values outside [0, 1].
 * Bands step at 0.2; the comparison uses a tiny tolerance so 0.6 computed as 0.1*6 still lands in band 4.
 */
export function scoreFromValue(v: number): RiskScore {
  if (!isValidRiskValue(v)) throw new RangeError(`risk value must be a number in [0, 1], got ${String(v)}`);
  const eps = 1e-9;
  if (v < 0.2 - eps) return 1;
  if (v < 0.4 - eps) return 2;
  if (v < 0.6 - eps) return 3;
  if (v < 0.8 - eps) return 4;
  return 5;
}

/**
 * A value as the pages print it, two decimals cut down rather than rounded: rounding would print 0.797 (Severe)
 * as "0.80", which the legend reads as Extreme. The printed number always lies in the band scoreFromValue gives.
 */
export function formatRiskValue(v: number): string {
  return (Math.floor(v * 100 + 1e-6) / 100).toFixed(2);
}

export function levelForScore(score: RiskScore): RiskLevel {
  const l = RISK_LEVELS[score - 1];
  if (!l) throw new RangeError(`score must be 1..5, got ${String(score)}`);
  return l;
}

export function levelFromValue(v: number): RiskLevel {
  return levelForScore(scoreFromValue(v));
}

export function parseRiskLevelCode(v: unknown): RiskLevelCode | null {
  if (typeof v !== "string") return null;
  const s = v.trim().toLowerCase();
  const l = RISK_LEVELS.find((x) => x.code.toLowerCase() === s || x.name === s);
  return l ? l.code : null;
}
