/**
 * PDF report files drawn with pdfkit and written page by page to a file or stream (no page buffering), so a long
 * per-location appendix does not grow memory. Charts are vector shapes drawn with pdfkit primitives.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { AGGREGATE_BAND_MEANING, bandSentence } from "~/risk/explain/band-meanings";
import {
  DISCLOSURE_TABLES,
  MATERIAL_RISK_LEVEL,
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  cellFor,
  formatShare,
  slotLabel,
  type DisclosureTables,
} from "~/domain/reports/disclosure";
import { formatAmount } from "~/domain/commerce/invoicing/money";
import { VALUE_COLUMN_TEXT, formatMoney, moneyBasis } from "~/domain/portfolio/columns/value-column";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { APPENDIX_FUTURE, ReportFileTotals } from "~/domain/reports/file-totals";
import type { LevelCountRow } from "~/domain/reports/level-counts";
import { openLocations, type AssessedLocation, type PortfolioReportSource, type ReportMetadata, type SlotScore } from "~/domain/reports/types";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { BASELINE_YEARS, FUTURE_PERIOD_IDS, FUTURE_SCENARIO_IDS, GLOBAL_WARMING_LEVEL, HISTORICAL_LABEL, HISTORICAL_SHORT, SCENARIOS, SLOTS, slotIndex, type FuturePeriodId, type PeriodId, type ScenarioId } from "~/domain/hazards/scenarios";
import { SITE_NAME } from "~/domain/content/site";
import { BRAND, MUTED, TEXT, pdfSafeText } from "./pdf-toolkit.server";
import { engineHazardReasons, type HazardReasons } from "../hazard-reasons.server";

export type Doc = InstanceType<typeof PDFDocument>;

export { BRAND, MUTED, TEXT };
const RULE = "#cbd5e1";
const NA_COLOUR = "#cbd5e1";


export function t(s: string | number | null | undefined): string {
  return pdfSafeText(s === null || s === undefined ? "" : String(s));
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function levelText(s: SlotScore | undefined | null): string {
  if (!s) return "";
  if (s.level !== null) return String(s.level);
  return s.applicable ? "-" : "n/a";
}

/** Bytes a file stream takes per write: a large PDF goes out in a few big writes rather than thousands of 16 KB ones. */
const FILE_WRITE_BYTES = 1 << 20;
/**
 * Bytes of finished PDF a writer may hold before it waits for the file. pdfkit pushes what it writes without
 * backpressure: a 1M-row appendix outran its file and held over 100 MB of small buffers until the end.
 */
const PDF_BACKLOG_BYTES = 4 << 20;

export interface OpenDoc {
  doc: Doc;
  /** Settles when the whole document is in its target. */
  done: Promise<void>;
  /** Waits while more than PDF_BACKLOG_BYTES wait for the target: a long writer calls it between rows. */
  caughtUp: () => Promise<void> | null;
  /** Stops writing and closes the target, the document unfinished (its caller discards the file). */
  abort: () => Promise<void>;
  /** Numbers every page in its footer and ends the document (then await `done`). */
  end: () => void;
  /** Numbers the pages drawn so far and sends them to the target: for a long table, before each new page. */
  flushPages: () => void;
}

export function openDoc(
  target: string | Writable,
  title: string,
  backlogBytes = PDF_BACKLOG_BYTES,
  /** The first page's layout; null when the caller adds the first page itself. */
  firstPageLayout: "portrait" | "landscape" | null = "portrait",
): OpenDoc {
  const stream = typeof target === "string" ? createWriteStream(target, { highWaterMark: FILE_WRITE_BYTES }) : target;
  const doc = new PDFDocument({
    size: "A4",
    autoFirstPage: false,
    margins: { top: 50, bottom: 56, left: 50, right: 50 },
    // Pages stay open until the end, when each gets its numbered footer (pdfkit's switchToPage).
    bufferPages: true,
    info: { Title: t(title), Author: SITE_NAME, Creator: SITE_NAME },
  });
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("close", () => resolve());
    stream.on("error", reject);
    doc.on("error", reject);
  });
  // A writer that stops at the target's error (caughtUp) may never await `done`: its rejection is not unhandled.
  done.catch(() => undefined);
  doc.pipe(stream);
  if (firstPageLayout) doc.addPage({ layout: firstPageLayout });
  const behind = () => doc.readableLength > backlogBytes && stream.writableNeedDrain && !stream.destroyed;
  const caughtUp = () => (behind() ? waitForDrain(stream, behind) : null);
  const abort = async () => {
    doc.unpipe(stream);
    if (!stream.destroyed) {
      const closed = once(stream, "close").catch(() => undefined);
      stream.destroy();
      await closed;
    }
  };
  const footer = (n: number) => `${SITE_NAME} - ${t(title)} - page ${n}`;
  const end = () => {
    numberPages(doc, footer);
    doc.end();
  };
  const flushPages = () => {
    const { x, y } = doc;
    numberPages(doc, footer);
    doc.flushPages();
    doc.x = x;
    doc.y = y;
  };
  return { doc, done, caughtUp, abort, end, flushPages };
}

const FOOTER_SIZE = 7.5;
/** Top of the footer line, above the page's bottom edge. */
const FOOTER_FROM_BOTTOM = 34;

/**
 * Writes every buffered page's footer, "… page n", centred below the page's bottom margin. Pages are buffered
 * (pdfkit's bufferPages) until numbered; a page's number is its place in the document, known once it is added.
 */
function numberPages(doc: Doc, footerText: (page: number) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { page } = doc;
    const bottom = page.margins.bottom;
    // Text below the bottom margin would start a new page: the margin is lifted while the footer is written.
    page.margins.bottom = 0;
    const text = footerText(i + 1);
    doc.font("Helvetica").fontSize(FOOTER_SIZE).fillColor(MUTED);
    const x = page.margins.left + (page.width - page.margins.left - page.margins.right - doc.widthOfString(text)) / 2;
    doc.text(text, x, page.height - FOOTER_FROM_BOTTOM, { lineBreak: false });
    page.margins.bottom = bottom;
  }
}

/** Resolves once the target has drained enough or closed; rejects with the target's error. */
async function waitForDrain(stream: Writable, behind: () => boolean) {
  while (behind()) {
    const stop = new AbortController();
    try {
      await Promise.race([once(stream, "drain", { signal: stop.signal }), once(stream, "close", { signal: stop.signal })]);
    } finally {
      stop.abort();
    }
  }
}

export function contentWidth(doc: Doc) {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

export function ensureSpace(doc: Doc, height: number, layout?: "landscape" | "portrait") {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage(layout ? { layout } : {});
}

export function heading(doc: Doc, text: string, size = 15) {
  ensureSpace(doc, size * 3);
  doc.moveDown(0.4).font("Helvetica-Bold").fontSize(size).fillColor(BRAND).text(t(text), doc.page.margins.left);
  doc.moveDown(0.3).font("Helvetica").fontSize(9.5).fillColor(TEXT);
}

export function para(doc: Doc, text: string, opts: { size?: number; colour?: string } = {}) {
  doc
    .font("Helvetica")
    .fontSize(opts.size ?? 9.5)
    .fillColor(opts.colour ?? TEXT)
    .text(t(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** The text cut to fit a width in the current font, with "..." when cut. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0,
    hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.widthOfString(`${text.slice(0, mid)}...`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}...`;
}

type TableOptions = {
  size?: number;
  layout?: "landscape" | "portrait";
  /** Called before the table starts a new page (OpenDoc.flushPages sends the full pages on). */
  beforeNewPage?: () => void;
};

/** A simple grid table; repeats its header on a new page. */
export function table(doc: Doc, columns: Column[], rows: string[][], opts: TableOptions = {}) {
  const writer = tableWriter(doc, columns, opts);
  for (const r of rows) writer.row(r);
  writer.end();
}

/**
 * A table written a row at a time: its header once, then again on each new page. Each cell is one line, cut to
 * its column's width and placed by its alignment, so pdfkit writes it without its line wrapper.
 */
function tableWriter(doc: Doc, columns: Column[], opts: TableOptions = {}): { row: (cells: string[]) => void; end: () => void } {
  const size = opts.size ?? 8;
  const rowH = size + 6;
  const left = doc.page.margins.left;
  const total = columns.reduce((a, c) => a + c.width, 0);
  const drawRow = (cells: string[], bold: boolean) => {
    ensureSpace(doc, rowH + 2, opts.layout);
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(size).fillColor(TEXT);
    const count = Math.min(cells.length, columns.length);
    let x = left;
    for (let i = 0; i < count; i++) {
      const c = columns[i]!;
      // a short row's last cell spans the remaining columns
      const spans = i === cells.length - 1 && i < columns.length - 1;
      const width = spans ? total - (x - left) : c.width;
      const text = fit(doc, t(cells[i] ?? "").replace(/\s*\n\s*/g, " "), width - 4);
      if (text) {
        const align = spans ? "left" : (c.align ?? "left");
        const inner = width - 4;
        const dx = align === "left" ? 0 : align === "right" ? inner - doc.widthOfString(text.replace(/\s+$/, "")) : (inner - doc.widthOfString(text)) / 2;
        doc.text(text, x + 2 + dx, y + 3, { lineBreak: false });
      }
      x += c.width;
    }
    doc.moveTo(left, y + rowH).lineTo(left + total, y + rowH).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.x = left;
    doc.y = y + rowH;
  };
  drawRow(columns.map((c) => c.header), true);
  return {
    row(cells) {
      if (doc.y + rowH + 2 > doc.page.height - doc.page.margins.bottom) {
        opts.beforeNewPage?.();
        doc.addPage(opts.layout ? { layout: opts.layout } : {});
        drawRow(columns.map((c) => c.header), true);
      }
      drawRow(cells, false);
    },
    end() {
      doc.moveDown(0.6);
    },
  };
}

/** Horizontal grouped bars: share of assets at High or above per hazard, for a few slots. */
function barChart(doc: Doc, tables: DisclosureTables, slots: { scenario: ScenarioId; period: PeriodId; colour: string }[]) {
  const left = doc.page.margins.left;
  const labelW = 110;
  const barMax = contentWidth(doc) - labelW - 50;
  const barH = 5;
  const groupH = barH * slots.length + 6;
  ensureSpace(doc, groupH * tables.hazards.length + 40);
  let y = doc.y;
  // legend
  slots.forEach((s, i) => {
    const x = left + labelW + i * 120;
    doc.rect(x, y, 8, 8).fill(s.colour);
    doc.font("Helvetica").fontSize(8).fillColor(TEXT).text(t(slotLabel(s.scenario, s.period)), x + 12, y, { lineBreak: false });
  });
  y += 16;
  for (const row of tables.hazards) {
    doc.font("Helvetica").fontSize(8).fillColor(TEXT).text(t(row.hazardName), left, y + 2, { width: labelW - 6, lineBreak: false });
    slots.forEach((s, i) => {
      const share = cellFor(row.cells, s.scenario, s.period)?.shareAssets ?? 0;
      const by = y + i * barH;
      doc.rect(left + labelW, by, Math.max(0.5, share * barMax), barH - 1).fill(s.colour);
      if (i === slots.length - 1 || share > 0)
        doc
          .font("Helvetica")
          .fontSize(6)
          .fillColor(MUTED)
          .text(formatShare(share), left + labelW + share * barMax + 3, by - 1, { lineBreak: false });
    });
    y += groupH;
  }
  doc.moveTo(left + labelW, doc.y).fillColor(TEXT);
  doc.x = left;
  doc.y = y + 6;
}

/** A pie of locations by level, with its legend. */
function pieChart(doc: Doc, counts: { label: string; colour: string; count: number }[], title: string) {
  const total = counts.reduce((a, c) => a + c.count, 0);
  ensureSpace(doc, 150);
  const left = doc.page.margins.left;
  const top = doc.y;
  const r = 55;
  const cx = left + r + 10;
  const cy = top + r + 16;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(TEXT).text(t(title), left, top, { lineBreak: false });
  if (total === 0) {
    doc.circle(cx, cy, r).fill(NA_COLOUR);
  } else {
    let a0 = -Math.PI / 2;
    for (const c of counts) {
      if (!c.count) continue;
      const a1 = a0 + (c.count / total) * Math.PI * 2;
      if (c.count === total) doc.circle(cx, cy, r).fill(c.colour);
      else {
        const large = a1 - a0 > Math.PI ? 1 : 0;
        const x0 = cx + r * Math.cos(a0),
          y0 = cy + r * Math.sin(a0),
          x1 = cx + r * Math.cos(a1),
          y1 = cy + r * Math.sin(a1);
        doc.path(`M ${cx} ${cy} L ${x0} ${y0} A ${r} ${r} 0 ${large} 1 ${x1} ${y1} Z`).fill(c.colour);
      }
      a0 = a1;
    }
  }
  let ly = top + 20;
  for (const c of counts) {
    doc.rect(cx + r + 20, ly, 8, 8).fill(c.colour);
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(TEXT)
      .text(`${t(c.label)}: ${c.count} (${formatShare(total ? c.count / total : null)})`, cx + r + 32, ly, { lineBreak: false });
    ly += 13;
  }
  doc.x = left;
  doc.y = Math.max(cy + r, ly) + 12;
}

function auditRows(m: ReportMetadata): string[][] {
  return [
    ["Report id", m.reportId],
    ["Prepared for", m.user.name ? `${m.user.name} <${m.user.email}>` : m.user.email],
    ["Created", formatDate(m.createdAt)],
    ["Input file", m.inputFile.name],
    ["Input file SHA-256", m.inputFile.sha256],
    ["Weighting column", m.weightingColumn ?? WEIGHTING_TEXT.none],
    ["Currency of the amounts", moneyBasis(m.weightingColumn, m.valueCurrency)?.currency ?? "none: no amounts in money"],
    ["Risk dataset version", m.datasetVersion],
    ["Methodology version", m.methodologyVersion],
  ];
}

function cover(doc: Doc, title: string, m: ReportMetadata) {
  doc.font("Helvetica-Bold").fontSize(10).fillColor(BRAND).text(SITE_NAME.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(4);
  doc.font("Helvetica-Bold").fontSize(26).fillColor(TEXT).text(t(title));
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(12).fillColor(MUTED).text(t(m.inputFile.name));
  doc.moveDown(2);
  table(doc, [
    { header: "", width: 140 },
    { header: "", width: contentWidth(doc) - 140 },
  ], auditRows(m), { size: 9 });
}

export function methodology(doc: Doc, m: Pick<ReportMetadata, "datasetVersion" | "methodologyVersion">) {
  heading(doc, "Methodology and dataset");
  para(
    doc,
    `Scores come from the ${SITE_NAME} hazard engine, dataset version ${m.datasetVersion}, methodology version ${m.methodologyVersion}. Each location is placed in its H3 resolution-4 cell (about 1,770 km2) and takes that cell's value in [0, 1] for each hazard, scenario and horizon. The values are relative screening indices, not probabilities: a 1950-1999 observed climatology shifted by the IPCC AR6 assessed global warming of each scenario and horizon, plus AR6 global sea-level rise.`,
  );
  table(
    doc,
    [
      { header: "Level", width: 50 },
      { header: "Name", width: 90 },
      { header: "Value range", width: 120 },
    ],
    RISK_LEVELS.map((l) => [String(l.score), l.label, `${l.min} to ${l.score === 5 ? "1" : `< ${l.max}`}`]),
  );
  para(doc, "What each level means in physical units, from the thresholds of each hazard's formula:", { size: 9 });
  for (const h of PER_HAZARD_IDS) para(doc, bandSentence(h), { size: 8 });
  para(doc, `Aggregate: ${AGGREGATE_BAND_MEANING}.`, { size: 8 });
  table(
    doc,
    [
      { header: "Scenario", width: 80 },
      { header: "SSP used", width: 80 },
      { header: "Warming 2030 / 2040 / 2050 (C above 1850-1900)", width: 240 },
    ],
    (["rcp26", "rcp45", "rcp85"] as const).map((s) => [
      SCENARIOS[s].name,
      SCENARIOS[s].ssp ?? "",
      (["2030", "2040", "2050"] as FuturePeriodId[]).map((p) => GLOBAL_WARMING_LEVEL[s][p].toFixed(2)).join(" / "),
    ]),
  );
  para(
    doc,
    `"n/a" means the hazard does not apply at the location (for example storm surge far inland); "-" means the dataset holds no value there. Neither is counted as a low score. The aggregate (AL) is the mean of the three highest applicable hazards. The full methodology, inputs and licences are in the methodology document.`,
    { colour: MUTED, size: 8.5 },
  );
}

function hazardTables(doc: Doc, levelRow: (h: HazardId, slot: number) => LevelCountRow) {
  heading(doc, "Locations by risk level, per hazard");
  const w = contentWidth(doc);
  const cols: Column[] = [
    { header: "Scenario / horizon", width: w - 8 * 48 },
    ...RISK_LEVELS.map((l) => ({ header: l.label, width: 48, align: "right" as const })),
    { header: "n/a", width: 48, align: "right" },
    { header: "no data", width: 48, align: "right" },
    { header: `>= ${RISK_LEVELS[MATERIAL_RISK_LEVEL - 1]!.label}`, width: 48, align: "right" },
  ];
  for (const h of HAZARD_IDS) {
    ensureSpace(doc, 14 * 12 + 30);
    doc.font("Helvetica-Bold").fontSize(10.5).fillColor(HAZARDS[h].colour).text(`${h} ${t(HAZARDS[h].name)}`, doc.page.margins.left);
    doc.moveDown(0.2);
    table(
      doc,
      cols,
      SLOTS.map((s) => {
        const r = levelRow(h, s.index);
        const scored = r[0] + r[1] + r[2] + r[3] + r[4] + r[5] + r[6];
        const atRisk = r[2] + r[3] + r[4];
        return [slotLabel(s.scenario, s.period), ...r.map(String), formatShare(scored ? atRisk / scored : null)];
      }),
    );
  }
}

/**
 * The amounts in money at High or above (ESRS E1-9 para 66(a) and (c), IFRS S2 para 29(b)): per hazard, one table
 * per scenario with every horizon, then per country and hazard for the chosen slot. The currency heads each column.
 */
function amountSections(doc: Doc, tables: DisclosureTables, countrySlot: { scenario: ScenarioId; period: PeriodId }) {
  const money = tables.money ?? null;
  heading(doc, DISCLOSURE_TABLES.amounts.title);
  if (!money) {
    para(doc, VALUE_COLUMN_TEXT.noAmounts, { size: 8.5 });
    return;
  }
  for (const line of DISCLOSURE_TABLES.amounts.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(doc, `${VALUE_COLUMN_TEXT.basis(money)} Total value of the assessed assets: ${formatMoney(tables.totals.weight, money.currency)}.`, { size: 8.5 });
  const w = contentWidth(doc);
  for (const scenario of FUTURE_SCENARIO_IDS) {
    const slots = [slotIndex("hist", "hist"), ...FUTURE_PERIOD_IDS.map((p) => slotIndex(scenario, p))];
    const cols: Column[] = [
      { header: "Hazard", width: 110 },
      ...slots.map((si) => ({ header: `${slotLabel(SLOTS[si]!.scenario, SLOTS[si]!.period)} (${money.currency})`, width: (w - 110) / slots.length, align: "right" as const })),
    ];
    para(doc, `Amount at High or above, ${SCENARIOS[scenario].name} (share of value in brackets).`, { size: 8.5 });
    table(doc, cols, tables.hazards.map((r) => [r.hazardName, ...slots.map((si) => `${formatAmount(r.cells[si]!.weightAtRisk)} (${formatShare(r.cells[si]!.shareWeight)})`)]), { size: 7 });
  }
  const si = slotIndex(countrySlot.scenario, countrySlot.period);
  heading(doc, `${DISCLOSURE_TABLES.countryAmounts.title} (${slotLabel(countrySlot.scenario, countrySlot.period)}, ${money.currency})`);
  for (const line of DISCLOSURE_TABLES.countryAmounts.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(doc, "Hazards with no amount at High or above in a country are left out of its rows.", { size: 8.5 });
  const aw = (w - 230) / 3;
  table(
    doc,
    [
      { header: "Country", width: 120 },
      { header: "Hazard", width: 110 },
      { header: `Value of assets (${money.currency})`, width: aw, align: "right" },
      { header: `At High or above, ${HISTORICAL_SHORT} (${money.currency})`, width: aw, align: "right" },
      { header: `At High or above, ${slotLabel(countrySlot.scenario, countrySlot.period)} (${money.currency})`, width: aw, align: "right" },
    ],
    tables.countries.flatMap((c) =>
      c.hazards
        .filter((r) => r.cells[0]!.weightAtRisk > 0 || r.cells[si]!.weightAtRisk > 0)
        .map((r) => [
          `${c.countryCode} ${c.countryName}`,
          r.hazardName,
          formatAmount(c.weight),
          `${formatAmount(r.cells[0]!.weightAtRisk)} (${formatShare(r.cells[0]!.shareWeight)})`,
          `${formatAmount(r.cells[si]!.weightAtRisk)} (${formatShare(r.cells[si]!.shareWeight)})`,
        ]),
    ),
    { size: 7 },
  );
}

/** Disclosure sections shared by the portfolio report and the corporate export. */
function disclosureSections(doc: Doc, tables: DisclosureTables, countrySlot: { scenario: ScenarioId; period: PeriodId }) {
  const w = contentWidth(doc);
  const mapsTo = (key: keyof typeof DISCLOSURE_TABLES) => {
    for (const line of DISCLOSURE_TABLES[key].mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  };
  heading(doc, DISCLOSURE_TABLES.hazards.title);
  mapsTo("hazards");
  const shareCols: Column[] = [
    { header: "Hazard", width: 120 },
    ...SLOTS.map((s) => ({ header: s.scenario === "hist" ? HISTORICAL_SHORT : `${SCENARIOS[s.scenario].name.replace("RCP", "")} ${s.period.slice(2)}`, width: (w - 120) / SLOTS.length, align: "right" as const })),
  ];
  para(doc, "Share of assets at High or above (column: RCP and year).", { size: 8.5 });
  table(doc, shareCols, tables.hazards.map((r) => [r.hazardName, ...r.cells.map((c) => formatShare(c.shareAssets))]), { size: 7 });
  para(doc, "Share of weighted value at High or above.", { size: 8.5 });
  table(doc, shareCols, tables.hazards.map((r) => [r.hazardName, ...r.cells.map((c) => (c.weight ? formatShare(c.shareWeight) : "n/a"))]), { size: 7 });
  amountSections(doc, tables, countrySlot);

  heading(doc, DISCLOSURE_TABLES.taxonomy.title);
  mapsTo("taxonomy");
  const si = slotIndex(countrySlot.scenario, countrySlot.period);
  table(
    doc,
    [
      { header: "Category", width: 95 },
      { header: "Type", width: 50 },
      { header: "Our hazards", width: w - 95 - 50 - 3 * 62 },
      { header: "Assets hist.", width: 62, align: "right" },
      { header: `Assets ${slotLabel(countrySlot.scenario, countrySlot.period)}`, width: 62, align: "right" },
      { header: "Value hist.", width: 62, align: "right" },
    ],
    [
      ...tables.taxonomy.map((r) => [
        TAXONOMY_CATEGORIES.find((c) => c.id === r.category)!.name,
        TAXONOMY_TYPES.find((x) => x.id === r.type)!.name,
        r.hazards.length ? r.hazards.map((h) => `${HAZARDS[h].name} (${TAXONOMY_HAZARD_MAP[h].appendixHazard})`).join(", ") : (r.notCovered ?? ""),
        r.hazards.length ? formatShare(r.cells[0]!.shareAssets) : "not scored",
        r.hazards.length ? formatShare(r.cells[si]!.shareAssets) : "",
        r.hazards.length ? formatShare(r.cells[0]!.shareWeight) : "",
      ]),
      ...tables.acuteChronic.map((r) => [
        "All",
        TAXONOMY_TYPES.find((x) => x.id === r.type)!.name,
        r.hazards.join(", "),
        formatShare(r.cells[0]!.shareAssets),
        formatShare(r.cells[si]!.shareAssets),
        formatShare(r.cells[0]!.shareWeight),
      ]),
    ],
    { size: 7 },
  );

  heading(doc, `${DISCLOSURE_TABLES.countries.title} (${slotLabel(countrySlot.scenario, countrySlot.period)})`);
  mapsTo("countries");
  const cw = (w - 110) / PER_HAZARD_IDS.length;
  table(
    doc,
    [{ header: "Country (assets)", width: 110 }, ...PER_HAZARD_IDS.map((h) => ({ header: h, width: cw, align: "right" as const }))],
    tables.countries.map((c) => [
      `${c.countryCode} ${c.countryName} (${c.assets})`,
      ...c.hazards.map((r) => formatShare(r.cells[si]!.shareAssets)),
    ]),
    { size: 6.5 },
  );
}

/** The appendix table's columns, on a landscape page. */
function appendixColumns(doc: Doc): Column[] {
  const w = contentWidth(doc);
  const hw = 28;
  const fixed = w - hw * HAZARD_IDS.length;
  return [
    { header: "Row", width: 32 },
    { header: "Asset id", width: 64 },
    { header: "Name", width: fixed - 32 - 64 - 32 - 40 - 70 },
    { header: "Dup. of", width: 32 },
    { header: "Country", width: 40 },
    { header: "Lat, lon", width: 70 },
    ...HAZARD_IDS.map((h) => ({ header: h, width: hw, align: "center" as const })),
  ];
}

const APPENDIX_FUTURE_SLOT = slotIndex(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period);

/** A location's row in the appendix, as the texts of its cells. */
export function appendixCells(loc: AssessedLocation): string[] {
  const futureSlot = APPENDIX_FUTURE_SLOT;
  const coords = loc.lat !== null && loc.lon !== null ? `${loc.lat.toFixed(3)}, ${loc.lon.toFixed(3)}` : "";
  // the name cell says when the point is not the file's own (a city centroid, swapped coordinates)
  const name = loc.precision ? `${loc.name} [${loc.precision}]`.trim() : loc.name;
  const head = [String(loc.rowNumber), loc.assetId, name, loc.duplicateOf ? `row ${loc.duplicateOf}` : "", loc.countryCode ?? "", coords];
  if (loc.status !== "valid" || !loc.scores) return [...head, `Left out: ${loc.reason ?? "no reason recorded"}`];
  return [
    ...head,
    ...HAZARD_IDS.map((h: HazardId) => {
      const hist = levelText(loc.scores![h]?.[0]);
      const future = levelText(loc.scores![h]?.[futureSlot]);
      return hist === future && !/^\d$/.test(hist) ? hist : `${hist}/${future}`;
    }),
  ];
}

/** Hazards explained per location: its highest. */
const EXPLAINED_HAZARDS = 3;

/** A most exposed location's heading and its highest hazards explained in plain sentences. */
export interface ExplainedLocation {
  heading: string;
  lines: string[];
}

/** Each most exposed location's highest hazards, today and in the appendix's future slot, in the engine's words. */
function explainExposed(top: readonly AssessedLocation[], reasons: HazardReasons): ExplainedLocation[] {
  const future = APPENDIX_FUTURE_SLOT;
  const futureLabel = slotLabel(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period);
  return top.map((loc) => {
    const scores = loc.scores!;
    const level = (h: HazardId, i: number) => scores[h]?.[i]?.level ?? 0;
    const hazards = PER_HAZARD_IDS.filter((h) => level(h, 0) || level(h, future))
      .sort((a, b) => level(b, 0) * 10 + level(b, future) - (level(a, 0) * 10 + level(a, future)))
      .slice(0, EXPLAINED_HAZARDS);
    const lines = hazards.flatMap((h) =>
      ([["hist", "hist", HISTORICAL_LABEL], [APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period, futureLabel]] as const).flatMap(([scenario, period, label]) => {
        const text = reasons(loc, h, { scenario, period });
        return text ? [`${HAZARDS[h].name}, ${label}: ${text}`] : [];
      }),
    );
    const coords = loc.lat !== null && loc.lon !== null ? `, ${loc.lat.toFixed(3)}, ${loc.lon.toFixed(3)}` : "";
    return { heading: `Row ${loc.rowNumber}${loc.name ? ` ${loc.name}` : ""}${coords} (hexagon ${loc.hexagon})`, lines };
  });
}

/** Why the most exposed locations score as they do: each one's highest hazards in the engine's plain sentences. */
function exposedReasons(doc: Doc, explained: readonly ExplainedLocation[]) {
  if (!explained.length) return;
  ensureSpace(doc, 120);
  heading(doc, "Why the most exposed locations score as they do");
  const futureLabel = slotLabel(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period);
  para(
    doc,
    `The ${explained.length === 1 ? "location" : `${explained.length} locations`} with the highest aggregate level in the historical (${BASELINE_YEARS}) climate (then in ${futureLabel}), each with its highest hazards in plain words: the same sentences as the dashboard and the API.`,
    { size: 8.5, colour: MUTED },
  );
  for (const { heading: title, lines } of explained) {
    ensureSpace(doc, 60);
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(TEXT).text(t(title), doc.page.margins.left);
    for (const line of lines.length ? lines : ["No explanation is available for this hexagon."]) para(doc, line, { size: 8.5 });
    doc.moveDown(0.3);
  }
}

/**
 * What the portfolio report's first pages show, gathered from every row: plain data, so that a worker thread that
 * writes the PDF can draw them (explanations already in words, level counts as numbers).
 */
export interface PortfolioPdfFront {
  title: string;
  metadata: ReportMetadata;
  stats: PortfolioReportSource["output_request_stats"];
  overall: PortfolioReportSource["output_risks_overall_estimate"];
  /** Locations by level, per hazard (HAZARD_IDS order) and slot. */
  levels: LevelCountRow[][];
  tables: DisclosureTables;
  exposed: ExplainedLocation[];
}

export function portfolioPdfFront(
  report: Omit<PortfolioReportSource, "locations">,
  totals: ReportFileTotals,
  reasons: HazardReasons = engineHazardReasons(),
  title = PORTFOLIO_PDF_TITLE,
): PortfolioPdfFront {
  return {
    title,
    metadata: report.metadata,
    stats: report.output_request_stats,
    overall: report.output_risks_overall_estimate,
    levels: HAZARD_IDS.map((h) => SLOTS.map((s) => totals.levels.row(h, s.index))),
    tables: totals.disclosure.result(report.metadata, report),
    exposed: explainExposed(totals.exposed.top, reasons),
  };
}

export const PORTFOLIO_PDF_TITLE = "Portfolio climate risk report";

/** Cover, summary, charts, per-hazard tables, explanations, disclosure tables, methodology and dataset version. */
function frontPages(doc: Doc, front: PortfolioPdfFront) {
  const { tables, stats: st, overall: o } = front;
  const levelRow = (h: HazardId, slot: number) => front.levels[HAZARD_IDS.indexOf(h)]![slot]!;
  doc.addPage();
  cover(doc, front.title, front.metadata);

  doc.addPage();
  heading(doc, "Summary");
  table(
    doc,
    [
      { header: "Rows in the file", width: 100, align: "right" },
      { header: "Assessed", width: 80, align: "right" },
      { header: "Left out", width: 80, align: "right" },
      { header: "Countries", width: 80, align: "right" },
      { header: "Hexagons", width: 80, align: "right" },
    ],
    [[String(tables.totals.rows), String(tables.totals.validAssets), String(tables.totals.excludedAssets), String(st.country_number), String(st.hexagon_number)]],
    { size: 9 },
  );
  const est = (s: { value: number | null; score: number | null }) => (s.value === null ? "no data" : `${s.value.toFixed(3)} (level ${s.score})`);
  para(doc, "Overall estimate: weighted mean of the aggregate hazard (AL).", { size: 9 });
  table(
    doc,
    [
      { header: "Scenario / horizon", width: 160 },
      { header: "Value (level)", width: 140 },
    ],
    [
      [HISTORICAL_LABEL, est(o.hist)],
      ...SLOTS.filter((s) => s.scenario !== "hist").map((s) => {
        const v = o.future[s.scenario as "rcp26"]?.[s.period as FuturePeriodId];
        return [slotLabel(s.scenario, s.period), v ? est(v) : "no data"];
      }),
    ],
  );
  const al = levelRow("AL", 0);
  pieChart(
    doc,
    [
      ...RISK_LEVELS.map((l, i) => ({ label: l.label, colour: l.colour, count: al[i]! })),
      { label: "No score", colour: NA_COLOUR, count: al[5] + al[6] },
    ],
    `Locations by aggregate risk level, historical (${BASELINE_YEARS})`,
  );

  heading(doc, "Share of assets at High or above, by hazard");
  barChart(doc, tables, [
    { scenario: "hist", period: "hist", colour: "#94a3b8" },
    { scenario: "rcp45", period: "2050", colour: "#f59e0b" },
    { scenario: "rcp85", period: "2050", colour: "#dc2626" },
  ]);

  doc.addPage();
  hazardTables(doc, levelRow);
  exposedReasons(doc, front.exposed);
  doc.addPage();
  disclosureSections(doc, tables, { scenario: "rcp45", period: "2050" });
  doc.addPage();
  methodology(doc, front.metadata);
}

/**
 * Rows of the input file the PDF's appendix lists. A PDF of a million rows is 25,000 pages nobody reads, and
 * drawing it was a third of a large report's work; every row is in the XLSX workbook, which the appendix says.
 */
export const PDF_APPENDIX_MAX_ROWS = 5_000;

/**
 * The portfolio report PDF: rows come as the report job assesses them, but the first pages need the totals of all
 * rows, so the appendix's rows (the first PDF_APPENDIX_MAX_ROWS of them) are kept until the end and the document
 * is drawn in order once every row has passed.
 */
export class PortfolioPdfWriter {
  private readonly opened: OpenDoc;
  private readonly kept: string[][] = [];
  private count = 0;

  constructor(target: string | Writable, title = PORTFOLIO_PDF_TITLE) {
    this.opened = openDoc(target, title, undefined, null);
  }

  /** One row of the appendix (appendixCells); rows past the appendix's length are only counted. */
  row(cells: string[]): null {
    if (this.count++ < PDF_APPENDIX_MAX_ROWS) this.kept.push(cells);
    return null;
  }

  /** Settles when the file is complete; rejects as soon as the target fails (it may fail long before finish). */
  get done(): Promise<void> {
    return this.opened.done;
  }

  /** Counts `n` more rows of the file that were not handed over (past the appendix's length). */
  countRows(n: number): void {
    this.count += n;
  }

  /** Draws the first pages, then the appendix, and finishes the file. */
  async finish(front: PortfolioPdfFront): Promise<void> {
    const { doc, done } = this.opened;
    frontPages(doc, front);
    // The first pages are complete: numbered and sent on, as each appendix page will be once full.
    this.opened.flushPages();
    doc.addPage({ layout: "landscape" });
    heading(doc, "Appendix: every row of the input file");
    para(
      doc,
      `Levels per hazard as "historical/${slotLabel(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period)}"; n/a = not applicable, - = no data. Rows left out show the reason; "Dup. of" names the earlier row at the same coordinates.`,
      { size: 8 },
    );
    if (this.count > this.kept.length)
      para(doc, appendixCapNote(this.kept.length, this.count), { size: 8, colour: BRAND });
    const rows = tableWriter(doc, appendixColumns(doc), { size: 6.5, layout: "landscape", beforeNewPage: this.opened.flushPages });
    for (const [i, cells] of this.kept.entries()) {
      rows.row(cells);
      if (i % 100 !== 99) continue;
      const behind = this.opened.caughtUp();
      await (behind ?? new Promise((r) => setImmediate(r)));
    }
    rows.end();
    this.kept.length = 0;
    this.opened.end();
    await done;
  }

  abort(): Promise<void> {
    return this.opened.abort();
  }
}

/** The appendix's note when it lists only the first rows. */
export function appendixCapNote(listed: number, rows: number): string {
  return `This appendix lists the first ${listed.toLocaleString("en")} of the file's ${rows.toLocaleString("en")} rows; every row is in the XLSX workbook of this report (sheet "Locations").`;
}

/**
 * The portfolio report on this thread, from one pass over the locations (gathering the totals too unless the
 * caller already has them). The report job writes the same file from its own pass (pdf-sink.server.ts).
 */
export async function writePortfolioPdf(
  report: PortfolioReportSource,
  target: string | Writable,
  title = PORTFOLIO_PDF_TITLE,
  reasons: HazardReasons = engineHazardReasons(),
  totals?: ReportFileTotals,
): Promise<void> {
  const writer = new PortfolioPdfWriter(target, title);
  const gathered = totals ?? new ReportFileTotals();
  try {
    let n = 0;
    for await (const loc of openLocations(report)) {
      if (!totals) gathered.add(loc);
      writer.row(appendixCells(loc));
      if (++n % 500 === 0) await new Promise((r) => setImmediate(r));
    }
    await writer.finish(portfolioPdfFront(report, gathered, reasons, title));
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** The corporate disclosure export: audit trail, then the disclosure tables for the chosen slot. */
export async function writeDisclosurePdf(
  metadata: ReportMetadata,
  tables: DisclosureTables,
  target: string | Writable,
  countrySlot: { scenario: ScenarioId; period: PeriodId } = { scenario: "rcp45", period: "2050" },
): Promise<void> {
  const title = "Physical climate risk disclosure";
  const opened = openDoc(target, title);
  const { doc, done } = opened;
  cover(doc, title, metadata);
  heading(doc, DISCLOSURE_TABLES.audit.title, 12);
  for (const line of DISCLOSURE_TABLES.audit.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(
    doc,
    `${tables.totals.rows} rows in the input file; ${tables.totals.validAssets} assessed; ${tables.totals.excludedAssets} left out; ${tables.totals.missingWeight} assessed without a weight. Material physical risk: level ${tables.threshold} (High) or above.`,
  );
  doc.addPage();
  disclosureSections(doc, tables, countrySlot);
  doc.addPage();
  methodology(doc, metadata);
  opened.end();
  await done;
}
