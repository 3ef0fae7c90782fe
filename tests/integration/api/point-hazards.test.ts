/**
 * A point is scored from its own ground through the API: two points of one resolution-4 hexagon that differ in a
 * driver (the Rhine bank in Köln's Altstadt and the Bergisches Land heights east of it) get different river-flood
 * answers from `get_data/hazards`, while `hazard_scores` for the hexagon keeps the hexagon's own stored value.
 */
import { latLngToCell } from "h3-js";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import { VALUE_SCALE } from "~/risk/dataset";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";

const getDb = setupTestDatabase();

const BANK = { lat: 50.9375, lon: 6.9633 };
const HEIGHTS = { lat: 50.995, lon: 7.21 };
const HEX = latLngToCell(BANK.lat, BANK.lon, 4);

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;
interface Item {
  hazard_id: string;
  value: number | null;
  score: number | null;
}

async function get(
  route: { loader: unknown },
  apiPath: string,
  query: Record<string, string>,
  headers: HeadersInit = {},
) {
  const url = new URL(`http://localhost${apiUrl(apiPath)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await (route.loader as Loader)({ request: new Request(url, { headers }), params: {}, context: {} });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

const fd = (body: { hazards: Item[] }) => body.hazards.find((h) => h.hazard_id === "FD")!;

describe("GET get_data/hazards scores a point from its own drivers", () => {
  it("two points of one hexagon differ in river flood; hazard_scores keeps the hexagon's own value", async () => {
    expect(latLngToCell(HEIGHTS.lat, HEIGHTS.lon, 4)).toBe(HEX);
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const { key } = await rotateApiKey(user);
    await grantLocation(user.id, HEX, "order");
    const auth = { Authorization: `Bearer ${key}` };
    const slot = { scenario: "hist", period: "hist" };

    // hazard_scores for a hexagon names a point inside it but answers for the hexagon: the bank's, then the heights'
    const before = await get(
      hazardScores,
      API_PATHS.riskHazardScores,
      { location_code: HEX, lat: String(BANK.lat), lon: String(BANK.lon), ...slot },
      auth,
    );
    const bank = await get(
      pointHazards,
      API_PATHS.riskPointHazards,
      { lat: String(BANK.lat), lon: String(BANK.lon), ...slot },
      auth,
    );
    const heights = await get(
      pointHazards,
      API_PATHS.riskPointHazards,
      { lat: String(HEIGHTS.lat), lon: String(HEIGHTS.lon), ...slot },
      auth,
    );
    const after = await get(
      hazardScores,
      API_PATHS.riskHazardScores,
      { location_code: HEX, lat: String(HEIGHTS.lat), lon: String(HEIGHTS.lon), ...slot },
      auth,
    );

    for (const r of [bank, heights]) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ status: "ok", hexagon_code: HEX, location_type: "hexagon", location_code: HEX });
    }
    // the bank lies in the Rhine's floodplain, the heights 150 m above it in none
    expect(fd(bank.body).score).toBeGreaterThanOrEqual(3);
    expect(fd(bank.body).score).toBeGreaterThan(fd(heights.body).score!);
    expect(fd(bank.body).value).toBe(
      getRiskEngine()
        .pointScores(BANK.lat, BANK.lon, HEX, "hist", "hist")
        .hazards.find((h) => h.hazard_id === "FD")!.value,
    );

    // the hexagon answers with its own stored value, whichever of its points is named
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const engine = getRiskEngine();
    const stored = engine.valueCode(engine.cellRow(HEX), HAZARD_IDS.indexOf("FD"), 0) / VALUE_SCALE;
    expect(fd(before.body).value).toBe(stored);
    expect(after.body.hazards).toEqual(before.body.hazards);
    expect(after.body.aggregate).toEqual(before.body.aggregate);
  });

  it("a caller who may read only the country gets the country's answer for both points", async () => {
    const slot = { scenario: "hist", period: "hist" };
    const bank = await get(pointHazards, API_PATHS.riskPointHazards, {
      lat: String(BANK.lat),
      lon: String(BANK.lon),
      ...slot,
    });
    const heights = await get(pointHazards, API_PATHS.riskPointHazards, {
      lat: String(HEIGHTS.lat),
      lon: String(HEIGHTS.lon),
      ...slot,
    });
    expect(bank.body).toMatchObject({ status: "ok", location_type: "country", location_code: "DE" });
    expect(heights.body).toMatchObject({ status: "ok", location_type: "country", location_code: "DE" });
    expect(fd(bank.body)).toEqual(fd(heights.body));
    expect(fd(bank.body).value).toBe(
      getRiskEngine()
        .scores("DE", "hist", "hist")
        .hazards.find((h) => h.hazard_id === "FD")!.value,
    );
  });
});
