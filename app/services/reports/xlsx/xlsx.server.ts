/**
 * XLSX report files written row by row (xlsx-writer.server.ts): rows go to the file as they come, so a 1M-row
 * portfolio never sits in memory. Every text cell from the user's file passes the formula guard.
 */
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { reportCostText } from "~/domain/commerce/orders";
import { HAZARDS, HAZARD_IDS } from "~/domain/hazards/hazards";
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
import { TEMPLATE5_COLUMNS, TEMPLATE5_TEXT, type Template5 } from "~/domain/reports/eba/template5";
import { VALUE_COLUMN_TEXT, moneyBasis, type MoneyBasis } from "~/domain/portfolio/columns/value-column";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { POINT_PRECISION } from "~/domain/portfolio/columns/row-place";
import { userCellValue, userColumnHeader } from "~/domain/reports/spreadsheet/user-cell";
import { openLocations, type LocationScores, type PortfolioReportSource, type SlotScore } from "~/domain/reports/types";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { HISTORICAL_LABEL, SLOTS } from "~/domain/hazards/scenarios";
import {
  FLOOD_REPORT_TEXT,
  FloodTotalsAccumulator,
  floodCells,
  type FloodReportBasis,
  type FloodReportTotals,
} from "~/domain/reports/flood-figures";
import { NO_DEPTH_LAYER, SCREENING_INDEX_COLUMN_NOTE } from "~/domain/flood-loss/messages";
import { FLOOD_LAYER_HAZARD } from "~/risk/engine/flood-layer-scores";
import { XlsxWorkbookWriter, type CellValue, type RowCells, type SheetWriter } from "./xlsx-writer.server";

type Sheet = SheetWriter;

const WORKBOOK_CREATOR = "Climate risk platform";
type Value = CellValue;

/** Shares are written as percentages (0-100). Headings are plain rows: the workbook has no style table. */
function addRow(sheet: Sheet, values: Value[], _heading = false) {
  sheet.row(values);
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

/** The hazards a flood-depth layer can score at a point: in the report's hazard columns they are the index's. */
const FLOOD_LAYER_HAZARDS = new Set<string>(Object.values(FLOOD_LAYER_HAZARD));

/**
 * Two columns per hazard × slot: the level 1-5 and the value 0-1. River and coastal flood say they are the screening
 * index: the depth maps' levels and losses are the flood columns', never mixed into these.
 */
const HAZARD_SLOT_HEADERS = HAZARD_IDS.flatMap((h) =>
  SLOTS.flatMap((s) => {
    const index = FLOOD_LAYER_HAZARDS.has(h) ? ` (${SCREENING_INDEX_COLUMN_NOTE})` : "";
    const label = `${h} ${HAZARDS[h].name} | ${slotLabel(s.scenario, s.period)}`;
    return [`${label} | level${index}`, `${label} | value${index}`];
  }),
);

async function writeMetadataSheet(
  wb: XlsxWorkbookWriter,
  report: Pick<PortfolioReportSource, "metadata">,
  title: string,
) {
  const m = report.metadata;
  const sheet = await wb.addSheet("Summary", { widths: [34, 70] });
  addRow(sheet, [title], true);
  addRow(sheet, []);
  const rows: [string, Value][] = [
    ["Report id", m.reportId],
    ["Prepared for", m.user.name ? `${m.user.name} <${m.user.email}>` : m.user.email],
    ["Created at (UTC)", m.createdAt],
    ["Input file", m.inputFile.name],
    ["Input file SHA-256", m.inputFile.sha256],
    ["Weighting column", m.weightingColumn ?? WEIGHTING_TEXT.none],
    [
      "Currency of the amounts",
      moneyBasis(m.weightingColumn, m.valueCurrency)?.currency ?? "none: no amounts in money",
    ],
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
  const fmt = (s: { value: number | null; score: number | null }) =>
    s.value === null ? "no data" : `${s.value} | ${s.score}`;
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
    addRow(sheet, [
      `${c.country_code} ${c.country_name}`,
      c.asset_number,
      c.hexagon_number,
      c.population_at_risk ?? "not available",
    ]);
}

/** Column widths in characters: wide enough for what each column holds, never the whole of a long header. */
const LOCATION_WIDTHS: Readonly<Record<string, number>> = {
  Row: 7,
  Precision: 24,
  "Asset id": 14,
  Name: 28,
  Status: 10,
  Reason: 40,
  "Duplicate of row": 10,
  Country: 10,
  Region: 10,
  Hexagon: 17,
  Latitude: 11,
  Longitude: 11,
  Weight: 12,
};
const USER_COLUMN_WIDTH = { min: 10, max: 40 };
const HAZARD_COLUMN_WIDTH = 14;

function locationWidths(fixed: readonly string[], userHeaders: readonly string[]): number[] {
  return [
    ...fixed.map((h) => LOCATION_WIDTHS[h] ?? 12),
    ...userHeaders.map((h) => Math.min(USER_COLUMN_WIDTH.max, Math.max(USER_COLUMN_WIDTH.min, h.length + 2))),
    ...HAZARD_SLOT_HEADERS.map(() => HAZARD_COLUMN_WIDTH),
  ];
}

/** The weight columns are amounts in money when a value column with a currency weighs the assets: headed with it. */
function exposureHeader(sheet: Sheet, first: string[], money: MoneyBasis | null) {
  const weight = money
    ? [
        `Value of assets (${money.currency})`,
        `Amount at level >= ${MATERIAL_RISK_LEVEL} (${money.currency})`,
        "Share of value (%)",
      ]
    : ["Weighted value", "Weighted value at risk", "Share of weighted value (%)"];
  addRow(
    sheet,
    [
      ...first,
      "Scenario / horizon",
      "Assets",
      `Assets at level >= ${MATERIAL_RISK_LEVEL}`,
      "Share of assets (%)",
      ...weight,
      "No data",
    ],
    true,
  );
}

function exposureRow(sheet: Sheet, first: Value[], c: ExposureCell) {
  sheet.row([
    ...first,
    slotLabel(c.scenario, c.period),
    c.assets,
    c.assetsAtRisk,
    percent(c.shareAssets),
    c.weight,
    c.weightAtRisk,
    percent(c.shareWeight),
    c.noData,
  ]);
}

function mapsTo(sheet: Sheet, key: keyof typeof DISCLOSURE_TABLES) {
  addRow(sheet, [DISCLOSURE_TABLES[key].title], true);
  for (const line of DISCLOSURE_TABLES[key].mapsTo) addRow(sheet, [`Maps to: ${line}`]);
  addRow(sheet, []);
}

/** ESRS E1-9 66(a)'s headline: assets with any hazard at each material level, per scenario and horizon. */
function writeHeadline(sheet: Sheet, t: DisclosureTables, money: MoneyBasis | null) {
  if (!t.headline) return;
  addRow(sheet, [DISCLOSURE_TABLES.headline.title], true);
  for (const line of DISCLOSURE_TABLES.headline.mapsTo) addRow(sheet, [`Maps to: ${line}`]);
  addRow(sheet, [DISCLOSURE_TABLES.headline.definition]);
  exposureHeader(sheet, ["Material at"], money);
  for (const h of t.headline)
    for (const c of h.cells)
      exposureRow(sheet, [`any hazard at level >= ${h.level} (${RISK_LEVELS[h.level - 1]!.name})`], c);
  addRow(sheet, []);
}

/** EBA Pillar 3 ESG Template 5 in its published layout: its rows, its lettered columns, a note in each cell the file cannot give. */
async function writeTemplate5(wb: XlsxWorkbookWriter, t: Template5, currency: string | null) {
  const sheet = await wb.addSheet("EBA Template 5", { widths: [8, 58, ...TEMPLATE5_COLUMNS.map(() => 18)] });
  addRow(sheet, [TEMPLATE5_TEXT.title], true);
  addRow(sheet, [TEMPLATE5_TEXT.unit(currency)]);
  addRow(sheet, [t.definition]);
  addRow(sheet, [TEMPLATE5_TEXT.rowsOverlap]);
  addRow(sheet, []);
  addRow(sheet, ["", "", ...TEMPLATE5_COLUMNS.map((c) => c.letter)], true);
  addRow(sheet, ["", `Variable: ${t.geography}`, ...TEMPLATE5_COLUMNS.map((c) => c.label)], true);
  for (const r of t.rows)
    addRow(sheet, [
      r.number,
      r.label,
      ...TEMPLATE5_COLUMNS.map((c) => {
        const cell = r.cells[c.key];
        return "value" in cell ? cell.value : cell.missing;
      }),
    ]);
  if (t.notes.length) addRow(sheet, []);
  for (const note of t.notes) addRow(sheet, [note]);
}

/** Disclosure sheets shared by the portfolio workbook and the corporate export. */
async function writeDisclosureSheets(wb: XlsxWorkbookWriter, t: DisclosureTables) {
  const money = t.money ?? null;
  const hz = await wb.addSheet("Exposure by hazard", { widths: [26, 18, ...Array.from({ length: 7 }, () => 16)] });
  writeHeadline(hz, t, money);
  mapsTo(hz, "hazards");
  if (money) for (const line of DISCLOSURE_TABLES.amounts.mapsTo) addRow(hz, [`Maps to: ${line}`]);
  addRow(hz, [money ? VALUE_COLUMN_TEXT.basis(money) : VALUE_COLUMN_TEXT.noAmounts]);
  addRow(hz, []);
  exposureHeader(hz, ["Hazard"], money);
  for (const r of t.hazards) for (const c of r.cells) exposureRow(hz, [`${r.hazardId} ${r.hazardName}`], c);

  const ct = await wb.addSheet("Exposure by country", { widths: [24, 24, 18, ...Array.from({ length: 7 }, () => 16)] });
  mapsTo(ct, "countries");
  if (money) for (const line of DISCLOSURE_TABLES.countryAmounts.mapsTo) addRow(ct, [`Maps to: ${line}`]);
  exposureHeader(ct, ["Country", "Hazard"], money);
  for (const country of t.countries)
    for (const r of country.hazards)
      for (const c of r.cells)
        exposureRow(ct, [`${country.countryCode} ${country.countryName}`, `${r.hazardId} ${r.hazardName}`], c);

  const tx = await wb.addSheet("EU Taxonomy", { widths: [22, 10, 46, 18, ...Array.from({ length: 7 }, () => 16)] });
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
    for (const c of r.cells)
      exposureRow(tx, [TAXONOMY_TYPES.find((x) => x.id === r.type)!.name, "", r.hazards.join(", ")], c);
  if (t.template5) await writeTemplate5(wb, t.template5, t.template5.amounts?.currency ?? null);
}

/** The portfolio's flood money at risk: expected annual losses add up; the 1-in-100 sums are said not to. */
function writeFloodTotals(sheet: Sheet, basis: FloodReportBasis, t: FloodReportTotals) {
  addRow(sheet, []);
  addRow(sheet, [FLOOD_REPORT_TEXT.heading], true);
  addRow(sheet, ["Basis", FLOOD_REPORT_TEXT.basis(basis)]);
  addRow(sheet, [FLOOD_REPORT_TEXT.covered("River"), t.river.covered]);
  addRow(sheet, [FLOOD_REPORT_TEXT.covered("Coastal"), t.coastal.covered]);
  addRow(sheet, [FLOOD_REPORT_TEXT.uncovered, t.assets - Math.max(t.river.covered, t.coastal.covered)]);
  const money = (v: number) => Math.round(v * 100) / 100;
  for (const [kind, total] of [
    ["River", t.river],
    ["Coastal", t.coastal],
  ] as const) {
    addRow(sheet, [FLOOD_REPORT_TEXT.atRisk(kind), total.atRisk ?? null]);
    if (basis.currency)
      addRow(sheet, [
        FLOOD_REPORT_TEXT.atRiskAmount(kind, basis.currency),
        total.atRiskAmount === undefined ? null : money(total.atRiskAmount),
      ]);
  }
  addRow(sheet, ["Depth-map levels", FLOOD_REPORT_TEXT.atRiskDefinition]);
  if (!basis.currency) return;
  addRow(sheet, [FLOOD_REPORT_TEXT.portfolioEad(basis.currency), money(t.eadAmount)]);
  addRow(sheet, [FLOOD_REPORT_TEXT.kindEad("River", basis.currency), money(t.river.eadAmount)]);
  addRow(sheet, [FLOOD_REPORT_TEXT.kindEad("Coastal", basis.currency), money(t.coastal.eadAmount)]);
  addRow(sheet, [FLOOD_REPORT_TEXT.kindSum100("River", basis.currency), money(t.river.sumLoss100Amount)]);
  addRow(sheet, [FLOOD_REPORT_TEXT.kindSum100("Coastal", basis.currency), money(t.coastal.sumLoss100Amount)]);
  addRow(sheet, ["Note", t.note]);
}

async function writeLegend(wb: XlsxWorkbookWriter) {
  const sheet = await wb.addSheet("Legend", { widths: [14, 14, 60] });
  addRow(sheet, ["Level", "Name", "Value range (0-1)"], true);
  for (const l of RISK_LEVELS) addRow(sheet, [l.score, l.label, `${l.min} to ${l.score === 5 ? "1" : `< ${l.max}`}`]);
  addRow(sheet, ["n/a", "", "The hazard does not apply at this location (e.g. storm surge far inland)"]);
  addRow(sheet, ["no data", "", "The dataset holds no value for this hazard here"]);
}

function openTarget(target: string | Writable): Writable {
  return typeof target === "string" ? createWriteStream(target) : target;
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
  const wb = new XlsxWorkbookWriter(openTarget(target), { creator: WORKBOOK_CREATOR });

  const userColumns = report.metadata.columns;
  const fixed = [
    "Row",
    "Asset id",
    "Name",
    "Status",
    "Reason",
    "Duplicate of row",
    "Country",
    "Region",
    "Hexagon",
    "Latitude",
    "Longitude",
    "Precision",
    "Weight",
  ];
  // With flood-depth layers, each asset's flood money at risk follows the fixed columns.
  const flood = report.metadata.flood ?? null;
  if (flood) fixed.push(...FLOOD_REPORT_TEXT.columns(flood.currency));
  const floodTotals = new FloodTotalsAccumulator();
  const userHeaders = userColumns.map((c) => userColumnHeader(c, fixed));
  const locRows = await wb.addSheet("Locations", {
    widths: locationWidths(fixed, userHeaders),
    frozen: { columns: 2, rows: 1 },
  });
  addRow(locRows, [...fixed, ...userHeaders, ...HAZARD_SLOT_HEADERS], true);

  const acc = new DisclosureAccumulator().withLoanColumns(
    report.metadata.loanColumns,
    new Date(report.metadata.createdAt),
  );
  const fixedCount = fixed.length + userColumns.length;
  // Score cells per hexagon's scores, bounded: a book's rows cluster in few hexagons.
  const scoreCells = new Map<LocationScores, RowCells>();
  let rows = 0;
  for await (const loc of openLocations(report)) {
    if (!gathered) acc.add(loc);
    floodTotals.add(loc);
    rows++;
    let tail = loc.scores ? scoreCells.get(loc.scores) : undefined;
    if (!tail && loc.scores) {
      if (scoreCells.size >= SCORE_CELLS_CACHE_MAX) scoreCells.clear();
      scoreCells.set(loc.scores, (tail = locRows.tailCells(scoreValues(loc.scores), fixedCount)));
    }
    locRows.row(
      [
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
        ...(flood ? floodCells(loc.flood, NO_DEPTH_LAYER) : []),
        ...userColumns.map((c) => userCellValue(loc.userColumns[c] ?? "")),
      ],
      tail,
    );
    const drained = locRows.drained();
    if (drained) await drained;
    else if (rows % 2000 === 0) await new Promise((r) => setImmediate(r));
  }

  wb.created = new Date(report.metadata.createdAt);
  const summary = await writeMetadataSheet(wb, report, "Portfolio climate risk report");
  writeAggregates(summary, report);
  if (flood) writeFloodTotals(summary, flood, floodTotals.result());
  const disclosure = gathered?.() ?? acc.result(report.metadata, report);
  await writeDisclosureSheets(wb, disclosure);
  await writeLegend(wb);
  await wb.finish(["Summary"]);
  return { rows, disclosure };
}

/** The corporate disclosure workbook: audit trail, then the disclosure tables. */
export async function writeDisclosureXlsx(
  report: Pick<PortfolioReportSource, "metadata">,
  tables: DisclosureTables,
  target: string | Writable,
): Promise<void> {
  const wb = new XlsxWorkbookWriter(openTarget(target), {
    creator: WORKBOOK_CREATOR,
    created: new Date(report.metadata.createdAt),
  });
  const summary = await writeMetadataSheet(wb, report, "Physical climate risk disclosure");
  addRow(summary, []);
  for (const line of DISCLOSURE_TABLES.audit.mapsTo) addRow(summary, ["Maps to", line]);
  addRow(summary, []);
  addRow(summary, ["Rows in the input file", tables.totals.rows]);
  addRow(summary, ["Assessed assets", tables.totals.validAssets]);
  addRow(summary, ["Rows left out (see the portfolio report for reasons)", tables.totals.excludedAssets]);
  addRow(summary, [
    tables.money ? `Total value of assessed assets (${tables.money.currency})` : "Total weighted value",
    tables.totals.weight,
  ]);
  addRow(summary, ["Assets without a weight", tables.totals.missingWeight]);
  addRow(summary, ["Material risk threshold", `level >= ${tables.threshold} (High)`]);
  await writeDisclosureSheets(wb, tables);
  await writeLegend(wb);
  await wb.finish();
}
