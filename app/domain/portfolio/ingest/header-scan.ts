/**
 * Finding a file's header: the first non-blank rows until one names latitude and longitude. Blank rows are counted,
 * never kept, and the search stops after HEADER_SCAN_MAX_ROWS rows, so a file of empty lines is refused at once.
 * Pure: rows are fed one at a time by whoever reads the file.
 */
import { isBlankRow, type Cell, type ColumnMap } from "../columns/columns";
import { HEADER_SCAN_MAX_ROWS, HEADER_SEARCH_ROWS } from "../limits";

export type HeaderScanResult =
  | { found: true; map: ColumnMap; headerRows: number; leadingBlank: number }
  /** noHeaderWithin: HEADER_SCAN_MAX_ROWS rows without one; empty: no non-blank row; noColumns: rows, but no header. */
  | { found: false; refusal: "noHeaderWithin" | "empty" | "noColumns" };

export class HeaderScan {
  private readonly lead: Cell[][] = [];
  private leadingBlank = 0;
  private scanned = 0;

  /** detect: the columns the non-blank rows so far name, or null (columns.detectColumns, or the user's own map). */
  constructor(private readonly detect: (lead: readonly Cell[][]) => ColumnMap | null) {}

  /** The next row of the file: a result once the search is over, null while it needs more rows. */
  push(cells: Cell[]): HeaderScanResult | null {
    if (++this.scanned > HEADER_SCAN_MAX_ROWS) return { found: false, refusal: "noHeaderWithin" };
    if (isBlankRow(cells)) {
      this.leadingBlank++;
      return null;
    }
    this.lead.push(cells);
    const map = this.detect(this.lead);
    if (map) return { found: true, map, headerRows: this.lead.length, leadingBlank: this.leadingBlank };
    return this.lead.length >= HEADER_SEARCH_ROWS ? this.end() : null;
  }

  /** The file ended (or the search gave up) before a header. */
  end(): HeaderScanResult {
    return { found: false, refusal: this.lead.length === 0 ? "empty" : "noColumns" };
  }
}
