/**
 * The portfolio report's PDF: cover, summary, charts, per-hazard tables, explanations, the disclosure sections and
 * the methodology, then the appendix of the file's rows. Charts are vector shapes drawn with pdfkit primitives.
 */
import { floodSection, type PdfFloodFigures } from "./flood-pdf.server";
import type { Writable } from "node:stream";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import {
  MATERIAL_RISK_LEVEL,
  cellFor,
  formatShare,
  slotLabel,
  type DisclosureTables,
} from "~/domain/reports/disclosure";
import { APPENDIX_FUTURE, type ReportFileTotals } from "~/domain/reports/file-totals";
import type { LevelCountRow } from "~/domain/reports/level-counts";
import type { AssessedLocation, PortfolioReportSource, ReportMetadata, SlotScore } from "~/domain/reports/types";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import {
  BASELINE_YEARS,
  HISTORICAL_LABEL,
  SLOTS,
  slotIndex,
  type FuturePeriodId,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import {
  BRAND,
  MUTED,
  TEXT,
  addReportPage,
  contentWidth,
  ensureSpace,
  heading,
  openDoc,
  para,
  t,
  table,
  tableWriter,
  type Column,
  type Doc,
  type OpenDoc,
} from "./pdf-toolkit.server";
import { cover, methodology } from "./report-sections.server";
import { disclosureSections, template5Section } from "./disclosure-pdf.server";
import { engineHazardReasons, type HazardReasons } from "../hazard-reasons.server";

const NA_COLOUR = "#cbd5e1";

function levelText(s: SlotScore | undefined | null): string {
  if (!s) return "";
  if (s.level !== null) return String(s.level);
  return s.applicable ? "-" : "n/a";
}

/** Horizontal grouped bars: share of assets at High or above per hazard, for a few slots. */
function barChart(
  doc: Doc,
  tables: DisclosureTables,
  slots: { scenario: ScenarioId; period: PeriodId; colour: string }[],
) {
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
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(TEXT)
      .text(t(slotLabel(s.scenario, s.period)), x + 12, y, { lineBreak: false });
  });
  y += 16;
  for (const row of tables.hazards) {
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(TEXT)
      .text(t(row.hazardName), left, y + 2, { width: labelW - 6, lineBreak: false });
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
      .text(`${t(c.label)}: ${c.count} (${formatShare(total ? c.count / total : null)})`, cx + r + 32, ly, {
        lineBreak: false,
      });
    ly += 13;
  }
  doc.x = left;
  doc.y = Math.max(cy + r, ly) + 12;
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
    doc
      .font("Helvetica-Bold")
      .fontSize(10.5)
      .fillColor(HAZARDS[h].colour)
      .text(`${h} ${t(HAZARDS[h].name)}`, doc.page.margins.left);
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
  const head = [
    String(loc.rowNumber),
    loc.assetId,
    name,
    loc.duplicateOf ? `row ${loc.duplicateOf}` : "",
    loc.countryCode ?? "",
    coords,
  ];
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
      (
        [
          ["hist", "hist", HISTORICAL_LABEL],
          [APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period, futureLabel],
        ] as const
      ).flatMap(([scenario, period, label]) => {
        const text = reasons(loc, h, { scenario, period });
        return text ? [`${HAZARDS[h].name}, ${label}: ${text}`] : [];
      }),
    );
    const coords = loc.lat !== null && loc.lon !== null ? `, ${loc.lat.toFixed(3)}, ${loc.lon.toFixed(3)}` : "";
    return {
      heading: `Row ${loc.rowNumber}${loc.name ? ` ${loc.name}` : ""}${coords} (hexagon ${loc.hexagon})`,
      lines,
    };
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
    for (const line of lines.length ? lines : ["No explanation is available for this hexagon."])
      para(doc, line, { size: 8.5 });
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
  /** Flood money at risk, when the report was made with flood-depth layers. */
  flood?: PdfFloodFigures | null;
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
    flood: report.metadata.flood ? { basis: report.metadata.flood, totals: totals.flood.result() } : null,
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
    [
      [
        String(tables.totals.rows),
        String(tables.totals.validAssets),
        String(tables.totals.excludedAssets),
        String(st.country_number),
        String(st.hexagon_number),
      ],
    ],
    { size: 9 },
  );
  const est = (s: { value: number | null; score: number | null }) =>
    s.value === null ? "no data" : `${s.value.toFixed(3)} (level ${s.score})`;
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

  if (front.flood) {
    doc.addPage();
    floodSection(doc, front.flood);
  }

  doc.addPage();
  hazardTables(doc, levelRow);
  exposedReasons(doc, front.exposed);
  doc.addPage();
  disclosureSections(doc, tables, { scenario: "rcp45", period: "2050" });
  if (tables.template5) template5Section(doc, tables.template5);
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
    addReportPage(doc, "landscape");
    heading(doc, "Appendix: every row of the input file");
    para(
      doc,
      `Levels per hazard as "historical/${slotLabel(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period)}"; n/a = not applicable, - = no data. Rows left out show the reason; "Dup. of" names the earlier row at the same coordinates.`,
      { size: 8 },
    );
    if (this.count > this.kept.length)
      para(doc, appendixCapNote(this.kept.length, this.count), { size: 8, colour: BRAND });
    const rows = tableWriter(doc, appendixColumns(doc), {
      size: 6.5,
      layout: "landscape",
      beforeNewPage: this.opened.flushPages,
    });
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
