/**
 * Physical-risk disclosure tables (ESRS E1, IFRS S2, EU Taxonomy hazard classification, California SB 261) from a
 * portfolio report. Pure, and fed one location at a time, so a large portfolio needs memory only per country.
 */
import { HAZARDS, PER_HAZARD_IDS, type PerHazardId } from "../hazards/hazards";
import type { RiskScore } from "../hazards/risk-levels";
import { HISTORICAL_LABEL, SCENARIOS, SLOTS, SLOT_COUNT, type PeriodId, type ScenarioId } from "../hazards/scenarios";
import { moneyBasis, type MoneyBasis } from "../portfolio/columns/value-column";
import { LoanBookTemplate5, type LoanColumns } from "./eba/loan-book";
import type { Template5, Template5Options } from "./eba/template5";
import {
  openLocations,
  type AssessedLocation,
  type PortfolioAggregates,
  type PortfolioReportSource,
  type ReportMetadata,
} from "./types";

/** "Material physical risk" threshold: level High (3) or above. */
export const MATERIAL_RISK_LEVEL: RiskScore = 3;

export {
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  type TaxonomyCategory,
  type TaxonomyType,
} from "./taxonomy-hazards";
import {
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  type TaxonomyCategory,
  type TaxonomyType,
} from "./taxonomy-hazards";

/** Appendix A cells none of our hazards covers, stated rather than shown as zero risk. */
export const TAXONOMY_NOT_COVERED: Readonly<Partial<Record<`${TaxonomyCategory}:${TaxonomyType}`, string>>> = {
  "temperature:chronic":
    "Changing temperature, heat stress, temperature variability, permafrost thawing: not scored separately (warming enters the acute temperature hazards)",
  "wind:chronic": "Changing wind patterns: not scored",
  "solid_mass:chronic": "Coastal erosion, soil degradation, soil erosion, solifluction: not scored",
};

export function taxonomyHazards(category: TaxonomyCategory, type: TaxonomyType): PerHazardId[] {
  return PER_HAZARD_IDS.filter(
    (h) => TAXONOMY_HAZARD_MAP[h].category === category && TAXONOMY_HAZARD_MAP[h].type === type,
  );
}

/** What each table answers, by standard and paragraph / datapoint. Shown on the page and in the exports. */
export const DISCLOSURE_TABLES = {
  headline: {
    title: "Assets at material physical risk, over all hazards",
    mapsTo: [
      "ESRS E1-9 para 66(a): monetary amount and proportion of assets at material physical risk, before adaptation actions",
    ],
    definition:
      "An asset is at material physical risk when any one of its hazards is at the level named or above under the scenario and horizon of the row; each asset counts once however many hazards reach it. Choose the level and the row that your disclosure uses, and state them with the figure.",
  },
  hazards: {
    title: "Assets at High or above by hazard, scenario and horizon",
    mapsTo: [
      "ESRS E1-9 para 66(a): proportion of assets at material physical risk, before adaptation actions",
      "ESRS E1 IRO-1 para 20(b) and AR 11: climate-related physical hazards screened over time horizons and scenarios",
      "IFRS S2 para 29(b): amount and percentage of assets vulnerable to climate-related physical risks",
      "IFRS S2 para 22: climate resilience under scenario analysis",
      "SB 261 (Cal. Health & Safety Code §38533(b)(1)(A)) via TCFD Strategy (b), (c) and Metrics and Targets (a)",
    ],
  },
  amounts: {
    title: "Amount of assets at High or above by hazard, scenario and horizon",
    mapsTo: [
      "ESRS E1-9 para 66(a): monetary amount and proportion of assets at material physical risk, before adaptation actions",
      "IFRS S2 para 29(b): amount and percentage of assets vulnerable to climate-related physical risks",
    ],
  },
  countryAmounts: {
    title: "Amount of assets at High or above by country",
    mapsTo: ["ESRS E1-9 para 66(c): location of significant assets at material physical risk, with their amount"],
  },
  countries: {
    title: "Assets at High or above by country",
    mapsTo: [
      "ESRS E1-9 para 66(c): location of significant assets at material physical risk",
      "IFRS S2 para 13(b): where climate-related risks are concentrated (geographical areas)",
      "SB 261 via TCFD Strategy (a): climate-related risks over the short, medium and long term",
    ],
  },
  taxonomy: {
    title: "EU Taxonomy climate-related hazard classification (chronic / acute)",
    mapsTo: [
      "Regulation (EU) 2021/2139 Annex I, Appendix A: classification of climate-related hazards",
      "ESRS E1 AR 11(a): hazards classified per that appendix",
      "ESRS E1-9 para 66(a): assets at material physical risk disaggregated by acute and chronic physical risk",
    ],
  },
  audit: {
    title: "Audit trail",
    mapsTo: [
      "ESRS 2 BP-2 paras 10-11: sources of estimation and measurement uncertainty of metrics",
      "IFRS S1 paras 74-82 (applied with IFRS S2): judgements and measurement uncertainty",
      "CSRD Art. 34 limited assurance: reproducible inputs (file checksum, dataset and methodology version)",
    ],
  },
} as const;

export interface ExposureCell {
  scenario: ScenarioId;
  period: PeriodId;
  /** Valid locations in scope. */
  assets: number;
  assetsAtRisk: number;
  /** Locations without a score for every hazard of the row (no data); counted in assets, never at risk. */
  noData: number;
  /** assetsAtRisk / assets, 0..1; null with no assets. */
  shareAssets: number | null;
  weight: number;
  weightAtRisk: number;
  /** weightAtRisk / weight, 0..1; null when the total weight is 0. */
  shareWeight: number | null;
}

export interface HazardExposureRow {
  hazardId: PerHazardId;
  hazardName: string;
  cells: ExposureCell[];
}

export interface CountryExposureTable {
  countryCode: string;
  countryName: string;
  assets: number;
  weight: number;
  hazards: HazardExposureRow[];
}

export interface TaxonomyRow {
  category: TaxonomyCategory;
  type: TaxonomyType;
  hazards: PerHazardId[];
  /** Set when none of our hazards covers the cell. */
  notCovered: string | null;
  cells: ExposureCell[];
}

export interface DisclosureTables {
  threshold: RiskScore;
  /**
   * What the amounts are (the value column and its currency) when the weighting column holds asset values in a
   * known currency: then every cell's weight is an amount in money and weightAtRisk the amount at High or above.
   * null (or absent, on tables kept before amounts) when there are no amounts.
   */
  money?: MoneyBasis | null;
  totals: { rows: number; validAssets: number; excludedAssets: number; weight: number; missingWeight: number };
  hazards: HazardExposureRow[];
  countries: CountryExposureTable[];
  taxonomy: TaxonomyRow[];
  /**
   * ESRS E1-9 66(a)'s headline: assets with any hazard at `level` or above, per scenario and horizon, for each level
   * a user may call material (High, Severe, Extreme). Absent on tables kept before it.
   */
  headline?: { level: RiskScore; cells: ExposureCell[] }[];
  /** EBA Pillar 3 ESG Template 5 when the file has loan columns; absent or null otherwise. */
  template5?: Template5 | null;
  /** Any acute / any chronic hazard at High or above. */
  acuteChronic: { type: TaxonomyType; hazards: PerHazardId[]; cells: ExposureCell[] }[];
  audit: {
    reportId: string;
    preparedBy: string;
    createdAt: string;
    datasetVersion: string;
    methodologyVersion: string;
    inputFileName: string;
    inputFileSha256: string;
    weightingColumn: string | null;
  };
}

/** Risk keys: single hazards, then the taxonomy cells, then acute and chronic totals. */
const TAXONOMY_KEYS = TAXONOMY_CATEGORIES.flatMap((c) => TAXONOMY_TYPES.map((t) => ({ category: c.id, type: t.id })));
const KEYS: PerHazardId[][] = [
  ...PER_HAZARD_IDS.map((h) => [h]),
  ...TAXONOMY_KEYS.map((k) => taxonomyHazards(k.category, k.type)),
  ...TAXONOMY_TYPES.map((t) => PER_HAZARD_IDS.filter((h) => TAXONOMY_HAZARD_MAP[h].type === t.id)),
];
const K = KEYS.length;
/** Per key × slot: assets at risk, no data, weight at risk. */
const FIELDS = 3;
/** Each key's hazards as bits (bit i: PER_HAZARD_IDS[i]), matched against a location's hazards per slot at once. */
const KEY_MASKS = KEYS.map((hazards) => hazards.reduce((mask, h) => mask | (1 << PER_HAZARD_IDS.indexOf(h)), 0));
/** One location's hazards per slot: at High or above, and scored (a level, or not applicable). Reused. */
const atRiskBits = new Int32Array(SLOT_COUNT);
const scoredBits = new Int32Array(SLOT_COUNT);

/** The levels a user may call "material" for the headline: High, Severe, Extreme. */
export const HEADLINE_LEVELS: readonly RiskScore[] = [3, 4, 5];
/** One location's highest level over every hazard per slot (0: none scored with a level), and whether any is scored. */
const maxLevels = new Int32Array(SLOT_COUNT);

class Counters {
  assets = 0;
  weight = 0;
  readonly data = new Float64Array(K * SLOT_COUNT * FIELDS);
}

function ratio(a: number, b: number): number | null {
  return b > 0 ? a / b : null;
}

export class DisclosureAccumulator {
  private rows = 0;
  /** Per headline level × slot: assets at or above it, their weight, assets without any scored hazard. */
  private readonly headline = new Float64Array(HEADLINE_LEVELS.length * SLOT_COUNT * 3);
  private loanBook: LoanBookTemplate5 | null = null;

  /** Builds Template 5 as well, from the file's loan columns (none: no template). */
  withLoanColumns(columns: LoanColumns | undefined, asOf: Date, options?: Template5Options): this {
    this.loanBook = columns && Object.keys(columns).length ? new LoanBookTemplate5(columns, asOf, options) : null;
    return this;
  }

  private excluded = 0;
  private missingWeight = 0;
  private readonly total = new Counters();
  private readonly byCountry = new Map<string, Counters>();

  add(loc: AssessedLocation): void {
    this.rows++;
    if (loc.status !== "valid" || !loc.scores) {
      this.excluded++;
      return;
    }
    const weight = loc.weight ?? 0;
    if (loc.weight === null) this.missingWeight++;
    const country = loc.countryCode ?? "";
    let c = this.byCountry.get(country);
    if (!c) this.byCountry.set(country, (c = new Counters()));
    this.total.assets++;
    this.total.weight += weight;
    c.assets++;
    c.weight += weight;
    this.loanBook?.add(loc);
    atRiskBits.fill(0);
    scoredBits.fill(0);
    maxLevels.fill(0);
    for (let b = 0; b < PER_HAZARD_IDS.length; b++) {
      const slots = loc.scores[PER_HAZARD_IDS[b]!];
      if (!slots) continue;
      const bit = 1 << b;
      for (let s = 0; s < SLOT_COUNT; s++) {
        const score = slots[s];
        if (!score) continue;
        if (score.level != null) {
          scoredBits[s]! |= bit;
          if (score.level >= MATERIAL_RISK_LEVEL) atRiskBits[s]! |= bit;
          if (score.level > maxLevels[s]!) maxLevels[s] = score.level;
        } else if (score.applicable === false) scoredBits[s]! |= bit;
      }
    }
    for (let l = 0; l < HEADLINE_LEVELS.length; l++)
      for (let s = 0; s < SLOT_COUNT; s++) {
        const i = (l * SLOT_COUNT + s) * 3;
        if (maxLevels[s]! >= HEADLINE_LEVELS[l]!) {
          this.headline[i]! += 1;
          this.headline[i + 1]! += weight;
        }
        if (!scoredBits[s]) this.headline[i + 2]! += 1;
      }
    const total = this.total.data;
    const own = c.data;
    for (let k = 0; k < K; k++) {
      const mask = KEY_MASKS[k]!;
      for (let s = 0; s < SLOT_COUNT; s++) {
        const i = (k * SLOT_COUNT + s) * FIELDS;
        if (atRiskBits[s]! & mask) {
          total[i]! += 1;
          total[i + 2]! += weight;
          own[i]! += 1;
          own[i + 2]! += weight;
        }
        if (!(scoredBits[s]! & mask)) {
          total[i + 1]! += 1;
          own[i + 1]! += 1;
        }
      }
    }
  }

  private cells(c: Counters, k: number): ExposureCell[] {
    return SLOTS.map((slot) => {
      const i = (k * SLOT_COUNT + slot.index) * FIELDS;
      const assetsAtRisk = c.data[i]!;
      const weightAtRisk = c.data[i + 2]!;
      return {
        scenario: slot.scenario,
        period: slot.period,
        assets: c.assets,
        assetsAtRisk,
        noData: c.data[i + 1]!,
        shareAssets: ratio(assetsAtRisk, c.assets),
        weight: c.weight,
        weightAtRisk,
        shareWeight: ratio(weightAtRisk, c.weight),
      };
    });
  }

  private hazardRows(c: Counters): HazardExposureRow[] {
    return PER_HAZARD_IDS.map((h, k) => ({ hazardId: h, hazardName: HAZARDS[h].name, cells: this.cells(c, k) }));
  }

  result(metadata: ReportMetadata, aggregates?: Pick<PortfolioAggregates, "output_request_stats">): DisclosureTables {
    const names = new Map(
      (aggregates?.output_request_stats.locations.countries ?? []).map((c) => [c.country_code, c.country_name]),
    );
    const countries = [...this.byCountry.entries()]
      .map(([code, c]) => ({
        countryCode: code,
        countryName: names.get(code) ?? (code || "Unknown"),
        assets: c.assets,
        weight: c.weight,
        hazards: this.hazardRows(c),
      }))
      .sort((a, b) => b.assets - a.assets || a.countryCode.localeCompare(b.countryCode));
    const taxonomyBase = PER_HAZARD_IDS.length;
    return {
      threshold: MATERIAL_RISK_LEVEL,
      money: moneyBasis(metadata.weightingColumn, metadata.valueCurrency),
      totals: {
        rows: this.rows,
        validAssets: this.total.assets,
        excludedAssets: this.excluded,
        weight: this.total.weight,
        missingWeight: this.missingWeight,
      },
      hazards: this.hazardRows(this.total),
      countries,
      taxonomy: TAXONOMY_KEYS.map((key, j) => ({
        category: key.category,
        type: key.type,
        hazards: KEYS[taxonomyBase + j]!,
        notCovered: TAXONOMY_NOT_COVERED[`${key.category}:${key.type}`] ?? null,
        cells: this.cells(this.total, taxonomyBase + j),
      })),
      headline: HEADLINE_LEVELS.map((level, l) => ({
        level,
        cells: SLOTS.map((slot) => {
          const i = (l * SLOT_COUNT + slot.index) * 3;
          const { assets, weight } = this.total;
          return {
            scenario: slot.scenario,
            period: slot.period,
            assets,
            assetsAtRisk: this.headline[i]!,
            noData: this.headline[i + 2]!,
            shareAssets: ratio(this.headline[i]!, assets),
            weight,
            weightAtRisk: this.headline[i + 1]!,
            shareWeight: ratio(this.headline[i + 1]!, weight),
          };
        }),
      })),
      template5: this.loanBook?.result() ?? null,
      acuteChronic: TAXONOMY_TYPES.map((t, j) => ({
        type: t.id,
        hazards: KEYS[taxonomyBase + TAXONOMY_KEYS.length + j]!,
        cells: this.cells(this.total, taxonomyBase + TAXONOMY_KEYS.length + j),
      })),
      audit: {
        reportId: metadata.reportId,
        preparedBy: metadata.user.name ? `${metadata.user.name} <${metadata.user.email}>` : metadata.user.email,
        createdAt: metadata.createdAt,
        datasetVersion: metadata.datasetVersion,
        methodologyVersion: metadata.methodologyVersion,
        inputFileName: metadata.inputFile.name,
        inputFileSha256: metadata.inputFile.sha256,
        weightingColumn: metadata.weightingColumn,
      },
    };
  }
}

/** Disclosure tables of a whole report (locations as an array or a stream). */
export async function computeDisclosure(
  report: Pick<PortfolioReportSource, "metadata" | "locations"> &
    Partial<Pick<PortfolioAggregates, "output_request_stats">>,
  /** What makes a loan sensitive in Template 5 (the defaults: EU Taxonomy split, High, SSP2-4.5 2050). */
  template5Options?: Template5Options,
): Promise<DisclosureTables> {
  const acc = new DisclosureAccumulator().withLoanColumns(
    report.metadata.loanColumns,
    new Date(report.metadata.createdAt),
    template5Options,
  );
  for await (const loc of openLocations(report)) acc.add(loc);
  return acc.result(
    report.metadata,
    report.output_request_stats ? { output_request_stats: report.output_request_stats } : undefined,
  );
}

export function slotLabel(scenario: ScenarioId, period: PeriodId): string {
  return scenario === "hist" ? HISTORICAL_LABEL : `${SCENARIOS[scenario].name} ${period}`;
}

export function formatShare(share: number | null): string {
  return share === null ? "n/a" : `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/** The cell of a row for one slot. */
export function cellFor(
  cells: readonly ExposureCell[],
  scenario: ScenarioId,
  period: PeriodId,
): ExposureCell | undefined {
  return cells.find((c) => c.scenario === scenario && c.period === period);
}
