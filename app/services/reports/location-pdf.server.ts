/**
 * The single-location report PDF: one place, its map (the region or country outline with the hexagon and the point,
 * drawn as vector paths), then every hazard with its level across scenarios and horizons and a plain reason.
 */
import type { Writable } from "node:stream";
import { fitProjection, ringsToSvgPath } from "~/domain/location-map";
import { LOCATION_REPORT_TITLE, type LocationReportModel } from "~/domain/reports/location-report";
import { FUTURE_PERIOD_IDS, PERIODS } from "~/domain/scenarios";
import { SITE_NAME } from "~/domain/site";
import { BRAND, MUTED, TEXT, contentWidth, ensureSpace, heading, methodology, openDoc, para, t, table, type Doc } from "./pdf.server";

const MAP_HEIGHT = 230;

function placeMap(doc: Doc, m: LocationReportModel) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const rings = [...m.map.outline, m.map.hexagon];
  const lons = rings.flat().map(([lon]) => lon);
  const lats = rings.flat().map(([, lat]) => lat);
  const bounds = { west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
  const p = fitProjection(bounds, width, MAP_HEIGHT);
  ensureSpace(doc, p.height + 40);
  const top = doc.y;
  doc.save();
  doc.rect(left, top, width, p.height).fill("#eef4f8");
  doc.translate(left, top);
  if (m.map.outline.length) doc.path(ringsToSvgPath(m.map.outline, p)).lineWidth(0.8).fillAndStroke("#f8fafc", "#64748b");
  doc.path(ringsToSvgPath([m.map.hexagon], p)).lineWidth(1.4).fillOpacity(0.85).fillAndStroke(m.map.hexagonColour, "#0f172a");
  doc.fillOpacity(1).circle(p.x(m.lon), p.y(m.lat), 3.2).lineWidth(1).fillAndStroke("#ffffff", "#0f172a");
  doc.restore();
  doc.rect(left, top, width, p.height).lineWidth(0.5).stroke("#cbd5e1");
  doc.x = left;
  doc.y = top + p.height + 6;
  para(
    doc,
    `Map: ${m.map.outlineName} (outline), the H3 hexagon ${m.hexagon} (filled with its aggregate level today) and the point (circle). Equirectangular projection.`,
    { size: 8, colour: MUTED },
  );
}

export async function writeLocationPdf(m: LocationReportModel, target: string | Writable): Promise<void> {
  const { doc, done } = openDoc(target, LOCATION_REPORT_TITLE);
  doc.font("Helvetica-Bold").fontSize(10).fillColor(BRAND).text(SITE_NAME.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(22).fillColor(TEXT).text(t(LOCATION_REPORT_TITLE));
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(TEXT).text(t(m.address));
  doc.font("Helvetica").fontSize(10.5).fillColor(MUTED).text(t(`${m.coordinates} (${m.lat.toFixed(4)}, ${m.lon.toFixed(4)})`));
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
  para(doc, "Levels from 1 (Low) to 5 (Extreme) for each scenario and horizon; n/a means the hazard does not apply here, no data that the dataset holds no value.", { size: 8.5, colour: MUTED });
  const w = contentWidth(doc);
  const cols = [
    { header: "Scenario", width: w - 3 * 95 },
    ...FUTURE_PERIOD_IDS.map((p) => ({ header: PERIODS[p].name, width: 95 })),
  ];
  for (const h of m.hazards) {
    ensureSpace(doc, 150);
    doc.font("Helvetica-Bold").fontSize(11).fillColor(h.colour).text(t(`${h.name} (${h.id})`), doc.page.margins.left);
    doc.moveDown(0.2);
    table(doc, cols, h.rows.map((r) => [r.label, ...r.cells]), { size: 8 });
    for (const r of h.reasons) para(doc, `Why (${r.label}): ${r.text}`, { size: 8.5 });
    doc.moveDown(0.4);
  }
  doc.addPage();
  methodology(doc, m);
  doc.end();
  await done;
}
