/**
 * Pages the report files share: the cover with its audit trail (portfolio report, disclosure export) and the
 * methodology and dataset section (every report file).
 */
import { AGGREGATE_BAND_MEANING, bandSentence } from "~/risk/explain/band-meanings";
import { moneyBasis } from "~/domain/portfolio/columns/value-column";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import type { ReportMetadata } from "~/domain/reports/types";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { GLOBAL_WARMING_LEVEL, SCENARIOS, type FuturePeriodId } from "~/domain/hazards/scenarios";
import { SITE_NAME } from "~/domain/content/site";
import { BRAND, MUTED, TEXT, contentWidth, heading, para, t, table, type Doc } from "./pdf-toolkit.server";

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function auditRows(m: ReportMetadata): string[][] {
  return [
    ["Report id", m.reportId],
    ["Prepared for", m.user.name ? `${m.user.name} <${m.user.email}>` : m.user.email],
    ["Created", formatDate(m.createdAt)],
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
}

export function cover(doc: Doc, title: string, m: ReportMetadata) {
  doc.font("Helvetica-Bold").fontSize(10).fillColor(BRAND).text(SITE_NAME.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(4);
  doc.font("Helvetica-Bold").fontSize(26).fillColor(TEXT).text(t(title));
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(12).fillColor(MUTED).text(t(m.inputFile.name));
  doc.moveDown(2);
  table(
    doc,
    [
      { header: "", width: 140 },
      { header: "", width: contentWidth(doc) - 140 },
    ],
    auditRows(m),
    { size: 9 },
  );
}
/**
 * Where a report's river and coastal flood levels come from: a portfolio's hazard tables hold the screening index
 * (the depth maps' levels and losses are its flood section's); a single location's come from a depth map where one
 * covers the point.
 */
type FloodLevelSource = "portfolio" | "location";

const FLOOD_LEVEL_SENTENCE: Record<FloodLevelSource, string> = {
  portfolio:
    "River and coastal flood in the hazard tables are screening-index levels for every asset; where a flood-depth layer covers an asset, its level from the depth map, its expected annual loss and its 1-in-100-year loss are given in the flood section and the workbook's flood columns, never mixed into the index's.",
  location:
    "Where a flood-depth layer covers the point, river and coastal flood are scored from the depth at the point's pixel per return period (the flood section states the rule); elsewhere they are the screening index, and say so.",
};

export function methodology(
  doc: Doc,
  m: Pick<ReportMetadata, "datasetVersion" | "methodologyVersion">,
  floodLevels: FloodLevelSource = "portfolio",
) {
  heading(doc, "Methodology and dataset");
  para(
    doc,
    `Scores come from the ${SITE_NAME} hazard engine, dataset version ${m.datasetVersion}, methodology version ${m.methodologyVersion}. Each location is scored at its own coordinates from its drivers at their finest resolution, and where the dataset has none there from its H3 resolution-4 cell (about 1,770 km2): a value in [0, 1] for each hazard, scenario and horizon. The values are relative screening indices, not probabilities: a 1950-1999 observed climatology shifted by the IPCC AR6 assessed global warming of each scenario and horizon, plus AR6 global sea-level rise. ${FLOOD_LEVEL_SENTENCE[floodLevels]}`,
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
