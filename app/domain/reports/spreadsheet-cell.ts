/**
 * Spreadsheet formula-injection guard (OWASP "CSV injection"): a text cell that starts with = + - @ (or a tab or
 * carriage return, which some spreadsheet apps strip before reading a formula) is prefixed with an apostrophe,
 * so it is shown as text and never evaluated. Plain numbers such as "-0.127" are left as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

export function neutraliseCell(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  if (PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** Neutralises strings; numbers, booleans, dates and null pass through. */
export function safeCellValue<T>(v: T): T | string {
  return typeof v === "string" ? neutraliseCell(v) : v;
}
