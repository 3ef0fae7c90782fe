/**
 * EBA Pillar 3 ESG Template 5 (Implementing Regulation (EU) 2022/2453, Annex I): "Banking book - Climate change
 * physical risk: Exposures subject to physical risk", built from a loan book's own rows. Rows 1-9 and 13 take each
 * loan by the NACE section of its counterparty; rows 10 and 11 take the loans secured by residential or commercial
 * immovable property, whatever the counterparty (a loan may sit in a sector row and a collateral row, so the rows do
 * not add up to a total). Columns c-o break down the exposures sensitive to physical events (column b): a loan is
 * sensitive when one of the chosen hazards reaches the chosen level under the chosen scenario and horizon; chronic
 * only, acute only and both (h, i, j) part the sensitive exposures. Pure, fed one loan at a time.
 */
import { HAZARDS, PER_HAZARD_IDS, type PerHazardId } from "../../hazards/hazards";
import { RISK_LEVELS, type RiskScore } from "../../hazards/risk-levels";
import { SCENARIOS, slotIndex, type PeriodId, type ScenarioId } from "../../hazards/scenarios";
import type { LocationScores } from "../types";
import { TAXONOMY_HAZARD_MAP } from "../taxonomy-hazards";
import type { Collateral, LoanStage, NaceSection } from "./loan-fields";

/** What makes a loan "sensitive": stated beside the template and chosen by the user. */
export interface Template5Options {
  scenario: ScenarioId;
  period: PeriodId;
  /** A hazard at this level or above makes the loan sensitive (3 High, 4 Severe, 5 Extreme). */
  threshold: RiskScore;
  chronic: readonly PerHazardId[];
  acute: readonly PerHazardId[];
}

/** Chronic and acute as the EU Taxonomy's Appendix A classifies our hazards; High or above; SSP2-4.5 in 2050. */
export const TEMPLATE5_DEFAULTS: Template5Options = {
  scenario: "rcp45",
  period: "2050",
  threshold: 3,
  chronic: PER_HAZARD_IDS.filter((h) => TAXONOMY_HAZARD_MAP[h].type === "chronic"),
  acute: PER_HAZARD_IDS.filter((h) => TAXONOMY_HAZARD_MAP[h].type === "acute"),
};

/** The user's split of the hazards: the ones chosen as chronic, every other hazard acute (a hazard is one or the other). */
export function template5Kinds(chronic: readonly PerHazardId[]): Pick<Template5Options, "chronic" | "acute"> {
  return {
    chronic: PER_HAZARD_IDS.filter((h) => chronic.includes(h)),
    acute: PER_HAZARD_IDS.filter((h) => !chronic.includes(h)),
  };
}

/** The chronic hazards a form names, comma-separated hazard ids; unknown ids are dropped. */
export function parseChronicHazards(value: string): PerHazardId[] {
  const named = value.split(",").map((v) => v.trim());
  return PER_HAZARD_IDS.filter((h) => named.includes(h));
}

export function template5Definition(o: Template5Options): string {
  const level = RISK_LEVELS[o.threshold - 1]!.name;
  const names = (ids: readonly PerHazardId[]) => (ids.length ? ids.map((h) => HAZARDS[h].name).join(", ") : "none");
  const when =
    o.scenario === "hist" ? "at the historical baseline" : `under ${SCENARIOS[o.scenario].name} in ${o.period}`;
  return `A loan is sensitive to physical events when one of its location's hazards is at ${level} or above ${when}. Chronic hazards: ${names(o.chronic)}. Acute hazards: ${names(o.acute)}. Columns h, i and j part the sensitive amount: chronic only, acute only, both.`;
}

/** The template's columns, lettered as the EBA publishes them (j: both chronic and acute, as its Q&A 2022_6623 names it). */
export const TEMPLATE5_COLUMNS = [
  { key: "gross", letter: "a", label: "Gross carrying amount" },
  {
    key: "sensitive",
    letter: "b",
    label: "of which exposures sensitive to impact from climate change physical events",
  },
  { key: "m5", letter: "c", label: "<= 5 years" },
  { key: "m10", letter: "d", label: "> 5 year <= 10 years" },
  { key: "m20", letter: "e", label: "> 10 year <= 20 years" },
  { key: "m20plus", letter: "f", label: "> 20 years" },
  { key: "awm", letter: "g", label: "Average weighted maturity" },
  { key: "chronic", letter: "h", label: "of which exposures sensitive to impact from chronic climate change events" },
  { key: "acute", letter: "i", label: "of which exposures sensitive to impact from acute climate change events" },
  {
    key: "both",
    letter: "j",
    label: "of which exposures sensitive to impact both from chronic and acute climate change events",
  },
  { key: "stage2", letter: "k", label: "Of which Stage 2 exposures" },
  { key: "npe", letter: "l", label: "Of which non-performing exposures" },
  {
    key: "impairment",
    letter: "m",
    label: "Accumulated impairment, accumulated negative changes in fair value due to credit risk and provisions",
  },
  { key: "impairmentStage2", letter: "n", label: "of which Stage 2 exposures" },
  { key: "impairmentNpe", letter: "o", label: "Of which non-performing exposures" },
] as const;
export type Template5Column = (typeof TEMPLATE5_COLUMNS)[number]["key"];

export const TEMPLATE5_ROWS = [
  { key: "A", label: "A - Agriculture, forestry and fishing" },
  { key: "B", label: "B - Mining and quarrying" },
  { key: "C", label: "C - Manufacturing" },
  { key: "D", label: "D - Electricity, gas, steam and air conditioning supply" },
  { key: "E", label: "E - Water supply; sewerage, waste management and remediation activities" },
  { key: "F", label: "F - Construction" },
  { key: "G", label: "G - Wholesale and retail trade; repair of motor vehicles and motorcycles" },
  { key: "H", label: "H - Transportation and storage" },
  { key: "L", label: "L - Real estate activities" },
  { key: "residential", label: "Loans collateralised by residential immovable property" },
  { key: "commercial", label: "Loans collateralised by commercial immovable property" },
  { key: "repossessed", label: "Repossessed collaterals" },
  { key: "other", label: "Other relevant sectors (breakdown below where relevant)" },
] as const;
export type Template5RowKey = (typeof TEMPLATE5_ROWS)[number]["key"];
const SECTOR_ROWS = new Set<string>(["A", "B", "C", "D", "E", "F", "G", "H", "L"]);

/** The loan columns the template reads, by role. */
export type LoanColumn = "sector" | "collateral" | "carrying" | "maturity" | "stage" | "impairment";

/** One loan: its location's scores and its own figures (null: empty or unreadable cell). */
export interface Template5Loan {
  scores: LocationScores;
  section: NaceSection | null | undefined;
  collateral: Collateral | null;
  carrying: number | null;
  maturity: number | null;
  stage: LoanStage | null;
  impairment: number | null;
}

/** A cell: an amount (or years, in column g), or why the file cannot give it. */
export type Template5Cell = { value: number } | { missing: string };

export interface Template5 {
  options: Template5Options;
  definition: string;
  geography: string;
  /** The file's gross carrying amount column and the currency its name states (null: none stated). */
  amounts?: { column: string; currency: string | null };
  rows: {
    key: Template5RowKey;
    number: number;
    label: string;
    loans: number;
    cells: Record<Template5Column, Template5Cell>;
  }[];
  /** What the file lacked or what was left out, stated under the template. */
  notes: string[];
}

export const TEMPLATE5_TEXT = {
  title:
    "EBA Pillar 3 ESG Template 5 - Banking book - Climate change physical risk: Exposures subject to physical risk",
  unit: (currency: string | null) =>
    `Amounts in ${currency ?? "the file's gross carrying amount column (no currency stated)"}, as the file gives them (the published template asks for millions of EUR); column g in years.`,
  rowsOverlap:
    "Rows 1-9 and 13 hold each loan by its counterparty's NACE section; rows 10 and 11 hold the loans secured by residential or commercial immovable property, whatever the counterparty, so a loan may appear in a sector row and a collateral row. Columns c to o break down column b. Stage 3 is read as non-performing.",
  missingColumn: (what: string) => `not in the file: no ${what} column`,
  repossessed: "not in the file: the upload lists loans, not repossessed collateral",
  noLoans: "no loan with a readable maturity",
  columnNames: {
    sector: "NACE sector",
    collateral: "collateral (residential / commercial immovable property)",
    carrying: "gross carrying amount",
    maturity: "maturity",
    stage: "IFRS 9 stage",
    impairment: "accumulated impairment",
  } satisfies Record<LoanColumn, string>,
} as const;

/** Which template columns read which loan column. */
const NEEDS: Partial<Record<Template5Column, LoanColumn[]>> = {
  m5: ["maturity"],
  m10: ["maturity"],
  m20: ["maturity"],
  m20plus: ["maturity"],
  awm: ["maturity"],
  stage2: ["stage"],
  npe: ["stage"],
  impairment: ["impairment"],
  impairmentStage2: ["impairment", "stage"],
  impairmentNpe: ["impairment", "stage"],
};

/** The bucket (column) of a residual maturity in years. */
export function maturityBucket(years: number): "m5" | "m10" | "m20" | "m20plus" {
  return years <= 5 ? "m5" : years <= 10 ? "m10" : years <= 20 ? "m20" : "m20plus";
}

/** Whether any of `hazards` reaches the threshold at the slot. */
function reaches(scores: LocationScores, hazards: readonly PerHazardId[], slot: number, threshold: number): boolean {
  for (const h of hazards) {
    const level = scores[h]?.[slot]?.level;
    if (level != null && level >= threshold) return true;
  }
  return false;
}

interface Sums {
  loans: number;
  gross: number;
  sensitive: number;
  buckets: Record<"m5" | "m10" | "m20" | "m20plus", number>;
  maturityWeighted: number;
  maturityAmount: number;
  chronic: number;
  acute: number;
  both: number;
  stage2: number;
  npe: number;
  impairment: number;
  impairmentStage2: number;
  impairmentNpe: number;
}

function emptySums(): Sums {
  return {
    loans: 0,
    gross: 0,
    sensitive: 0,
    buckets: { m5: 0, m10: 0, m20: 0, m20plus: 0 },
    maturityWeighted: 0,
    maturityAmount: 0,
    chronic: 0,
    acute: 0,
    both: 0,
    stage2: 0,
    npe: 0,
    impairment: 0,
    impairmentStage2: 0,
    impairmentNpe: 0,
  };
}

export class Template5Accumulator {
  private readonly sums = new Map<Template5RowKey, Sums>(TEMPLATE5_ROWS.map((r) => [r.key, emptySums()]));
  private readonly slot: number;
  private withoutAmount = 0;
  private unreadableSector = 0;
  private withoutMaturity = 0;

  constructor(
    readonly options: Template5Options,
    /** The loan columns the file has. */
    readonly columns: ReadonlySet<LoanColumn>,
  ) {
    this.slot = slotIndex(options.scenario, options.period);
  }

  add(loan: Template5Loan): void {
    const rows: Template5RowKey[] = [];
    if (loan.section) rows.push(SECTOR_ROWS.has(loan.section) ? (loan.section as Template5RowKey) : "other");
    else if (loan.section === undefined) this.unreadableSector++;
    if (loan.collateral) rows.push(loan.collateral);
    if (loan.carrying === null) {
      this.withoutAmount++;
      return;
    }
    const { options, slot } = this;
    const chronic = reaches(loan.scores, options.chronic, slot, options.threshold);
    const acute = reaches(loan.scores, options.acute, slot, options.threshold);
    const amount = loan.carrying;
    if ((chronic || acute) && loan.maturity === null) this.withoutMaturity++;
    for (const key of rows) {
      const s = this.sums.get(key)!;
      s.loans++;
      s.gross += amount;
      if (!chronic && !acute) continue;
      s.sensitive += amount;
      if (loan.maturity !== null) {
        s.buckets[maturityBucket(loan.maturity)] += amount;
        s.maturityWeighted += amount * loan.maturity;
        s.maturityAmount += amount;
      }
      if (chronic && acute) s.both += amount;
      else if (chronic) s.chronic += amount;
      else s.acute += amount;
      const impairment = loan.impairment ?? 0;
      s.impairment += impairment;
      if (loan.stage === 2) {
        s.stage2 += amount;
        s.impairmentStage2 += impairment;
      } else if (loan.stage === 3) {
        s.npe += amount;
        s.impairmentNpe += impairment;
      }
    }
  }

  result(geography: string): Template5 {
    const { columns } = this;
    const has = (c: LoanColumn) => columns.has(c);
    const rows = TEMPLATE5_ROWS.map((row, i) => {
      const s = this.sums.get(row.key)!;
      const values: Record<Template5Column, number | null> = {
        gross: s.gross,
        sensitive: s.sensitive,
        m5: s.buckets.m5,
        m10: s.buckets.m10,
        m20: s.buckets.m20,
        m20plus: s.buckets.m20plus,
        awm: s.maturityAmount > 0 ? s.maturityWeighted / s.maturityAmount : null,
        chronic: s.chronic,
        acute: s.acute,
        both: s.both,
        stage2: s.stage2,
        npe: s.npe,
        impairment: s.impairment,
        impairmentStage2: s.impairmentStage2,
        impairmentNpe: s.impairmentNpe,
      };
      const rowNeeds: LoanColumn | null =
        row.key === "residential" || row.key === "commercial"
          ? "collateral"
          : row.key === "repossessed"
            ? null
            : "sector";
      const cells = {} as Record<Template5Column, Template5Cell>;
      for (const col of TEMPLATE5_COLUMNS) {
        const missing =
          row.key === "repossessed"
            ? TEMPLATE5_TEXT.repossessed
            : [rowNeeds!, "carrying" as const, ...(NEEDS[col.key] ?? [])]
                .filter((c) => !has(c))
                .map((c) => TEMPLATE5_TEXT.missingColumn(TEMPLATE5_TEXT.columnNames[c]))[0];
        const value = values[col.key];
        cells[col.key] = missing ? { missing } : value === null ? { missing: TEMPLATE5_TEXT.noLoans } : { value };
      }
      return { key: row.key, number: i + 1, label: row.label, loans: s.loans, cells };
    });
    const notes: string[] = [];
    if (this.withoutAmount)
      notes.push(
        `${this.withoutAmount} assessed ${this.withoutAmount === 1 ? "loan has" : "loans have"} no readable gross carrying amount and ${this.withoutAmount === 1 ? "is" : "are"} left out.`,
      );
    if (this.unreadableSector)
      notes.push(
        `${this.unreadableSector} ${this.unreadableSector === 1 ? "loan's sector names" : "loans' sectors name"} no NACE section and ${this.unreadableSector === 1 ? "is" : "are"} in no sector row.`,
      );
    if (this.withoutMaturity)
      notes.push(
        `${this.withoutMaturity} sensitive ${this.withoutMaturity === 1 ? "loan has" : "loans have"} no readable maturity: in column b, in no maturity bucket.`,
      );
    return { options: this.options, definition: template5Definition(this.options), geography, rows, notes };
  }
}

/** The value of a cell, or null when it is missing. */
export function cellValue(cell: Template5Cell): number | null {
  return "value" in cell ? cell.value : null;
}
