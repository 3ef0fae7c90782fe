/**
 * XLSX report files written with the exceljs streaming writer: rows go to the file as they come, so a 100k-row
 * portfolio never sits in memory. Every text cell from the user's file passes the formula guard.
 */
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { reportCostText } from "~/domain/commerce/orders";
import { HAZARDS, HAZARD_IDS } from "~/domain/hazards";
import {
  DISCLOSURE_TABLES,
  DisclosureAccumulator,
  MATERIAL_RISK_LEVEL,
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  slotLabel,
  type DisclosureTables,
  type ExposureCell,
} from "~/domain/reports/disclosure";
import { VALUE_COLUMN_TEXT, moneyBasis, type MoneyBasis } from "~/domain/portfolio/value-column";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { POINT_PRECISION } from "~/domain/portfolio/row-place";
import { safeCellValue } from "~/domain/reports/spreadsheet-cell";
import { userCellValue, userColumnHeader } from "~/domain/reports/user-cell";
import { openLocations, type LocationScores, type PortfolioReportSource, type SlotScore } from "~/domain/reports/types";
import { RISK_LEVELS } from "~/domain/risk-levels";
import { HISTORICAL_LABEL, SLOTS } from "~/domain/scenarios";
import { installNativeZipChecksums } from "./zip-checksum.server";

installNativeZipChecksums();

type Sheet = ExcelJS.Worksheet;
type Value = string | number | null;

/**
 * Workbooks are written without a style table: exceljs styles cost about 3x the write time per cell, which
 * matters at 100k rows × 250 columns. Shares are written as percentages (0-100).
 */
function addRow(sheet: Sheet, values: Value[], _heading = false) {
  sheet.addRow(values.map(safeCellValue)).commit();
}

/** Column letters of a 1-based column number: A … Z, AA … */
function columnLetters(n: number): string {
  let out = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) out = String.fromCharCode(65 + ((i - 1) % 26)) + out;
  return out;
}

const XML_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&apos;", "<": "&lt;", ">": "&gt;", "\x7f": "" };
const XML_SPECIAL = /["&'<>\x7f]/;
const XML_SPECIAL_ALL = /["&'<>\x7f]/g;

function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ESCAPES[c]!) : text;
}

/** The parts of exceljs's sheet stream (its StreamBuf) the row writer uses. */
interface SheetStream {
  write(xml: Buffer): unknown;
  /** Passes on what the stream holds in its own buffers. */
  _flush(): void;
  /** When set, the stream copies what is written into buffers of its own and passes those on once full. */
  batch: boolean;
}

/**
 * Bytes of sheet XML gathered before they go to the zip: below glibc's mmap threshold (64 KiB, ADR 005), so each
 * chunk comes from the heap's reused memory rather than fresh pages the system must map and zero.
 */
const ROW_CHUNK_BYTES = 60 * 1024;

/**
 * Cells that repeat from row to row (a hexagon's 260 score cells), as UTF-8 with a gap wherever a cell's reference
 * needs the row number. Rendered for one width of row number: the same bytes serve every row with that many
 * digits, which get their number written into the gaps.
 */
class RowCells {
  private digits = 0;
  private bytes = Buffer.alloc(0);
  private gaps = new Int32Array(0);
  constructor(private readonly parts: readonly Buffer[]) {}

  /** The cells for rows whose number has `digits` digits, and where in them each row number goes. */
  rendered(digits: number): { bytes: Buffer; gaps: Int32Array } {
    if (digits !== this.digits) {
      const gapCount = this.parts.length - 1;
      let length = gapCount * digits;
      for (const part of this.parts) length += part.length;
      this.bytes = Buffer.alloc(length);
      this.gaps = new Int32Array(gapCount);
      let at = 0;
      for (let i = 0; i < this.parts.length; i++) {
        at += this.parts[i]!.copy(this.bytes, at);
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
 * Rows of one sheet as sheet XML, written straight to the sheet's stream. exceljs builds a row object, a cell
 * object per value and an XML tree per row, which made the Locations sheet most of a large report's time. The XML
 * is the one exceljs writes without styles or shared strings (numbers in <v>, text as t="str" escaped as it
 * escapes, empty cells left out), through the same formula guard. Rows are assembled as bytes: a large report's
 * sheet is gigabytes of XML, and building it as strings spent most of its time joining, encoding and collecting
 * them. The sheet's header row must have been committed through exceljs first, which opens the sheet's data;
 * nothing may be added through exceljs afterwards.
 */
class SheetRowWriter {
  private readonly refs: string[] = [];
  private readonly stream: SheetStream;
  private out = Buffer.allocUnsafe(ROW_CHUNK_BYTES);
  private used = 0;
  constructor(sheet: Sheet, private next: number) {
    this.stream = (sheet as unknown as { stream: SheetStream }).stream;
    // What exceljs wrote so far (the sheet's opening and header row) goes first; from here on each chunk is passed
    // on as it is, without the stream copying it into 64 KiB buffers of its own.
    this.stream._flush();
    this.stream.batch = false;
  }

  /** A row of `values`, then the cells of `tail` (from tailCells) when given. */
  add(values: readonly Value[], tail?: RowCells): void {
    const r = this.next++;
    const number = String(r);
    this.ensureRefs(values.length);
    let xml = `<row r="${number}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      if (typeof v === "number") xml += `<c r="${this.refs[i]}${number}"><v>${v}</v></c>`;
      else xml += `<c r="${this.refs[i]}${number}" t="str"><v>${xmlText(safeCellValue(v))}</v></c>`;
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
   * The cells from column `first` on, ready to be written into any row (see RowCells). Many rows share the same
   * cells (every location in one hexagon has the same 260 score cells), so the caller keeps this once per hexagon.
   */
  tailCells(values: readonly Value[], first: number): RowCells {
    this.ensureRefs(first + values.length);
    const parts: Buffer[] = [];
    let open = "";
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      parts.push(Buffer.from(`${open}<c r="${this.refs[first + i]}`));
      open = typeof v === "number" ? `"><v>${v}</v></c>` : `" t="str"><v>${xmlText(safeCellValue(v))}</v></c>`;
    }
    parts.push(Buffer.from(open));
    return new RowCells(parts);
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
  flush(): void {
    if (!this.used) return;
    this.stream.write(this.out.subarray(0, this.used));
    this.out = Buffer.allocUnsafe(ROW_CHUNK_BYTES);
    this.used = 0;
  }
}

function percent(share: number | null): number | null {
  return share === null ? null : Math.round(share * 1000) / 10;
}

function levelCell(s: SlotScore | undefined): Value {
  if (!s) return null;
  if (s.level !== null) return s.level;
  return s.applicable ? "no data" : "n/a";
}

function valueCell(s: SlotScore | undefined): Value {
  return s?.value === null || s?.value === undefined ? null : Math.round(s.value * 1000) / 1000;
}

/** Score cells kept per distinct hexagon while the Locations sheet is written (about 7 KB each). */
const SCORE_CELLS_CACHE_MAX = 2_000;

/** A location's level and value for every hazard × slot, in HAZARD_SLOT_HEADERS order. */
function scoreValues(scores: LocationScores): Value[] {
  const out: Value[] = [];
  for (const h of HAZARD_IDS) {
    const slots = scores[h];
    for (const s of SLOTS) out.push(levelCell(slots?.[s.index]), valueCell(slots?.[s.index]));
  }
  return out;
}

/** Two columns per hazard × slot: the level 1-5 and the value 0-1. */
const HAZARD_SLOT_HEADERS = HAZARD_IDS.flatMap((h) =>
  SLOTS.flatMap((s) => {
    const label = `${h} ${HAZARDS[h].name} | ${slotLabel(s.scenario, s.period)}`;
    return [`${label} | level`, `${label} | value`];
  }),
);

function writeMetadataSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, report: Pick<PortfolioReportSource, "metadata">, title: string) {
  const m = report.metadata;
  const sheet = wb.addWorksheet("Summary");
  sheet.columns = [{ width: 34 }, { width: 70 }];
  addRow(sheet, [title], true);
  addRow(sheet, []);
  const rows: [string, Value][] = [
    ["Report id", m.reportId],
    ["Prepared for", m.user.name ? `${m.user.name} <${m.user.email}>` : m.user.email],
    ["Created at (UTC)", m.createdAt],
    ["Input file", m.inputFile.name],
    ["Input file SHA-256", m.inputFile.sha256],
    ["Weighting column", m.weightingColumn ?? WEIGHTING_TEXT.none],
    ["Currency of the amounts", moneyBasis(m.weightingColumn, m.valueCurrency)?.currency ?? "none: no amounts in money"],
    ["Risk dataset version", m.datasetVersion],
    ["Methodology version", m.methodologyVersion],
  ];
  for (const r of rows) addRow(sheet, r);
  return sheet;
}

function writeAggregates(sheet: Sheet, report: PortfolioReportSource) {
  const st = report.output_request_stats;
  addRow(sheet, []);
  addRow(sheet, ["Request statistics"], true);
  addRow(sheet, ["Assets", st.asset_number]);
  addRow(sheet, ["Hexagons", st.hexagon_number]);
  addRow(sheet, ["Countries", st.country_number]);
  addRow(sheet, ["New hexagons requested", st.new_hexagon_request]);
  addRow(sheet, ["Report cost (paid, incl. VAT)", reportCostText(st)]);
  addRow(sheet, []);
  addRow(sheet, ["Overall estimate (aggregate hazard, weighted mean)", "value | level"], true);
  const o = report.output_risks_overall_estimate;
  const fmt = (s: { value: number | null; score: number | null }) => (s.value === null ? "no data" : `${s.value} | ${s.score}`);
  addRow(sheet, [HISTORICAL_LABEL, fmt(o.hist)]);
  for (const s of SLOTS) {
    if (s.scenario === "hist") continue;
    const v = o.future[s.scenario]?.[s.period as "2030"];
    if (v) addRow(sheet, [slotLabel(s.scenario, s.period), fmt(v)]);
  }
  addRow(sheet, []);
  addRow(sheet, [`Diversity: locations at High or above (${HISTORICAL_LABEL})`, "count"], true);
  for (const h of HAZARD_IDS) {
    const n = report.output_risks_diversity[h];
    if (n !== undefined) addRow(sheet, [`${h} ${HAZARDS[h].name}`, n]);
  }
  addRow(sheet, []);
  addRow(sheet, ["Intensity: aggregate score (0 = no score)", "locations"], true);
  for (const [score, count] of report.output_risks_intensity) addRow(sheet, [score, count]);
  addRow(sheet, []);
  addRow(sheet, ["Social and economic exposure by country"], true);
  // Electricity and farmland at risk have no source in the dataset (null for every country): no column of blanks.
  addRow(sheet, ["Country", "Assets", "Hexagons", "Population at risk"], true);
  for (const c of report.social_by_country_sum)
    addRow(sheet, [`${c.country_code} ${c.country_name}`, c.asset_number, c.hexagon_number, c.population_at_risk ?? "not available"]);
}

/** Column widths in characters: wide enough for what each column holds, never the whole of a long header. */
const LOCATION_WIDTHS: Readonly<Record<string, number>> = {
  Row: 7, Precision: 24, "Asset id": 14, Name: 28, Status: 10, Reason: 40, "Duplicate of row": 10, Country: 10, Region: 10, Hexagon: 17,
  Latitude: 11, Longitude: 11, Weight: 12,
};
const USER_COLUMN_WIDTH = { min: 10, max: 40 };
const HAZARD_COLUMN_WIDTH = 14;

function locationWidths(fixed: readonly string[], userHeaders: readonly string[]): { width: number }[] {
  return [
    ...fixed.map((h) => ({ width: LOCATION_WIDTHS[h] ?? 12 })),
    ...userHeaders.map((h) => ({ width: Math.min(USER_COLUMN_WIDTH.max, Math.max(USER_COLUMN_WIDTH.min, h.length + 2)) })),
    ...HAZARD_SLOT_HEADERS.map(() => ({ width: HAZARD_COLUMN_WIDTH })),
  ];
}

/** The weight columns are amounts in money when a value column with a currency weighs the assets: headed with it. */
function exposureHeader(sheet: Sheet, first: string[], money: MoneyBasis | null) {
  const weight = money
    ? [`Value of assets (${money.currency})`, `Amount at level >= ${MATERIAL_RISK_LEVEL} (${money.currency})`, "Share of value (%)"]
    : ["Weighted value", "Weighted value at risk", "Share of weighted value (%)"];
  addRow(sheet, [...first, "Scenario / horizon", "Assets", `Assets at level >= ${MATERIAL_RISK_LEVEL}`, "Share of assets (%)", ...weight, "No data"], true);
}

function exposureRow(sheet: Sheet, first: Value[], c: ExposureCell) {
  sheet
    .addRow([...first.map(safeCellValue), slotLabel(c.scenario, c.period), c.assets, c.assetsAtRisk, percent(c.shareAssets), c.weight, c.weightAtRisk, percent(c.shareWeight), c.noData])
    .commit();
}

function mapsTo(sheet: Sheet, key: keyof typeof DISCLOSURE_TABLES) {
  addRow(sheet, [DISCLOSURE_TABLES[key].title], true);
  for (const line of DISCLOSURE_TABLES[key].mapsTo) addRow(sheet, [`Maps to: ${line}`]);
  addRow(sheet, []);
}

/** Disclosure sheets shared by the portfolio workbook and the corporate export. */
function writeDisclosureSheets(wb: ExcelJS.stream.xlsx.WorkbookWriter, t: DisclosureTables) {
  const money = t.money ?? null;
  const hz = wb.addWorksheet("Exposure by hazard");
  hz.columns = [{ width: 26 }, { width: 18 }, ...Array.from({ length: 7 }, () => ({ width: 16 }))];
  mapsTo(hz, "hazards");
  if (money) for (const line of DISCLOSURE_TABLES.amounts.mapsTo) addRow(hz, [`Maps to: ${line}`]);
  addRow(hz, [money ? VALUE_COLUMN_TEXT.basis(money) : VALUE_COLUMN_TEXT.noAmounts]);
  addRow(hz, []);
  exposureHeader(hz, ["Hazard"], money);
  for (const r of t.hazards) for (const c of r.cells) exposureRow(hz, [`${r.hazardId} ${r.hazardName}`], c);
  hz.commit();

  const ct = wb.addWorksheet("Exposure by country");
  ct.columns = [{ width: 24 }, { width: 24 }, { width: 18 }, ...Array.from({ length: 7 }, () => ({ width: 16 }))];
  mapsTo(ct, "countries");
  if (money) for (const line of DISCLOSURE_TABLES.countryAmounts.mapsTo) addRow(ct, [`Maps to: ${line}`]);
  exposureHeader(ct, ["Country", "Hazard"], money);
  for (const country of t.countries)
    for (const r of country.hazards)
      for (const c of r.cells) exposureRow(ct, [`${country.countryCode} ${country.countryName}`, `${r.hazardId} ${r.hazardName}`], c);
  ct.commit();

  const tx = wb.addWorksheet("EU Taxonomy");
  tx.columns = [{ width: 22 }, { width: 10 }, { width: 46 }, { width: 18 }, ...Array.from({ length: 7 }, () => ({ width: 16 }))];
  mapsTo(tx, "taxonomy");
  exposureHeader(tx, ["Category", "Type", "Our hazards (Appendix A hazard)"], money);
  for (const r of t.taxonomy) {
    const cat = TAXONOMY_CATEGORIES.find((c) => c.id === r.category)!.name;
    const type = TAXONOMY_TYPES.find((x) => x.id === r.type)!.name;
    if (!r.hazards.length) {
      addRow(tx, [cat, type, r.notCovered ?? "not covered"]);
      continue;
    }
    const names = r.hazards.map((h) => `${h} ${HAZARDS[h].name} (${TAXONOMY_HAZARD_MAP[h].appendixHazard})`).join("; ");
    for (const c of r.cells) exposureRow(tx, [cat, type, names], c);
  }
  addRow(tx, []);
  addRow(tx, ["Acute and chronic totals (ESRS E1-9 para 66(a))"], true);
  exposureHeader(tx, ["Type", "", "Our hazards"], money);
  for (const r of t.acuteChronic)
    for (const c of r.cells) exposureRow(tx, [TAXONOMY_TYPES.find((x) => x.id === r.type)!.name, "", r.hazards.join(", ")], c);
  tx.commit();
}

function writeLegend(wb: ExcelJS.stream.xlsx.WorkbookWriter) {
  const sheet = wb.addWorksheet("Legend");
  sheet.columns = [{ width: 14 }, { width: 14 }, { width: 60 }];
  addRow(sheet, ["Level", "Name", "Value range (0-1)"], true);
  for (const l of RISK_LEVELS) addRow(sheet, [l.score, l.label, `${l.min} to ${l.score === 5 ? "1" : `< ${l.max}`}`]);
  addRow(sheet, ["n/a", "", "The hazard does not apply at this location (e.g. storm surge far inland)"]);
  addRow(sheet, ["no data", "", "The dataset holds no value for this hazard here"]);
  sheet.commit();
}

function openTarget(target: string | Writable): { stream: Writable; done: Promise<void> } {
  const stream = typeof target === "string" ? createWriteStream(target) : target;
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("close", () => resolve());
    stream.on("error", reject);
  });
  return { stream, done };
}

/**
 * Moves a sheet to the first tab. The streaming writer opens a sheet's part of the file as the sheet is added and
 * the zip takes parts one at a time, so a sheet written after another must also be added after it; the tabs follow
 * the order of the writer's sheet list, which is what this changes (the sheets keep their ids and file names).
 */
function firstTab(wb: ExcelJS.stream.xlsx.WorkbookWriter, sheet: Sheet) {
  const internals = wb as unknown as { _worksheets: (Sheet | undefined)[] };
  const others = internals._worksheets.filter((s) => s && s !== sheet);
  const ordered: (Sheet | undefined)[] = [];
  [sheet, ...others].forEach((s, i) => (ordered[i + 1] = s));
  internals._worksheets = ordered;
}

/**
 * The portfolio workbook: Summary, Locations (one row per input row: the user's id and columns, then the level
 * and the 0-1 value of every hazard × scenario × period), the disclosure sheets and a legend. Returns the
 * disclosure tables it wrote, so the report job keeps them without reading every row again.
 * The Summary is the first sheet but is written after the locations, and everything of `report` other than its
 * columns and locations is read then: a source may complete its figures in its pass over the locations (the report
 * job writes the workbook from its own pass).
 */
export async function writePortfolioXlsx(
  report: PortfolioReportSource,
  target: string | Writable,
  /** The disclosure tables when the caller gathers them (the report job does): not counted again. */
  gathered?: () => DisclosureTables,
): Promise<{ rows: number; disclosure: DisclosureTables }> {
  const { stream, done } = openTarget(target);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  wb.creator = "Climate risk platform";

  const userColumns = report.metadata.columns;
  const fixed = ["Row", "Asset id", "Name", "Status", "Reason", "Duplicate of row", "Country", "Region", "Hexagon", "Latitude", "Longitude", "Precision", "Weight"];
  const userHeaders = userColumns.map((c) => userColumnHeader(c, fixed));
  const locSheet = wb.addWorksheet("Locations", { views: [{ state: "frozen", xSplit: 2, ySplit: 1 }] });
  locSheet.columns = locationWidths(fixed, userHeaders);
  addRow(locSheet, [...fixed, ...userHeaders, ...HAZARD_SLOT_HEADERS], true);
  const locRows = new SheetRowWriter(locSheet, 2);

  const acc = new DisclosureAccumulator();
  const fixedCount = fixed.length + userColumns.length;
  // Score cells per hexagon's scores, bounded: a book's rows cluster in few hexagons.
  const scoreCells = new Map<LocationScores, RowCells>();
  let rows = 0;
  for await (const loc of openLocations(report)) {
    if (!gathered) acc.add(loc);
    rows++;
    let tail = loc.scores ? scoreCells.get(loc.scores) : undefined;
    if (!tail && loc.scores) {
      if (scoreCells.size >= SCORE_CELLS_CACHE_MAX) scoreCells.clear();
      scoreCells.set(loc.scores, (tail = locRows.tailCells(scoreValues(loc.scores), fixedCount)));
    }
    locRows.add([
      loc.rowNumber,
      loc.assetId,
      loc.name,
      loc.status,
      loc.reason ?? "",
      loc.duplicateOf ?? null,
      loc.countryCode,
      loc.regionCode,
      loc.hexagon,
      loc.lat,
      loc.lon,
      loc.lat === null ? "" : (loc.precision ?? POINT_PRECISION.given),
      loc.weight,
      ...userColumns.map((c) => userCellValue(loc.userColumns[c] ?? "")),
    ], tail);
    await backpressure(locSheet, rows);
  }
  locRows.flush();
  locSheet.commit();

  wb.created = new Date(report.metadata.createdAt);
  const summary = writeMetadataSheet(wb, report, "Portfolio climate risk report");
  writeAggregates(summary, report);
  summary.commit();
  const disclosure = gathered?.() ?? acc.result(report.metadata, report);
  writeDisclosureSheets(wb, disclosure);
  writeLegend(wb);
  firstTab(wb, summary);
  await wb.commit();
  await done;
  return { rows, disclosure };
}

/** The corporate disclosure workbook: audit trail, then the disclosure tables. */
export async function writeDisclosureXlsx(
  report: Pick<PortfolioReportSource, "metadata">,
  tables: DisclosureTables,
  target: string | Writable,
): Promise<void> {
  const { stream, done } = openTarget(target);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const summary = writeMetadataSheet(wb, report, "Physical climate risk disclosure");
  addRow(summary, []);
  for (const line of DISCLOSURE_TABLES.audit.mapsTo) addRow(summary, ["Maps to", line]);
  addRow(summary, []);
  addRow(summary, ["Rows in the input file", tables.totals.rows]);
  addRow(summary, ["Assessed assets", tables.totals.validAssets]);
  addRow(summary, ["Rows left out (see the portfolio report for reasons)", tables.totals.excludedAssets]);
  addRow(summary, [tables.money ? `Total value of assessed assets (${tables.money.currency})` : "Total weighted value", tables.totals.weight]);
  addRow(summary, ["Assets without a weight", tables.totals.missingWeight]);
  addRow(summary, ["Material risk threshold", `level >= ${tables.threshold} (High)`]);
  summary.commit();
  writeDisclosureSheets(wb, tables);
  writeLegend(wb);
  await wb.commit();
  await done;
}

/** Bytes of a sheet allowed to wait for the zip before the writer pauses. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/** The sheet stream's pipes are readable-stream v2 PassThroughs (no writableLength): their states hold the counts. */
interface QueueView {
  pipes?: { _writableState?: { length: number }; _readableState?: { length: number } }[];
}

/**
 * exceljs writes committed rows on to the zip's entry stream without waiting for it (its stream ignores the
 * answer of write()), so a fast producer piles up the whole sheet in memory: hundreds of MB per 100k rows. Wait
 * while what is queued there is over MAX_QUEUED_BYTES (measured: RSS then stays flat, where it grew by about
 * 7 KB a row); this also lets the server keep answering.
 */
async function backpressure(sheet: Sheet, n: number) {
  if (n % 100 !== 0) return;
  const stream = (sheet as unknown as { stream?: QueueView }).stream;
  const queued = () => (stream?.pipes ?? []).reduce((sum, p) => sum + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
  while (queued() > MAX_QUEUED_BYTES) await new Promise((r) => setTimeout(r, 2));
  if (n % 2000 === 0) await new Promise((r) => setImmediate(r));
}

