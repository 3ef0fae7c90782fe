/** The portfolio PDF's flood money at risk: the basis, the totals, and the assets with the largest expected loss. */
import {
  FLOOD_REPORT_TEXT,
  formatFloodAmount,
  FLOOD_TOP_ASSETS,
  type FloodReportBasis,
  type FloodReportTotals,
} from "~/domain/reports/flood-figures";
import { heading, para, table, t, type Doc } from "./pdf-toolkit.server";

export interface PdfFloodFigures {
  basis: FloodReportBasis;
  totals: FloodReportTotals;
}

const amount = formatFloodAmount;

export function floodSection(doc: Doc, flood: PdfFloodFigures | null) {
  if (!flood) return;
  const { basis, totals } = flood;
  heading(doc, FLOOD_REPORT_TEXT.heading);
  para(doc, FLOOD_REPORT_TEXT.basis(basis), { size: 9 });
  const rows: string[][] = [
    [FLOOD_REPORT_TEXT.covered("River"), String(totals.river.covered)],
    [FLOOD_REPORT_TEXT.covered("Coastal"), String(totals.coastal.covered)],
    [FLOOD_REPORT_TEXT.uncovered, String(totals.assets - Math.max(totals.river.covered, totals.coastal.covered))],
  ];
  const c = basis.currency;
  for (const [kind, total] of [
    ["River", totals.river],
    ["Coastal", totals.coastal],
  ] as const) {
    // reports made before the depth-map levels were kept have no count
    if (total.atRisk === undefined) continue;
    rows.push([FLOOD_REPORT_TEXT.atRisk(kind), String(total.atRisk)]);
    if (c && total.atRiskAmount !== undefined)
      rows.push([FLOOD_REPORT_TEXT.atRiskAmount(kind, c), amount(total.atRiskAmount, c)]);
  }
  if (c) {
    rows.push(
      [FLOOD_REPORT_TEXT.portfolioEad(c), amount(totals.eadAmount, c)],
      [FLOOD_REPORT_TEXT.kindEad("River", c), amount(totals.river.eadAmount, c)],
      [FLOOD_REPORT_TEXT.kindEad("Coastal", c), amount(totals.coastal.eadAmount, c)],
      [FLOOD_REPORT_TEXT.kindSum100("River", c), amount(totals.river.sumLoss100Amount, c)],
      [FLOOD_REPORT_TEXT.kindSum100("Coastal", c), amount(totals.coastal.sumLoss100Amount, c)],
    );
  }
  table(
    doc,
    [
      { header: "Figure", width: 360 },
      { header: "Value", width: 140, align: "right" },
    ],
    rows,
    { size: 9 },
  );
  if (totals.river.atRisk !== undefined) para(doc, FLOOD_REPORT_TEXT.atRiskDefinition, { size: 8 });
  para(doc, totals.note, { size: 8 });
  if (!c || totals.top.length === 0) return;
  para(
    doc,
    `The ${Math.min(FLOOD_TOP_ASSETS, totals.top.length)} assets with the largest expected annual flood loss (every asset's figures are in the XLSX workbook):`,
    { size: 9 },
  );
  table(
    doc,
    [
      { header: "Row", width: 40, align: "right" },
      { header: "Asset", width: 150 },
      { header: "Occupancy", width: 75 },
      { header: `Expected annual loss (${c})`, width: 130, align: "right" },
      { header: `1-in-100 loss (${c})`, width: 105, align: "right" },
    ],
    totals.top.map((a) => [
      String(a.rowNumber),
      t(a.assetId ? `${a.assetId} ${a.name}` : a.name),
      a.occupancy,
      amount(a.eadAmount, c),
      amount(a.loss100Amount, c),
    ]),
    { size: 8 },
  );
}
