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

/**
 * Characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF; a
 * surrogate without its pair). An XLSX sheet is XML: one of them in a cell makes the whole workbook unreadable.
 */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what this removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}

/**
 * Strings lose the characters XML forbids, then pass the formula guard (a stripped control character may have
 * hidden a leading "="); numbers, booleans, dates and null pass through.
 */
export function safeCellValue<T>(v: T): T | string {
  return typeof v === "string" ? neutraliseCell(stripXmlForbidden(v)) : v;
}
