/**
 * XLSX (Office Open XML SpreadsheetML) files written row by row: our own sheet XML streamed into a zip through
 * zip-stream's public API, so a million-row sheet never sits in memory and no spreadsheet library's internals are
 * touched. The files hold what the reports need: inline-string and number cells, column widths, a frozen pane,
 * the workbook's creator and date. No styles and no shared strings (shared strings would keep every distinct text
 * of a large sheet in memory until the end).
 */
import { once } from "node:events";
import { PassThrough, type Writable } from "node:stream";
import ZipStream from "zip-stream";
import { safeCellValue } from "~/domain/reports/spreadsheet/spreadsheet-cell";

export type CellValue = string | number | null | undefined;

export interface SheetOptions {
  /** Column widths in characters, from column A on. */
  widths?: readonly number[];
  /** Columns left of and rows above the frozen pane. */
  frozen?: { columns: number; rows: number };
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const XML_ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&apos;",
  "<": "&lt;",
  ">": "&gt;",
  "\x7f": "",
};
const XML_SPECIAL = /["&'<>\x7f]/;
const XML_SPECIAL_ALL = /["&'<>\x7f]/g;

/** Text escaped for XML (DEL dropped); the caller has removed what XML forbids (safeCellValue). */
export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ESCAPES[c]!) : text;
}

/** Column letters of a 1-based column number: A … Z, AA … */
export function columnLetters(n: number): string {
  let out = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) out = String.fromCharCode(65 + ((i - 1) % 26)) + out;
  return out;
}

const EDGE_SPACE = /^\s|\s$/;

/** A cell's XML after its reference (`<c r="A1` is written by the caller): numbers as values, text inline. */
function cellBody(v: string | number): string {
  if (typeof v === "number")
    return Number.isFinite(v) ? `"><v>${v}</v></c>` : `" t="inlineStr"><is><t>${v}</t></is></c>`;
  const text = xmlText(String(safeCellValue(v)));
  return EDGE_SPACE.test(text)
    ? `" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`
    : `" t="inlineStr"><is><t>${text}</t></is></c>`;
}

/**
 * Bytes of sheet XML gathered before they go to the zip: below glibc's mmap threshold (64 KiB, ADR 005), so each
 * chunk comes from the heap's reused memory rather than fresh pages the system must map and zero.
 */
const ROW_CHUNK_BYTES = 60 * 1024;
/**
 * Sheet XML the zip may have waiting before a writer waits (drained()): enough that compression, on libuv's
 * threads, keeps working while the writer assesses the next rows (the stream's readable side holds as much again).
 * Kept short: a chunk that waits long outlives the young generation's collections and stays until a full one. Much
 * shorter, the writer waits on the zip so often that a 1M-row job takes markedly longer for little less peak
 * (figures: bench/README.md, "Figures behind the code's settings").
 */
const SHEET_STREAM_BYTES = 4 << 20;

/**
 * Cells that repeat from row to row (a hexagon's 260 score cells), as UTF-8 with a gap wherever a cell's reference
 * needs the row number. Rendered for one width of row number: the same bytes serve every row with that many
 * digits, which get their number written into the gaps.
 */
export class RowCells {
  private digits = 0;
  private bytes = Buffer.alloc(0);
  private gaps = new Int32Array(0);
  /**
   * The parts joined, and where each part ends: a hexagon's cells as one buffer instead of 260 (a report job keeps
   * the cells of up to SCORE_CELLS_CACHE_MAX hexagons, and a Buffer object per part cost tens of MB of heap).
   */
  private readonly joined: Buffer;
  private readonly ends: Int32Array;
  constructor(parts: readonly string[]) {
    this.joined = Buffer.from(parts.join(""));
    this.ends = new Int32Array(parts.length);
    let end = 0;
    parts.forEach((part, i) => (this.ends[i] = end += Buffer.byteLength(part)));
  }

  /** The cells for rows whose number has `digits` digits, and where in them each row number goes. */
  rendered(digits: number): { bytes: Buffer; gaps: Int32Array } {
    if (digits !== this.digits) {
      const gapCount = this.ends.length - 1;
      this.bytes = Buffer.alloc(this.joined.length + gapCount * digits);
      this.gaps = new Int32Array(gapCount);
      let at = 0;
      let from = 0;
      for (let i = 0; i < this.ends.length; i++) {
        at += this.joined.copy(this.bytes, at, from, this.ends[i]);
        from = this.ends[i]!;
        if (i < gapCount) {
          this.gaps[i] = at;
          at += digits;
        }
      }
      this.digits = digits;
    }
    return { bytes: this.bytes, gaps: this.gaps };
  }
}

/**
 * One sheet's rows as XML, assembled as bytes (a large report's sheet is gigabytes of XML: building it as strings
 * spent most of the time joining, encoding and collecting them) and handed to the zip in chunks.
 */
export class SheetWriter {
  private readonly refs: string[] = [];
  private out = Buffer.allocUnsafe(ROW_CHUNK_BYTES);
  private used = 0;
  private next = 1;
  private ended = false;

  constructor(
    private readonly stream: PassThrough,
    options: SheetOptions,
  ) {
    let head = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
    const frozen = options.frozen;
    if (frozen && (frozen.columns || frozen.rows)) {
      const topLeft = `${columnLetters(frozen.columns + 1)}${frozen.rows + 1}`;
      const pane = frozen.columns && frozen.rows ? "bottomRight" : frozen.rows ? "bottomLeft" : "topRight";
      const split = `${frozen.columns ? ` xSplit="${frozen.columns}"` : ""}${frozen.rows ? ` ySplit="${frozen.rows}"` : ""}`;
      head += `<sheetViews><sheetView workbookViewId="0"><pane${split} topLeftCell="${topLeft}" activePane="${pane}" state="frozen"/><selection pane="${pane}" activeCell="${topLeft}" sqref="${topLeft}"/></sheetView></sheetViews>`;
    }
    head += '<sheetFormatPr defaultRowHeight="15"/>';
    if (options.widths?.length) {
      head += "<cols>";
      options.widths.forEach((w, i) => (head += `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`));
      head += "</cols>";
    }
    this.push(`${head}<sheetData>`);
  }

  /** The next row's number (1-based). */
  get rowNumber(): number {
    return this.next;
  }

  /** A row of `values` (empty cells left out), then the cells of `tail` (from tailCells) when given. */
  row(values: readonly CellValue[], tail?: RowCells): void {
    const r = this.next++;
    const number = String(r);
    this.ensureRefs(values.length);
    let xml = `<row r="${number}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      xml += `<c r="${this.refs[i]}${number}${cellBody(v)}`;
    }
    const cells = tail?.rendered(number.length);
    // Three bytes of UTF-8 at most per UTF-16 unit of the text.
    this.reserve(xml.length * 3 + (cells?.bytes.length ?? 0) + 6);
    this.used += this.out.write(xml, this.used);
    if (cells) {
      const out = this.out;
      const start = this.used;
      cells.bytes.copy(out, start);
      const { gaps } = cells;
      for (let g = 0; g < gaps.length; g++) {
        const at = start + gaps[g]!;
        for (let d = 0; d < number.length; d++) out[at + d] = number.charCodeAt(d);
      }
      this.used += cells.bytes.length;
    }
    this.used += this.out.write("</row>", this.used, "latin1");
  }

  /**
   * The cells from column `first` (0-based) on, ready to be written into any row (see RowCells). Many rows share
   * the same cells (every location in one hexagon has the same 260 score cells): the caller keeps them.
   */
  tailCells(values: readonly CellValue[], first: number): RowCells {
    this.ensureRefs(first + values.length);
    const parts: string[] = [];
    let open = "";
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      parts.push(`${open}<c r="${this.refs[first + i]}`);
      open = cellBody(v);
    }
    parts.push(open);
    return new RowCells(parts);
  }

  /** Resolves once the zip has taken enough of what was written: a long writer awaits it every few rows. */
  drained(): Promise<void> | null {
    if (!this.stream.writableNeedDrain) return null;
    return once(this.stream, "drain").then(() => undefined);
  }

  /** Closes the sheet's XML; the workbook then takes the next sheet. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.push("</sheetData></worksheet>");
    this.flush();
    this.stream.end();
  }

  private push(text: string) {
    const bytes = Buffer.byteLength(text);
    this.reserve(bytes);
    this.used += this.out.write(text, this.used);
  }

  private ensureRefs(n: number) {
    while (this.refs.length < n) this.refs.push(columnLetters(this.refs.length + 1));
  }

  /** Room for `bytes` more: what is gathered goes out first when it would not fit; a larger row gets a chunk of its size. */
  private reserve(bytes: number) {
    if (this.used + bytes <= this.out.length) return;
    this.flush();
    if (bytes > this.out.length) this.out = Buffer.allocUnsafe(bytes);
  }

  /** Passes the gathered rows on; the zip holds the chunk until it has compressed it, so the next rows get a new one. */
  private flush(): void {
    if (!this.used) return;
    this.stream.write(this.out.subarray(0, this.used));
    this.out = Buffer.allocUnsafe(ROW_CHUNK_BYTES);
    this.used = 0;
  }
}

function isoSeconds(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/**
 * A workbook written to `target` one sheet at a time (the zip takes one entry at a time: a sheet is complete
 * before the next starts). The tabs' order is given at the end, so a summary written last can be the first tab.
 */
export class XlsxWorkbookWriter {
  private readonly zip: ZipStream;
  private readonly sheets: { name: string; file: string }[] = [];
  private entry: Promise<void> = Promise.resolve();
  private readonly done: Promise<void>;
  private current: SheetWriter | null = null;

  constructor(
    target: Writable,
    private readonly info: { creator: string; created?: Date } = { creator: "" },
  ) {
    // Fastest deflate: the files are as large as the exceljs writer's were (32 MB for 30k rows), where the default
    // level 6 made them a quarter smaller for about 30 % more CPU per row (bench/README.md).
    this.zip = new ZipStream({ zlib: { level: 1 } });
    this.done = new Promise<void>((resolve, reject) => {
      target.on("finish", () => resolve());
      target.on("close", () => resolve());
      target.on("error", reject);
      this.zip.on("error", reject);
    });
    this.done.catch(() => undefined);
    this.zip.pipe(target);
  }

  /** The workbook's creation date (docProps/core.xml). */
  set created(date: Date) {
    this.info.created = date;
  }

  /** Starts the next sheet; the one before is ended first. */
  async addSheet(name: string, options: SheetOptions = {}): Promise<SheetWriter> {
    this.current?.end();
    await this.entry;
    const file = `sheet${this.sheets.length + 1}.xml`;
    this.sheets.push({ name, file });
    const stream = new PassThrough({ highWaterMark: SHEET_STREAM_BYTES });
    this.entry = this.add(stream, `xl/worksheets/${file}`);
    this.entry.catch(() => undefined);
    return (this.current = new SheetWriter(stream, options));
  }

  /** Writes the workbook's parts and ends the file; `firstTabs` names sheets to put first, in that order. */
  async finish(firstTabs: readonly string[] = []): Promise<void> {
    this.current?.end();
    this.current = null;
    await this.entry;
    const tabs = [
      ...firstTabs.map((n) => this.sheets.find((s) => s.name === n)!),
      ...this.sheets.filter((s) => !firstTabs.includes(s.name)),
    ];
    const created = isoSeconds(this.info.created ?? new Date());
    const sheetTypes = this.sheets
      .map(
        (s) =>
          `<Override PartName="/xl/worksheets/${s.file}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join("");
    await this.add(
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
      "[Content_Types].xml",
    );
    await this.add(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
      "_rels/.rels",
    );
    await this.add(
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(this.info.creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified></cp:coreProperties>`,
      "docProps/core.xml",
    );
    await this.add(
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlText(this.info.creator)}</Application></Properties>`,
      "docProps/app.xml",
    );
    const rels = this.sheets
      .map((s, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/${s.file}"/>`)
      .join("");
    await this.add(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels}<Relationship Id="rId${this.sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
      "xl/_rels/workbook.xml.rels",
    );
    const sheetList = tabs
      .map(
        (s) =>
          `<sheet name="${xmlText(s.name)}" sheetId="${this.sheets.indexOf(s) + 1}" r:id="rId${this.sheets.indexOf(s) + 1}"/>`,
      )
      .join("");
    await this.add(
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheetList}</sheets></workbook>`,
      "xl/workbook.xml",
    );
    await this.add(STYLES, "xl/styles.xml");
    this.zip.finalize();
    await this.done;
  }

  /** Stops the file; the caller discards it. */
  abort(): void {
    this.current?.end();
    this.zip.destroy();
  }

  private add(source: PassThrough | string, name: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.zip.entry(
        typeof source === "string" ? Buffer.from(source) : source,
        { name, date: this.info.created ?? new Date() },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
}

/** The one cell format a workbook must have (Normal, General): no styles are used. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
