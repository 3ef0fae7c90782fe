/**
 * A loan's own figures as a bank's export writes them, for the EBA Pillar 3 ESG templates: the NACE section of the
 * counterparty, the immovable property that secures the loan, the gross carrying amount, the residual maturity, the
 * IFRS 9 stage and the accumulated impairment. Pure.
 */
import { parseNumberCell, type Cell } from "../../portfolio/columns/columns";

export type NaceSection =
  | "A"
  | "B"
  | "C"
  | "D"
  | "E"
  | "F"
  | "G"
  | "H"
  | "I"
  | "J"
  | "K"
  | "L"
  | "M"
  | "N"
  | "O"
  | "P"
  | "Q"
  | "R"
  | "S"
  | "T"
  | "U";
export type Collateral = "residential" | "commercial";
/** IFRS 9 stage: 1 performing, 2 significant increase in credit risk, 3 credit-impaired (non-performing). */
export type LoanStage = 1 | 2 | 3;

/** NACE Rev. 2 divisions (two digits) to their section. */
const DIVISION_SECTIONS: readonly [number, number, NaceSection][] = [
  [1, 3, "A"],
  [5, 9, "B"],
  [10, 33, "C"],
  [35, 35, "D"],
  [36, 39, "E"],
  [41, 43, "F"],
  [45, 47, "G"],
  [49, 53, "H"],
  [55, 56, "I"],
  [58, 63, "J"],
  [64, 66, "K"],
  [68, 68, "L"],
  [69, 75, "M"],
  [77, 82, "N"],
  [84, 84, "O"],
  [85, 85, "P"],
  [86, 88, "Q"],
  [90, 93, "R"],
  [94, 96, "S"],
  [97, 98, "T"],
  [99, 99, "U"],
];

/**
 * The NACE section of a sector cell: a section letter ("C", "C - Manufacturing", "C10.1", "L68.20") or a division
 * code ("10.11", "41", "68.2"); null for an empty cell, undefined for text that names no section.
 */
export function naceSectionOf(cell: Cell): NaceSection | null | undefined {
  const s = cell === null || cell === undefined ? "" : String(cell).trim();
  if (!s) return null;
  const letter = /^([A-Ua-u])(?=$|[\s\d.\-–:_/)])/.exec(s);
  if (letter) return letter[1]!.toUpperCase() as NaceSection;
  const division = /^(\d{1,2})(?=$|[.\s\-–:])/.exec(s);
  if (division) {
    const d = Number(division[1]);
    return DIVISION_SECTIONS.find(([lo, hi]) => d >= lo && d <= hi)?.[2];
  }
  return undefined;
}

const RESIDENTIAL =
  /^(residential|rre|res|wohn|wohnimmobilie|wohnbau|wohnen|wohnung|wohngebaude|eigenheim|einfamilienhaus|mehrfamilienhaus|residentiel|habitation|logement|woning|woonhuis|residentieel|wonen|hypotheek_woning|private)/;
const COMMERCIAL =
  /^(commercial|cre|com|gewerb|gewerbeimmobilie|gewerblich|buro|burogebaude|einzelhandel|commerce|commercial|bureau|bureaux|local_commercial|bedrijfs|bedrijfspand|commercieel|kantoor|winkel|office|retail|industrial|logistics)/;

function folded(cell: Cell): string {
  return String(cell ?? "")
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[\s\-/]+/g, "_");
}

/** What immovable property secures the loan: null for an empty cell or one naming neither kind (no such collateral). */
export function collateralOf(cell: Cell): Collateral | null {
  const s = folded(cell);
  if (!s) return null;
  if (RESIDENTIAL.test(s)) return "residential";
  if (COMMERCIAL.test(s)) return "commercial";
  return null;
}

/** A positive amount (carrying amount; an impairment given as a negative number counts as its size); null otherwise. */
export function amountOf(cell: Cell): number | null {
  const n = parseNumberCell(cell);
  return n === null || Number.isNaN(n) ? null : Math.abs(n);
}

const DATE_DMY = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;
const DATE_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})/;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/**
 * Residual maturity in years at `asOf`: a number of years, or a maturity date (31.12.2040, 31/12/2040, 2040-12-31);
 * 0 for a date already passed; null when the cell is empty or neither.
 */
export function maturityYearsOf(cell: Cell, asOf: Date): number | null {
  if (cell === null || cell === undefined) return null;
  const s = String(cell).trim();
  if (!s) return null;
  const dmy = DATE_DMY.exec(s);
  const iso = DATE_ISO.exec(s);
  const date = dmy
    ? Date.UTC(+dmy[3]!, +dmy[2]! - 1, +dmy[1]!)
    : iso
      ? Date.UTC(+iso[1]!, +iso[2]! - 1, +iso[3]!)
      : null;
  if (date !== null) return Number.isNaN(date) ? null : Math.max(0, (date - asOf.getTime()) / YEAR_MS);
  const n = parseNumberCell(s.replace(/\s*(years?|jahre?|ans?|jaar|j|y)\.?$/i, ""));
  return n === null || Number.isNaN(n) || n < 0 ? null : n;
}

/**
 * The IFRS 9 stage of a stage cell: "1"/"2"/"3", "Stage 2", "Stufe 2", "S2"; non-performing words (NPE, default,
 * ausgefallen, notleidend, douteux, non-performing) read as stage 3; null when empty or unreadable.
 */
export function stageOf(cell: Cell): LoanStage | null {
  const s = folded(cell);
  if (!s) return null;
  if (
    /(^|_)(npe|npl|non_?performing|default|defaulted|ausgefallen|notleidend|douteux|non_?performant|wanbetaling)($|_)/.test(
      s,
    )
  )
    return 3;
  const digit = /^(stage|stufe|etape|stade|fase|s)?_?([123])$/.exec(s.replace(/ifrs_?9_?/, ""));
  return digit ? (Number(digit[2]) as LoanStage) : null;
}
