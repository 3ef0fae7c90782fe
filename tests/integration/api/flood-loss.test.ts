/**
 * GET /api/v1/flood/loss and POST /api/v1/flood/loss/batch on the real path: test rasters under the published
 * Aqueduct names, served with Range requests, fetched by `layers:fetch -- aqueduct --from … --bbox …`, read at the
 * points, and turned into EUR that this test recomputes by hand from the published JRC table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { FloodBatchResponse, FloodLossResponse } from "~/domain/api-contract/flood";
import { AQUEDUCT_BASE_URL } from "~/domain/flood-loss/aqueduct-names";
import { PORTFOLIO_RP_SUM_NOTE } from "~/domain/flood-loss/asset-loss";
import { DEPTH_DAMAGE_TABLE } from "~/domain/flood-loss/depth-damage-functions";
import { HOW_TO_ADD_LAYER, NO_DEPTH_LAYER } from "~/domain/flood-loss/messages";
import { fetchAqueductTestLayers, type AqueductTestLayers } from "../../support/aqueduct-fixture";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import * as batchRoute from "../../../app/routes/api+/v1+/flood.loss.batch";
import * as pointRoute from "../../../app/routes/api+/v1+/flood.loss";

const getDb = setupTestDatabase();

const COLOGNE = { lat: 50.94, lon: 6.96 };
const ROTTERDAM = { lat: 51.92, lon: 4.48 };
const NEW_YORK = { lat: 40.71, lon: -74.0 };
const RIVER = { 2: 0, 5: 0, 10: 0.3, 25: 0.6, 50: 0.9, 100: 1.2, 250: 1.6, 500: 2, 1000: 2.5 } as Record<
  number,
  number
>;
const COAST = { 2: 0, 5: 0, 10: 0, 25: 0, 50: 0.1, 100: 0.4, 250: 0.8, 500: 1, 1000: 1.5 } as Record<number, number>;
const EXAMPLES_FILE = "app/domain/api-contract/flood-examples.json";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

let layers: AqueductTestLayers;
const before = process.env.LAYERS_DIR;

beforeAll(async () => {
  layers = await fetchAqueductTestLayers({
    river: [{ ...COLOGNE, depths: RIVER }],
    coastal: [{ ...ROTTERDAM, depths: COAST }],
    bbox: [-10, 35, 30, 60],
  });
  process.env.LAYERS_DIR = layers.dir;
}, 120_000);
afterAll(() => {
  if (before === undefined) delete process.env.LAYERS_DIR;
  else process.env.LAYERS_DIR = before;
  layers.remove();
});

async function premiumAuth() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  const { key } = await rotateApiKey(user);
  return { Authorization: `Bearer ${key!}` };
}

const get = (query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  (pointRoute.loader as Handler)({
    request: new Request(
      `http://localhost${apiUrl(API_PATHS.floodLoss)}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      { headers },
    ),
    params: {},
    context: {},
  });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  (batchRoute.action as Handler)({
    request: new Request(`http://localhost${apiUrl(API_PATHS.floodLossBatch)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    params: {},
    context: {},
  });

/** The published table at a depth (as the Float32 map stores it), linear between its depths. */
function jrc(row: readonly number[], metres: number): number {
  const depth = Math.fround(metres);
  const depths = [0, 0.5, 1, 1.5, 2, 3, 4, 5, 6];
  if (depth <= 0) return 0;
  for (let i = 1; i < depths.length; i++)
    if (depth <= depths[i]!)
      return row[i - 1]! + ((row[i]! - row[i - 1]!) * (depth - depths[i - 1]!)) / (depths[i]! - depths[i - 1]!);
  return row[row.length - 1]!;
}

/** EAD by hand: trapezoids over p = 1/T from the 1-in-2 (protection) to the 1-in-1000, then the rarest damage held to p = 0. */
function eadByHand(depths: Record<number, number>, row: readonly number[]): number {
  const rps = [2, 5, 10, 25, 50, 100, 250, 500, 1000];
  let sum = 0;
  for (let i = 1; i < rps.length; i++)
    sum += ((jrc(row, depths[rps[i - 1]!]!) + jrc(row, depths[rps[i]!]!)) / 2) * (1 / rps[i - 1]! - 1 / rps[i]!);
  return sum + jrc(row, depths[1000]!) / 1000;
}

describe("GET /api/v1/flood/loss", () => {
  it("answers depths per return period, the level, the damage ratios and EUR from the fetched layers", async () => {
    const auth = await premiumAuth();
    const res = await get({ ...COLOGNE, occupancy: "residential", value_eur: 2_000_000 }, auth);
    expect(res.status).toBe(200);
    const body = FloodLossResponse.parse(await res.json());
    expect(body).toMatchObject({
      status: "ok",
      scenario: "hist",
      period: "hist",
      country_code: "DE",
      occupancy: "residential",
      occupancy_source: "given",
    });
    if (!body.river.available) throw new Error("river layer expected");
    const row = DEPTH_DAMAGE_TABLE.residential.europe!;
    expect(body.river.depths.map((d) => d.return_period)).toEqual([2, 5, 10, 25, 50, 100, 250, 500, 1000]);
    for (const d of body.river.depths) {
      expect(d.depth_m).toBeCloseTo(RIVER[d.return_period]!, 5);
      expect(d.damage_ratio).toBeCloseTo(jrc(row, RIVER[d.return_period]!), 5);
    }
    expect(body.river.level).toMatchObject({ level: "medium", band: 3 });
    expect(body.river.explanation).toMatch(/from the published depth map/);
    if (!body.river.loss.ok) throw new Error("loss expected");
    expect(body.river.loss.protection_years).toBe(2);
    expect(body.river.loss.ead_ratio).toBeCloseTo(eadByHand(RIVER, row), 8);
    expect(body.river.loss.ead_eur).toBeCloseTo(eadByHand(RIVER, row) * 2_000_000, 2);
    expect(body.river.loss.loss_100_eur).toBeCloseTo(jrc(row, 1.2) * 2_000_000, 2);
    // Cologne's coastal pixel is dry at every return period: covered, no loss.
    expect(body.coastal).toMatchObject({ available: true, loss: { ok: true, ead_eur: 0, loss_100_eur: 0 } });
  });

  it("a stated protection standard cuts the frequent floods: no damage up to 1-in-25", async () => {
    const auth = await premiumAuth();
    const body = await (await get({ ...COLOGNE, value_eur: 1_000_000, protection_years: 25 }, auth)).json();
    const row = DEPTH_DAMAGE_TABLE.commercial.europe!;
    const rps = [25, 50, 100, 250, 500, 1000];
    let ead = 0;
    for (let i = 1; i < rps.length; i++)
      ead += ((jrc(row, RIVER[rps[i - 1]!]!) + jrc(row, RIVER[rps[i]!]!)) / 2) * (1 / rps[i - 1]! - 1 / rps[i]!);
    ead += jrc(row, RIVER[1000]!) / 1000;
    expect(body).toMatchObject({ occupancy: "commercial", occupancy_source: "default" });
    expect(body.river.loss.protection_years).toBe(25);
    expect(body.river.loss.ead_eur).toBeCloseTo(ead * 1_000_000, 2);
  });

  it("where no layer covers the place: not available and how to add one, no figure", async () => {
    const auth = await premiumAuth();
    const body = await (await get({ ...NEW_YORK, value_eur: 1_000_000 }, auth)).json();
    expect(body.river).toEqual({ available: false, message: NO_DEPTH_LAYER, how_to_add: HOW_TO_ADD_LAYER });
    expect(body.coastal).toEqual({ available: false, message: NO_DEPTH_LAYER, how_to_add: HOW_TO_ADD_LAYER });
    // Aqueduct publishes no RCP2.6-like slot for 2040: no layer, nothing interpolated.
    const future = await (await get({ ...COLOGNE, scenario: "rcp45", period: "2050" }, auth)).json();
    expect(future.river).toMatchObject({ available: false, message: NO_DEPTH_LAYER });
  });

  it("refuses bad input and callers without credentials", async () => {
    const auth = await premiumAuth();
    expect((await get({ lat: 95, lon: 7 }, auth)).status).toBe(400);
    const wrong = await get({ ...COLOGNE, occupancy: "castle" }, auth);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).field).toBe("occupancy");
    const slot = await get({ ...COLOGNE, scenario: "rcp85", period: "hist" }, auth);
    expect(await slot.json()).toMatchObject({
      field: "period",
      error: "scenario rcp85 needs a period of 2030, 2050 or 2080",
    });
    expect((await get(COLOGNE)).status).toBe(401);
  });
});

describe("POST /api/v1/flood/loss/batch", () => {
  const request = {
    scenario: "hist",
    period: "hist",
    locations: [
      { id: "cologne-office", ...COLOGNE, occupancy: "commercial", value_eur: 5_000_000 },
      { id: "rotterdam-warehouse", ...ROTTERDAM, occupancy: "industrial", value_eur: 3_000_000 },
      { id: "new-york", ...NEW_YORK, value_eur: 1_000_000 },
    ],
  };

  it("values every asset and adds the expected annual losses; the 1-in-100 sum is stated as not a portfolio loss", async () => {
    const auth = await premiumAuth();
    const res = await post(request, auth);
    expect(res.status).toBe(200);
    const body = FloodBatchResponse.parse(await res.json());
    const riverEad = eadByHand(RIVER, DEPTH_DAMAGE_TABLE.commercial.europe!) * 5_000_000;
    const coastEad = eadByHand(COAST, DEPTH_DAMAGE_TABLE.industrial.europe!) * 3_000_000;
    expect(body.items.map((i) => i.id)).toEqual(["cologne-office", "rotterdam-warehouse", "new-york"]);
    expect(body.items[2]!.river).toMatchObject({ available: false, message: NO_DEPTH_LAYER });
    expect(body.totals.river.ead_eur).toBeCloseTo(riverEad, 2);
    expect(body.totals.coastal.ead_eur).toBeCloseTo(coastEad, 2);
    expect(body.totals.ead_eur).toBeCloseTo(riverEad + coastEad, 2);
    expect(body.totals.river.sum_loss_100_eur).toBeCloseTo(
      jrc(DEPTH_DAMAGE_TABLE.commercial.europe!, 1.2) * 5_000_000,
      2,
    );
    expect(body.totals.coastal.sum_loss_100_eur).toBeCloseTo(
      jrc(DEPTH_DAMAGE_TABLE.industrial.europe!, 0.4) * 3_000_000,
      2,
    );
    // Both European assets lie in the layers' box, each kind covers them (dry or not); New York is outside.
    expect(body.totals.river.assets_with_loss).toBe(2);
    expect(body.totals.note).toBe(PORTFOLIO_RP_SUM_NOTE);
  });

  it("the document's examples are these real answers", async () => {
    const auth = await premiumAuth();
    const point = await (await get({ ...COLOGNE, occupancy: "residential", value_eur: 2_000_000 }, auth)).json();
    const batch = await (await post(request, auth)).json();
    // The local server stands for the published bucket: the example names the bucket, as a real fetch records it.
    const published = (x: unknown) =>
      JSON.parse(JSON.stringify(x).replace(/http:\/\/127\.0\.0\.1:\d+\/ok/g, AQUEDUCT_BASE_URL));
    const real = { point: published(point), batchRequest: request, batchResponse: published(batch) };
    if (process.env.WRITE_FLOOD_EXAMPLES === "1") writeFileSync(EXAMPLES_FILE, `${JSON.stringify(real, null, 2)}\n`);
    expect(JSON.parse(readFileSync(EXAMPLES_FILE, "utf8"))).toEqual(real);
  });

  it("names the field at fault", async () => {
    const auth = await premiumAuth();
    const res = await post({ locations: [{ lat: 50, lon: 7, value_eur: -1 }] }, auth);
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe("locations[0].value_eur");
  });
});
