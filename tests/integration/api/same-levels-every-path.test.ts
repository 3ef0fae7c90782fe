/**
 * The same coordinates get the same levels on every path that scores a location: a portfolio row (assessLocation),
 * `get_data/hazards`, the batch API and the dashboard's point view, points off the shore that snap to land included
 * (36.48, −6.31 in the Gulf of Cádiz: the portfolio used to score it in the hexagon of the point at sea). A point a
 * flood-depth layer covers gets its river and coastal flood from the layer on every path, the single-location report
 * included.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { parseDashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import { scoreFromValue } from "~/domain/hazards/risk-levels";
import { valuesOfCodes } from "~/risk/dataset";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { loadDashboard } from "~/services/dashboard/dashboard.server";
import { assessLocation } from "~/services/portfolio/assess.server";
import { LOCATION_FLOOD_TEXT, levelCell } from "~/domain/reports/location-report";
import { writeLocationPdf } from "~/services/reports/pdf/location-pdf.server";
import { pdfPageImages } from "../../support/pdf-images";
import { locationReportModel } from "~/services/reports/single-location.server";
import { fetchAqueductTestLayers } from "../../support/aqueduct-fixture";
import * as pointRoute from "../../../app/routes/api+/riskdb+/get_data.hazards";
import * as batchRoute from "../../../app/routes/api+/v1+/hazards.batch";

const getDb = setupTestDatabase();

/** Land points, and points at sea within the snapping distance of a shore. */
const POINTS = [
  { lat: 50.9375, lon: 6.9633 },
  { lat: 48.5745, lon: 13.465 },
  { lat: 36.48, lon: -6.31 },
  { lat: 53.7, lon: 8.0 },
  { lat: 51.99, lon: 3.95 },
  { lat: 38.69, lon: -9.5 },
  { lat: 31.55, lon: 31.9 },
];

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;
type Levels = Record<string, number | null>;
const levelsOf = (hazards: { hazard_id: string; score: number | null }[]): Levels =>
  Object.fromEntries(hazards.map((h) => [h.hazard_id, h.score]));

describe("one location, one set of levels, whatever the path", () => {
  it("a portfolio row, get_data/hazards, the batch and the dashboard agree, snapped points included", async () => {
    const engine = getRiskEngine();
    const placed = POINTS.map((p) => engine.placePoint(p.lat, p.lon));
    for (const p of placed) expect(p.status).toBe("ok");
    const ok = placed.flatMap((p) => (p.status === "ok" ? [p] : []));
    expect(ok.filter((p) => p.snapped_to_land).length).toBeGreaterThanOrEqual(3);

    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    for (const h of new Set(ok.map((p) => p.hexagon_code))) await grantLocation(user.id, h, "order");
    const { key } = await rotateApiKey(user);
    const auth = { Authorization: `Bearer ${key!}` };

    const batch = await (batchRoute.action as Handler)({
      request: new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...auth },
        body: JSON.stringify({ locations: POINTS, slots: [{ scenario: "hist" }] }),
      }),
      params: {},
      context: {},
    });
    expect(batch.status).toBe(200);
    const items = (
      (await batch.json()) as {
        items: { location_type: string; results: { hazards: { hazard_id: string; score: number | null }[] }[] }[];
      }
    ).items;

    for (const [i, p] of POINTS.entries()) {
      const where = `${p.lat}, ${p.lon}`;
      const url = new URL(`http://localhost${apiUrl(API_PATHS.riskPointHazards)}`);
      url.search = new URLSearchParams({
        lat: String(p.lat),
        lon: String(p.lon),
        scenario: "hist",
        period: "hist",
      }).toString();
      const res = await (pointRoute.loader as Handler)({
        request: new Request(url, { headers: auth }),
        params: {},
        context: {},
      });
      const api = (await res.json()) as {
        location_type: string;
        hazards: { hazard_id: string; score: number | null }[];
      };
      expect(api.location_type, where).toBe("hexagon");
      const fromApi = levelsOf(api.hazards);

      expect(items[i]!.location_type, where).toBe("hexagon");
      expect(levelsOf(items[i]!.results[0]!.hazards), `batch at ${where}`).toEqual(fromApi);

      // a portfolio row: the assessment's values of the historical slot (slot 0), as levels
      const row = assessLocation(engine, p.lat, p.lon)!;
      expect(row.hexagon, where).toBe(ok[i]!.hexagon_code);
      const values = valuesOfCodes(row.codes);
      const slots = values.length / HAZARD_IDS.length;
      const fromRow = Object.fromEntries(
        HAZARD_IDS.filter((h) => h in fromApi).map((h) => {
          const v = values[HAZARD_IDS.indexOf(h) * slots]!;
          return [h, Number.isFinite(v) ? scoreFromValue(v) : null];
        }),
      );
      expect(fromRow, `portfolio row at ${where}`).toEqual(fromApi);

      const dashboard = await loadDashboard(
        user as never,
        parseDashboardSelection(new URLSearchParams({ lat: String(p.lat), lon: String(p.lon) })),
      );
      expect(dashboard.hist ? levelsOf(dashboard.hist.hazards) : null, `dashboard at ${where}`).toEqual(fromApi);
    }
  });
});

describe("a point a flood-depth layer covers: the layer's river and coastal flood on every path", () => {
  // Köln's 1° pixel: 0.5 m first reached at 1-in-25 years (river flood 3, High); the coast dry (1, Low)
  const KOELN = { lat: 50.9375, lon: 6.9633 };
  const RIVER = { 2: 0, 5: 0, 10: 0.3, 25: 0.6, 50: 0.9, 100: 1.2, 250: 1.6, 500: 2, 1000: 2.5 };
  const before = process.env.LAYERS_DIR;
  let remove = () => {};
  beforeAll(async () => {
    getRiskEngine();
    const layers = await fetchAqueductTestLayers({
      river: [{ ...KOELN, depths: RIVER }],
      coastal: [],
      bbox: [4, 50, 8, 53],
    });
    process.env.LAYERS_DIR = layers.dir;
    remove = layers.remove;
  }, 120_000);
  afterAll(() => {
    if (before === undefined) delete process.env.LAYERS_DIR;
    else process.env.LAYERS_DIR = before;
    remove();
  });

  it("get_data/hazards, the batch, the dashboard and the single-location report agree, and say the layer scored", async () => {
    const engine = getRiskEngine();
    const place = engine.placePoint(KOELN.lat, KOELN.lon);
    if (place.status !== "ok") throw new Error("Köln not placed");
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await grantLocation(user.id, place.hexagon_code, "order");
    const { key } = await rotateApiKey(user);
    const auth = { Authorization: `Bearer ${key!}` };

    const url = new URL(`http://localhost${apiUrl(API_PATHS.riskPointHazards)}`);
    url.search = new URLSearchParams({ lat: String(KOELN.lat), lon: String(KOELN.lon), scenario: "hist" }).toString();
    const api = (await (
      await (pointRoute.loader as Handler)({ request: new Request(url, { headers: auth }), params: {}, context: {} })
    ).json()) as { hazards: { hazard_id: string; score: number | null; source?: { type: string } }[] };
    const fromApi = levelsOf(api.hazards);
    const source = (id: string) => api.hazards.find((h) => h.hazard_id === id)?.source?.type;
    expect(source("FD")).toBe("flood_depth_layer");
    expect(source("SS")).toBe("flood_depth_layer");
    expect([fromApi.FD, fromApi.SS]).toEqual([3, 1]);
    // the index alone would not say the same of Köln's river flood: the layer decided
    const index = engine.scoreAt(place, { kind: "hexagon", code: place.hexagon_code }, "hist", "hist");
    expect(levelsOf(index.hazards)).not.toEqual(fromApi);

    const batch = await (batchRoute.action as Handler)({
      request: new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...auth },
        body: JSON.stringify({ locations: [KOELN], slots: [{ scenario: "hist" }] }),
      }),
      params: {},
      context: {},
    });
    const item = (
      (await batch.json()) as { items: { results: { hazards: { hazard_id: string; score: number | null }[] }[] }[] }
    ).items[0]!;
    expect(levelsOf(item.results[0]!.hazards)).toEqual(fromApi);

    const dashboard = await loadDashboard(
      user as never,
      parseDashboardSelection(new URLSearchParams({ lat: String(KOELN.lat), lon: String(KOELN.lon) })),
    );
    expect(levelsOf(dashboard.hist!.hazards)).toEqual(fromApi);
    expect(dashboard.hist!.hazards.find((h) => h.hazard_id === "FD")!.source?.type).toBe("flood_depth_layer");

    const report = await locationReportModel(engine, {
      reportId: "r1",
      preparedFor: "t",
      address: "Köln",
      lat: KOELN.lat,
      lon: KOELN.lon,
    });
    for (const h of report.hazards.filter((x) => x.id in fromApi)) {
      const want = fromApi[h.id]!;
      expect(h.rows[0]!.cells[0], `report ${h.id}`).toBe(
        levelCell(
          want === null
            ? { value: null, level: null, applicable: h.rows[0]!.cells[0] !== "n/a" }
            : { value: null, level: want as never, applicable: true },
        ),
      );
    }
    expect(report.hazards.find((h) => h.id === "FD")!.reasons[0]!.text).toMatch(
      /^River flood from the published depth map/,
    );
    // the table says which cells the depth map scored: the layers here are historical only
    const fdNote = report.hazards.find((h) => h.id === "FD")!.sourceNote;
    expect(fdNote).toMatch(/^Scored from the flood-depth map at the point: Historical \(1950-1999\); every other cell/);
    expect(report.hazards.find((h) => h.id === "HW")!.sourceNote).toBeUndefined();
    // depth and damage at the point, per return period, from the same map (no value given: ratios only)
    const river = report.flood!.find((k) => k.title === "River flood")!;
    expect(river.rows.map((r) => [r.returnPeriod, r.depthM])).toEqual(
      Object.entries(RIVER).map(([rp, d]) => [Number(rp), expect.closeTo(d, 3)]),
    );
    expect(river.rows.find((r) => r.returnPeriod === 2)!.damageRatio).toBe(0);
    expect(river.rows.find((r) => r.returnPeriod === 100)!.damageRatio).toBeGreaterThan(0);
    expect(river.eadRatio).toBeGreaterThan(0);
    // The report's river-flood page as images, at a desktop's and a phone's width (docs/screenshots).
    const pdfFile = path.join(os.tmpdir(), `location-report-${process.pid}.pdf`);
    try {
      await writeLocationPdf(report, pdfFile);
      const pdf = readFileSync(pdfFile);
      for (const width of [1366, 390])
        for (const [marker, name] of [
          ["River flood from the published depth map", "location-report-flood"],
          [LOCATION_FLOOD_TEXT.heading, "location-report-depth"],
        ] as const) {
          const [image] = await pdfPageImages(pdf, marker, width);
          expect(image, `${name} at ${width} px`).toBeDefined();
          writeFileSync(`docs/screenshots/${name}-${width}.png`, image!);
        }
    } finally {
      rmSync(pdfFile, { force: true });
    }

    // A portfolio row holds the index for river and coastal flood (its report says so, and gives the depth map's
    // level in its flood columns), and the same levels as every other path for the rest.
    const row = assessLocation(engine, KOELN.lat, KOELN.lon)!;
    const values = valuesOfCodes(row.codes);
    const slots = values.length / HAZARD_IDS.length;
    for (const h of HAZARD_IDS.filter((id) => id in fromApi && id !== "FD" && id !== "SS")) {
      const v = values[HAZARD_IDS.indexOf(h) * slots]!;
      expect(Number.isFinite(v) ? scoreFromValue(v) : null, `portfolio row ${h}`).toBe(fromApi[h]);
    }
  }, 120_000);
});
