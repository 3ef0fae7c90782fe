/**
 * Which column weighs a portfolio's locations. The spec's default column is offered on every upload, but most files
 * have no such column: then nothing weighs the locations (each counts 1), and every page, report and file says so
 * in the same words.
 */
import { DEFAULT_WEIGHTING_COLUMN } from "./limits";

/**
 * The weighting an upload starts with: the spec's default column when the file has it; else the value column found
 * in its header (e.g. "Marktwert EUR") when it holds numbers, so a file of asset values is weighed by them unless the
 * user chooses otherwise; else the spec's default (which then weighs nothing: each location counts once).
 */
export function initialWeightColumn(
  names: readonly string[],
  valueColumn: number | null,
  numeric: readonly string[],
): string {
  if (names.includes(DEFAULT_WEIGHTING_COLUMN)) return DEFAULT_WEIGHTING_COLUMN;
  const value = valueColumn === null ? undefined : names[valueColumn];
  return value !== undefined && numeric.includes(value) ? value : DEFAULT_WEIGHTING_COLUMN;
}

/** The column that really weighs the locations: the chosen one when the file has it, else none. */
export function effectiveWeightColumn(chosen: string | null | undefined, columns: readonly string[]): string | null {
  const column = chosen ?? DEFAULT_WEIGHTING_COLUMN;
  return columns.includes(column) ? column : null;
}

export const WEIGHTING_TEXT = {
  /** What the reports print where no column weighs the locations. */
  none: "none (each location weighs 1)",
  missingColumn: (column: string) => `The file has no column "${column}": every location weighs 1`,
  /**
   * An option of the weighting choice that the file does not hold: the spec's default names a column of local GDP
   * per capita, which neither the dataset nor most files have, so choosing it means counting each location once.
   */
  absentOption: (column: string) => `Each location counts once (your file has no column "${column}")`,
} as const;

/** One line for the page: by which column, or why by none. */
export function weightingSummary(
  chosen: string | null | undefined,
  columns: readonly string[],
): { column: string | null; text: string } {
  const column = effectiveWeightColumn(chosen, columns);
  if (column) return { column, text: column };
  return { column: null, text: WEIGHTING_TEXT.none };
}
