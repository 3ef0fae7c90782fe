/**
 * A cell of the user's own file as a spreadsheet should get it back: a number the user wrote ("1200000,5",
 * "250") as a number, so sums and filters work; text as text. Numbers are read the way the weighting reads them.
 */
import { parseNumberCell } from "../../portfolio/columns/columns";

/** Spreadsheets keep 15 significant digits: a longer digit string (an account number) would lose its tail. */
const MAX_DIGITS = 15;

/**
 * Text that parses as a number but is an identifier: a leading zero ("007", "01234" postcodes) or a leading plus
 * (phone numbers). Those stay text, as the user typed them.
 */
function looksLikeCode(text: string): boolean {
  return /^0\d/.test(text) || /^-0\d/.test(text) || text.startsWith("+");
}

export function userCellValue(text: string): string | number {
  const trimmed = text.trim();
  if (trimmed === "" || looksLikeCode(trimmed)) return text;
  if ((trimmed.match(/\d/g) ?? []).length > MAX_DIGITS) return text;
  const n = parseNumberCell(trimmed);
  return n !== null && Number.isFinite(n) ? n : text;
}

/**
 * The header of a user column in a sheet whose own columns come first: a name that repeats one of ours (the
 * customer's "Country" beside our "Country") says whose it is, so every header names one column.
 */
export function userColumnHeader(column: string, ours: readonly string[]): string {
  const taken = new Set(ours.map((c) => c.toLowerCase()));
  return taken.has(column.trim().toLowerCase()) ? `${column} (your file)` : column;
}
