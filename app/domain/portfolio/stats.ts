/**
 * Portfolio statistics over assessed locations: preview pies and summary table, request stats, overall estimate,
 * diversity, intensity and exposure by country. Pure: fed one location at a time, so a million rows need no more
 * memory than the distinct hexagons and countries they fall in.
 */
import { reportCostOf, type ReportCharge } from "../commerce/orders";
import { HAZARD_IDS, type HazardId } from "../hazards/hazards";
import { RISK_LEVELS, scoreFromValue, levelForScore, type RiskLevelCode, type RiskScore } from "../hazards/risk-levels";
import { SLOTS, SLOT_COUNT, type FuturePeriodId, type FutureScenarioId } from "../hazards/scenarios";

/** Scores at or above this count as "at risk" (High). */
export const AT_RISK_SCORE: RiskScore = 3;

export interface AssessedPoint {
  country: string;
  countryName: string;
  hexagon: string;
  weight: number;
  /** hazard-major values: values[h * SLOT_COUNT + slot], NaN when not applicable or no data. */
  values: Float32Array;
  /** Population of places in the point's hexagon. */
  population: number;
}

const H = HAZARD_IDS.length;
const AL = HAZARD_IDS.indexOf("AL");

export interface LevelCounts {
  L: number;
  M: number;
  H: number;
  S: number;
  E: number;
  /** Not applicable here or no data. */
  none: number;
}

export interface ScoreSummary {
  value: number | null;
  score: RiskScore | null;
  level: RiskLevelCode | null;
}

export interface CountryExposure {
  country_code: string;
  country_name: string;
  asset_number: number;
  hexagon_number: number;
  population_at_risk: number;
  electricity_consumption_at_risk: null;
  agricultural_land_total_surface_at_risk: null;
}

export const NOT_AVAILABLE_REASONS = {
  electricity_consumption_at_risk:
    "not available: the dataset holds no sub-national electricity consumption data from an installable open source",
  agricultural_land_total_surface_at_risk:
    "not available: the dataset holds no agricultural land cover from an installable open source",
} as const;

function emptyCounts(): LevelCounts {
  return { L: 0, M: 0, H: 0, S: 0, E: 0, none: 0 };
}

function summary(sum: number, weight: number): ScoreSummary {
  if (weight <= 0) return { value: null, score: null, level: null };
  const value = Math.min(1, Math.max(0, sum / weight));
  const score = scoreFromValue(value);
  return { value: Math.round(value * 1000) / 1000, score, level: levelForScore(score).code };
}

interface HexagonEntry {
  country: string;
  population: number;
  /** The aggregate hazard's historical value of the hexagon's first location (its population's exposure). */
  aggregate: number;
}

/** Level codes by score - 1, and the "none" slot, as indexes into a LevelCounts row of `levels`. */
const LEVEL_SLOTS = 6;
const NONE = 5;

/**
 * Adds are O(hazards × slots): every location is counted at its own values (a point is scored as itself, not as its
 * hexagon), so the preview, the report's figures and its per-row tables count the same levels.
 */
export class PortfolioAccumulator {
  assets = 0;
  private readonly hexagons = new Map<string, HexagonEntry>();
  private readonly countries = new Map<string, { name: string; assets: number }>();
  /** Per hazard × slot: locations per level (L, M, H, S, E, none). */
  private readonly levels = new Float64Array(H * SLOT_COUNT * LEVEL_SLOTS);
  private readonly weightedSum = new Float64Array(H * SLOT_COUNT);
  private readonly weightTotal = new Float64Array(H * SLOT_COUNT);

  /** `values` and `weight` default to the point's own; a caller may pass others without copying the point. */
  add(
    p: Omit<AssessedPoint, "values" | "weight"> & Partial<Pick<AssessedPoint, "values" | "weight">>,
    values = p.values!,
    weight = p.weight ?? 1,
  ): void {
    this.assets++;
    if (!this.hexagons.has(p.hexagon))
      this.hexagons.set(p.hexagon, {
        country: p.country,
        population: p.population,
        aggregate: values[AL * SLOT_COUNT]!,
      });
    const c = this.countries.get(p.country);
    if (c) c.assets++;
    else this.countries.set(p.country, { name: p.countryName, assets: 1 });
    const { levels, weightedSum, weightTotal } = this;
    for (let i = 0; i < H * SLOT_COUNT; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) {
        levels[i * LEVEL_SLOTS + NONE]! += 1;
        continue;
      }
      levels[i * LEVEL_SLOTS + scoreFromValue(v) - 1]! += 1;
      weightedSum[i]! += v * weight;
      weightTotal[i]! += weight;
    }
  }

  private countsAt(i: number): LevelCounts {
    const at = i * LEVEL_SLOTS;
    const l = this.levels;
    const out = emptyCounts();
    RISK_LEVELS.forEach((level, k) => (out[level.code] = l[at + k]!));
    out.none = l[at + NONE]!;
    return out;
  }

  levelCounts(hazard: HazardId, slot: number): LevelCounts {
    return this.countsAt(HAZARD_IDS.indexOf(hazard) * SLOT_COUNT + slot);
  }

  /** Per hazard: locations by risk level, historical slot (the preview pies). */
  pies(): { hazard_id: HazardId; counts: LevelCounts }[] {
    return HAZARD_IDS.map((h) => ({ hazard_id: h, counts: this.levelCounts(h, 0) }));
  }

  /** Distinct hexagons the added locations fall in. */
  get hexagonCount(): number {
    return this.hexagons.size;
  }

  /**
   * Per hazard × scenario × period: locations by level, share at High or above and the weighted mean. The share is
   * over every location, those without a level included (no data, or not applicable there, such as storm surge
   * inland), as the disclosure tables count it: the same file gives the same share on every screen.
   */
  summaryTable() {
    return HAZARD_IDS.flatMap((h, hi) =>
      SLOTS.map((s) => {
        const c = this.countsAt(hi * SLOT_COUNT + s.index);
        const all = c.L + c.M + c.H + c.S + c.E + c.none;
        return {
          hazard_id: h,
          scenario: s.scenario,
          period: s.period,
          counts: { ...c },
          at_risk_share: all ? Math.round(((c.H + c.S + c.E) / all) * 1000) / 1000 : null,
          weighted: summary(this.weightedSum[hi * SLOT_COUNT + s.index]!, this.weightTotal[hi * SLOT_COUNT + s.index]!),
        };
      }),
    );
  }

  /** `charged`: what the buyer paid for this report (its order's gross total); null when nothing was charged. */
  requestStats(ownedHexagons: ReadonlySet<string>, charged: ReportCharge | null) {
    const newHex = [...this.hexagons.keys()].filter((h) => !ownedHexagons.has(h)).length;
    return {
      asset_number: this.assets,
      hexagon_number: this.hexagons.size,
      country_number: this.countries.size,
      locations: {
        countries: [...this.countries.entries()]
          .map(([code, c]) => ({ country_code: code, country_name: c.name, asset_number: c.assets }))
          .sort((a, b) => b.asset_number - a.asset_number || a.country_code.localeCompare(b.country_code)),
        hexagons: [...this.hexagons.keys()].sort(),
      },
      ...reportCostOf(charged),
      new_hexagon_request: newHex,
    };
  }

  /** Weighted mean of the aggregate hazard: historical, and each scenario × horizon. */
  overallEstimate() {
    const at = (slot: number) =>
      summary(this.weightedSum[AL * SLOT_COUNT + slot]!, this.weightTotal[AL * SLOT_COUNT + slot]!);
    const future = {} as Record<FutureScenarioId, Record<FuturePeriodId, ScoreSummary>>;
    for (const s of SLOTS) {
      if (s.scenario === "hist") continue;
      (future[s.scenario] ??= {} as Record<FuturePeriodId, ScoreSummary>)[s.period as FuturePeriodId] = at(s.index);
    }
    return { hist: at(0), future };
  }

  /** Per hazard code: locations at High or above, historical. */
  diversity(): Record<HazardId, number> {
    const out = {} as Record<HazardId, number>;
    HAZARD_IDS.forEach((h, hi) => {
      const c = this.countsAt(hi * SLOT_COUNT);
      out[h] = c.H + c.S + c.E;
    });
    return out;
  }

  /** (score, count) pairs of the aggregate hazard, historical; score 0 counts locations without a score. */
  intensity(): [number, number][] {
    const c = this.countsAt(AL * SLOT_COUNT);
    return [
      [1, c.L],
      [2, c.M],
      [3, c.H],
      [4, c.S],
      [5, c.E],
      [0, c.none],
    ];
  }

  /** Per country: assets, hexagons and the population of places in the hexagons at High or above (aggregate). */
  socialByCountry(): CountryExposure[] {
    const out = new Map<string, CountryExposure>();
    for (const [code, c] of this.countries)
      out.set(code, {
        country_code: code,
        country_name: c.name,
        asset_number: c.assets,
        hexagon_number: 0,
        population_at_risk: 0,
        electricity_consumption_at_risk: null,
        agricultural_land_total_surface_at_risk: null,
      });
    for (const hx of this.hexagons.values()) {
      const e = out.get(hx.country)!;
      e.hexagon_number++;
      const al = hx.aggregate;
      if (!Number.isNaN(al) && scoreFromValue(al) >= AT_RISK_SCORE) e.population_at_risk += hx.population;
    }
    return [...out.values()].sort(
      (a, b) => b.population_at_risk - a.population_at_risk || a.country_code.localeCompare(b.country_code),
    );
  }
}
