/**
 * River flood (FD) and coastal flood (SS) of a point from flood-depth layers where they cover it, the screening
 * index elsewhere, each answer naming its source: `get_data/hazards` and the batch, on layers fetched by
 * `layers:fetch -- aqueduct --from … --bbox …` (historical only) around Köln and Rotterdam; Passau lies outside.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse as parseCsv } from "csv-parse/sync";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { HazardsBatchResponse } from "~/domain/api-contract/batch";
import { PointHazardsResponse } from "~/domain/api-contract/risk";
import { DEPTH_LEVEL_SOURCE } from "~/domain/flood-loss/depth-levels";
import { SCREENING_NOTES } from "~/domain/flood-loss/messages";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import type { PlacedPoint } from "~/risk/types";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { fetchAqueductTestLayers, type AqueductTestLayers } from "../../support/aqueduct-fixture";
import * as pointRoute from "../../../app/routes/api+/riskdb+/get_data.hazards";
import * as batchRoute from "../../../app/routes/api+/v1+/hazards.batch";

const getDb = setupTestDatabase();

const KOELN = { lat: 50.9375, lon: 6.9633 };
const ROTTERDAM = { lat: 51.92, lon: 4.48 };
const PASSAU = { lat: 48.5745, lon: 13.465 };
// 0.5 m first reached at 1-in-25 years → medium (band 3); the coast: 0.5 m first at 1-in-250 → low (band 2)
const RIVER = { 2: 0, 5: 0, 10: 0.3, 25: 0.6, 50: 0.9, 100: 1.2, 250: 1.6, 500: 2, 1000: 2.5 } as Record<
  number,
  number
>;
const COAST = { 2: 0, 5: 0, 10: 0, 25: 0, 50: 0.1, 100: 0.4, 250: 0.8, 500: 1, 1000: 1.5 } as Record<number, number>;
const EXAMPLES_FILE = "app/domain/api-contract/layer-score-examples.json";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;
interface Item {
  hazard_id: string;
  value: number | null;
  score: number | null;
  source?: { type: string; note?: string; depths?: { return_period: number; depth_m: number | null }[] };
  explanation?: { summary?: string };
}

let layers: AqueductTestLayers;
const before = process.env.LAYERS_DIR;
beforeAll(async () => {
  getRiskEngine();
  layers = await fetchAqueductTestLayers({
    river: [{ ...KOELN, depths: RIVER }],
    coastal: [{ ...ROTTERDAM, depths: COAST }],
    bbox: [4, 50, 8, 53],
  });
  process.env.LAYERS_DIR = layers.dir;
}, 120_000);
afterAll(() => {
  if (before === undefined) delete process.env.LAYERS_DIR;
  else process.env.LAYERS_DIR = before;
  layers.remove();
});

async function premiumAuth() {
  const engine = getRiskEngine();
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  for (const p of [KOELN, ROTTERDAM, PASSAU])
    await grantLocation(user.id, (engine.placePoint(p.lat, p.lon) as PlacedPoint).hexagon_code, "order");
  const { key } = await rotateApiKey(user);
  return { Authorization: `Bearer ${key!}` };
}

async function point(auth: Record<string, string>, p: { lat: number; lon: number }, slot: Record<string, string>) {
  const url = new URL(`http://localhost${apiUrl(API_PATHS.riskPointHazards)}`);
  url.search = new URLSearchParams({ lat: String(p.lat), lon: String(p.lon), ...slot }).toString();
  const res = await (pointRoute.loader as Handler)({
    request: new Request(url, { headers: auth }),
    params: {},
    context: {},
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  PointHazardsResponse.parse(body);
  expect(body.location_type).toBe("hexagon");
  return body as { hazards: Item[]; aggregate: Item };
}

const of = (hazards: Item[], id: string) => hazards.find((h) => h.hazard_id === id)!;

/** The point's scores from the index alone, as the engine scores them without layers. */
function indexScore(p: { lat: number; lon: number }, id: string, scenario = "hist", period = "hist") {
  const engine = getRiskEngine();
  const place = engine.placePoint(p.lat, p.lon) as PlacedPoint;
  return of(engine.scoreAt(place, { kind: "hexagon", code: place.hexagon_code }, scenario, period).hazards, id);
}

describe("river and coastal flood scores from depth layers where they cover a point", () => {
  it("get_data/hazards: a covered point's FD and SS come from the layer, an uncovered one's from the index, each says so", async () => {
    const auth = await premiumAuth();
    const koeln = await point(auth, KOELN, { scenario: "hist", period: "hist", explain: "1" });
    const fd = of(koeln.hazards, "FD");
    expect(fd).toMatchObject({
      score: 3,
      level: "H",
      value: null,
      source: { type: "flood_depth_layer", rule: DEPTH_LEVEL_SOURCE },
    });
    expect(fd.source!.depths!.map((d) => d.return_period)).toEqual([2, 5, 10, 25, 50, 100, 250, 500, 1000]);
    for (const d of fd.source!.depths!) expect(d.depth_m).toBeCloseTo(RIVER[d.return_period]!, 5);
    expect(fd.explanation!.summary).toMatch(
      /^River flood from the published depth map \(WRI Aqueduct.*0\.60 m of water at the 1-in-25-year flood.*That is High\.$/,
    );
    // Köln's coastal pixel is dry at every return period: covered, so Low from the layer
    expect(of(koeln.hazards, "SS")).toMatchObject({ score: 1, source: { type: "flood_depth_layer" } });
    expect(koeln.aggregate.source).toMatchObject({ type: "screening_index" });

    const rotterdam = await point(auth, ROTTERDAM, { scenario: "hist", period: "hist" });
    expect(of(rotterdam.hazards, "SS")).toMatchObject({ score: 2, value: null, source: { type: "flood_depth_layer" } });

    const passau = await point(auth, PASSAU, { scenario: "hist", period: "hist", explain: "1" });
    const index = indexScore(PASSAU, "FD");
    const pfd = of(passau.hazards, "FD");
    expect(pfd).toMatchObject({
      score: index.score,
      value: index.value,
      source: { type: "screening_index", note: SCREENING_NOTES.notCovered("historical", "historical") },
    });
    expect(pfd.explanation!.summary).toMatch(
      /^Screening index: no flood-depth layer of the historical baseline covers this point\. /,
    );
    expect(passau.aggregate.source).toBeUndefined();

    const real = { layer: fd.source, screening: pfd.source };
    if (process.env.WRITE_LAYER_SCORE_EXAMPLES === "1")
      writeFileSync(EXAMPLES_FILE, `${JSON.stringify(real, null, 2)}\n`);
    expect(JSON.parse(readFileSync(EXAMPLES_FILE, "utf8"))).toEqual(JSON.parse(JSON.stringify(real)));
  });

  it("a slot the store lacks, or Aqueduct never published, stays on the index and says which", async () => {
    const auth = await premiumAuth();
    const rcp45 = of((await point(auth, KOELN, { scenario: "rcp45", period: "2030" })).hazards, "FD");
    expect(rcp45).toMatchObject({
      score: indexScore(KOELN, "FD", "rcp45", "2030").score,
      source: { type: "screening_index", note: SCREENING_NOTES.notCovered("rcp4p5", "2030") },
    });
    const rcp26 = of((await point(auth, KOELN, { scenario: "rcp26", period: "2030" })).hazards, "FD");
    expect(rcp26.source).toEqual({ type: "screening_index", note: SCREENING_NOTES.noPublishedSlot("rcp26", "2030") });
    const y2040 = of((await point(auth, KOELN, { scenario: "rcp85", period: "2040" })).hazards, "SS");
    expect(y2040.source).toEqual({ type: "screening_index", note: SCREENING_NOTES.noPublishedSlot("rcp85", "2040") });
  });

  it("the batch answers the same scores and sources as get_data/hazards, per slot, covered and uncovered", async () => {
    const auth = await premiumAuth();
    const slots = [{ scenario: "hist" }, { scenario: "rcp26", period: "2030" }];
    const res = await (batchRoute.action as Handler)({
      request: new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...auth },
        body: JSON.stringify({ locations: [KOELN, PASSAU, { location_code: "DE" }], slots }),
      }),
      params: {},
      context: {},
    });
    expect(res.status).toBe(200);
    const body = HazardsBatchResponse.parse(await res.json());
    for (const [i, p] of [KOELN, PASSAU].entries()) {
      const item = body.items[i]!;
      if (item.status !== "ok") throw new Error(`item ${i} failed`);
      for (const [k, slot] of [
        { scenario: "hist", period: "hist" },
        { scenario: "rcp26", period: "2030" },
      ].entries()) {
        const api = await point(auth, p, slot);
        for (const id of ["FD", "SS"]) {
          const {
            explanation: _e,
            name: _n,
            colour: _c,
            confidence: _f,
            applicable: _a,
            ...want
          } = of(api.hazards, id) as Item & Record<string, unknown>;
          expect(of(item.results[k]!.hazards as Item[], id), `${id} at ${p.lat}, ${p.lon} ${slot.scenario}`).toEqual(
            want,
          );
        }
      }
    }
    expect(
      of(body.items[0]!.status === "ok" ? (body.items[0]!.results[0]!.hazards as Item[]) : [], "FD").source?.type,
    ).toBe("flood_depth_layer");
    // a country is an area: the index, said so
    const de = body.items[2]!;
    if (de.status !== "ok") throw new Error("DE failed");
    expect(of(de.results[0]!.hazards as Item[], "FD").source).toEqual({
      type: "screening_index",
      note: SCREENING_NOTES.area,
    });
  });
  it("the batch CSV says in FD_source and SS_source which rows a layer scored", async () => {
    const auth = await premiumAuth();
    const res = await (batchRoute.action as Handler)({
      request: new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}?format=csv`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...auth },
        body: JSON.stringify({
          locations: [KOELN, ROTTERDAM, PASSAU],
          slots: [{ scenario: "hist" }, { scenario: "rcp26", period: "2030" }],
        }),
      }),
      params: {},
      context: {},
    });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text()) as string[][];
    const at = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(
      rows.map((r) => [at(r, "index"), at(r, "scenario"), at(r, "FD_source"), at(r, "SS_source"), at(r, "FD_value")]),
    ).toEqual([
      // Köln: the river layer covers it (no value: a depth is not an index), the coastal one has nothing there
      ["0", "hist", "flood_depth_layer", expect.any(String), ""],
      ["0", "rcp26", "screening_index", "screening_index", expect.stringMatching(/^[0-9.]+$/)],
      ["1", "hist", expect.any(String), "flood_depth_layer", expect.any(String)],
      ["1", "rcp26", "screening_index", "screening_index", expect.stringMatching(/^[0-9.]+$/)],
      ["2", "hist", "screening_index", "screening_index", expect.stringMatching(/^[0-9.]+$/)],
      ["2", "rcp26", "screening_index", "screening_index", expect.stringMatching(/^[0-9.]+$/)],
    ]);
  });
});
