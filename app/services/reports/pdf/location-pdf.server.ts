/**
 * The single-location report PDF: one place, its map (the region or country outline with the hexagon and the point,
 * drawn as vector paths), then every hazard with its level across scenarios and horizons and a plain reason.
 */
import type { Writable } from "node:stream";
import { fitProjection, ringsToSvgPath } from "~/domain/geo/map/location-map";
import {
  LOCATION_FLOOD_TEXT,
  LOCATION_REPORT_TITLE,
  type LocationFloodKind,
  type LocationReportModel,
} from "~/domain/reports/location-report";
import { formatDepth, formatRatio } from "~/domain/flood-loss/point-view";
import { BASELINE_YEARS, FUTURE_PERIOD_IDS, PERIODS } from "~/domain/hazards/scenarios";
import { SITE_NAME } from "~/domain/content/site";
import {
  BRAND,
  MUTED,
  TEXT,
  contentWidth,
  ensureSpace,
  heading,
  openDoc,
  para,
  t,
  table,
  type Doc,
} from "./pdf-toolkit.server";
import { methodology } from "./report-sections.server";

const MAP_HEIGHT = 220;
const GAP = 10;

type Ring = LocationReportModel["map"]["hexagon"];

function boundsOf(rings: Ring[]) {
  const lons = rings.flat().map(([lon]) => lon);
  const lats = rings.flat().map(([, lat]) => lat);
  return { west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
}

/** One framed map panel: shapes drawn back to front, cut at the frame, projected to fit `fit`. */
function panel(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  fit: Ring[],
  layers: { rings: Ring[]; fill: string; stroke: string; line: number }[],
  point: { lat: number; lon: number },
) {
  const p = fitProjection(boundsOf(fit), width, MAP_HEIGHT);
  doc.save();
  doc.rect(x, y, width, MAP_HEIGHT).fill("#eef4f8");
  doc.rect(x, y, width, MAP_HEIGHT).clip();
  // centre the drawing vertically when the place is wider than tall
  doc.translate(x, y + (MAP_HEIGHT - p.height) / 2);
  for (const l of layers)
    if (l.rings.length) doc.path(ringsToSvgPath(l.rings, p)).lineWidth(l.line).fillAndStroke(l.fill, l.stroke);
  doc.circle(p.x(point.lon), p.y(point.lat), 3.2).lineWidth(1).fillAndStroke("#ffffff", "#0f172a");
  doc.restore();
  doc.rect(x, y, width, MAP_HEIGHT).lineWidth(0.5).stroke("#cbd5e1");
}

/**
 * The place's map as vector paths: where the region lies in its country (left, when the point has a region), and
 * the region or country with the point's hexagon filled by its aggregate level today (right). Each panel keeps its
 * own outline detail, so a coarse country border never cuts across a region drawn at a finer scale.
 */
function placeMap(doc: Doc, m: LocationReportModel) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  ensureSpace(doc, MAP_HEIGHT + 40);
  const top = doc.y;
  const point = { lat: m.lat, lon: m.lon };
  const hexagon = { rings: [m.map.hexagon], fill: m.map.hexagonColour, stroke: "#0f172a", line: 1.2 };
  const detailX = m.map.country.length ? left + width * 0.4 + GAP / 2 : left;
  const detailW = m.map.country.length ? width * 0.6 - GAP / 2 : width;
  if (m.map.country.length) {
    panel(
      doc,
      left,
      top,
      width * 0.4 - GAP / 2,
      m.map.country,
      [
        { rings: m.map.country, fill: "#f8fafc", stroke: "#64748b", line: 0.6 },
        { rings: m.map.outline, fill: "#cbd5e1", stroke: "#334155", line: 0.6 },
      ],
      point,
    );
  }
  panel(
    doc,
    detailX,
    top,
    detailW,
    [...m.map.outline, m.map.hexagon],
    [{ rings: m.map.outline, fill: "#f8fafc", stroke: "#64748b", line: 0.8 }, hexagon],
    point,
  );
  doc.x = left;
  doc.y = top + MAP_HEIGHT + 6;
  para(
    doc,
    `Map: ${m.map.country.length ? `${m.regionName ?? ""} within ${m.countryName} (left); ` : ""}${m.map.outlineName} (outline) with the H3 hexagon ${m.hexagon}, filled with its aggregate level in the historical (${BASELINE_YEARS}) climate, and the point (circle). Equirectangular projection.`,
    { size: 8, colour: MUTED },
  );
}

export async function writeLocationPdf(m: LocationReportModel, target: string | Writable): Promise<void> {
  const opened = openDoc(target, LOCATION_REPORT_TITLE);
  const { doc, done } = opened;
  doc.font("Helvetica-Bold").fontSize(10).fillColor(BRAND).text(SITE_NAME.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(22).fillColor(TEXT).text(t(LOCATION_REPORT_TITLE));
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(TEXT).text(t(m.address));
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .fillColor(MUTED)
    .text(t(`${m.coordinates} (${m.lat.toFixed(4)}, ${m.lon.toFixed(4)})`));
  doc.moveDown(0.8);
  table(
    doc,
    [
      { header: "", width: 140 },
      { header: "", width: contentWidth(doc) - 140 },
    ],
    [
      ["Place", m.address],
      ["Coordinates", `${m.coordinates} (lat ${m.lat.toFixed(4)}, lon ${m.lon.toFixed(4)})`],
      ["Region", m.regionName ?? "none"],
      ["Country", `${m.countryName} (${m.countryCode})`],
      ["H3 hexagon (resolution 4)", m.hexagon],
      ["Prepared for", m.preparedFor],
      ["Created", `${m.createdAt.slice(0, 16).replace("T", " ")} UTC`],
      ["Report id", m.reportId],
      ["Risk dataset version", m.datasetVersion],
      ["Methodology version", m.methodologyVersion],
    ],
    { size: 9 },
  );
  placeMap(doc, m);

  doc.addPage();
  heading(doc, "Hazards at this place");
  para(
    doc,
    "Levels from 1 (Low) to 5 (Extreme) for each scenario and horizon; n/a means the hazard does not apply here, no data that the dataset holds no value.",
    { size: 8.5, colour: MUTED },
  );
  const w = contentWidth(doc);
  const cols = [
    { header: "Scenario", width: w - 3 * 95 },
    ...FUTURE_PERIOD_IDS.map((p) => ({ header: PERIODS[p].name, width: 95 })),
  ];
  for (const h of m.hazards) {
    ensureSpace(doc, 150);
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(h.colour)
      .text(t(`${h.name} (${h.id})`), doc.page.margins.left);
    doc.moveDown(0.2);
    table(
      doc,
      cols,
      h.rows.map((r) => [r.label, ...r.cells]),
      { size: 8 },
    );
    if (h.sourceNote) para(doc, h.sourceNote, { size: 8.5 });
    for (const r of h.reasons) para(doc, `Why (${r.label}): ${r.text}`, { size: 8.5 });
    doc.moveDown(0.4);
  }
  if (m.flood) floodSection(doc, m.flood);
  doc.addPage();
  methodology(doc, m, "location");
  opened.end();
  await done;
}

/** Depth and damage per return period at the point, per flood kind, from the depth maps only. */
function floodSection(doc: Doc, kinds: readonly LocationFloodKind[]) {
  doc.addPage();
  heading(doc, LOCATION_FLOOD_TEXT.heading);
  para(doc, LOCATION_FLOOD_TEXT.lead, { size: 9 });
  for (const k of kinds) {
    ensureSpace(doc, 120);
    heading(doc, k.title, 12);
    para(doc, k.text, { size: 9 });
    if (k.rows.length === 0) continue;
    table(
      doc,
      [
        { header: "Return period", width: 140 },
        { header: "Water depth", width: 120, align: "right" },
        { header: "Damage (share of value)", width: 160, align: "right" },
      ],
      k.rows.map((r) => [
        `1 in ${r.returnPeriod.toLocaleString("en-GB")} years`,
        formatDepth(r.depthM),
        formatRatio(r.damageRatio),
      ]),
      { size: 8.5 },
    );
    if (k.eadRatio !== null)
      para(
        doc,
        `Expected annual damage: ${formatRatio(k.eadRatio)} of the asset's value a year; damage at the 1-in-100-year flood: ${formatRatio(k.damageRatio100)}.`,
        { size: 9 },
      );
    if (k.basis) para(doc, k.basis, { size: 8 });
  }
}
