import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { BATCH_CSV_COLUMNS, BATCH_CSV_HEADER } from "~/domain/api/params/batch-csv";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { withFloodLayerScores } from "~/risk/engine/flood-layer-scores";
import { floodLayerSlotAt } from "~/services/flood/flood-layer-scores.server";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { createSession } from "~/services/auth/session.server";
import * as batchRoute from "../../../app/routes/api+/v1+/hazards.batch";

const getDb = setupTestDatabase();
const LONDON_HEX = "84194adffffffff";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

async function post(body: unknown, headers: Record<string, string> = {}, query = "") {
  const request = new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return (batchRoute.action as Handler)({ request, params: {}, context: {} });
}

/** A PREMIUM account that ordered London's hexagon, and its API key. */
async function premiumKey() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  await grantLocation(user.id, LONDON_HEX, "order");
  const { key } = await rotateApiKey(user);
  return { user, auth: { Authorization: `Bearer ${key!}` } };
}

const compact = (h: {
  hazard_id: string;
  value: number | null;
  score: number | null;
  level: string | null;
  state: string;
  source?: unknown;
}) => ({
  hazard_id: h.hazard_id,
  value: h.value,
  score: h.score,
  level: h.level,
  state: h.state,
  ...(h.source ? { source: h.source } : {}),
});

const MIXED = {
  locations: [
    { id: "london", lat: 51.507, lon: -0.128 },
    { id: "atlantic", lat: 0, lon: -30 },
    { id: "nonsense", lat: 95, lon: 10 },
    { id: "madrid-region", location_code: "ES-M" },
    { location_code: "UY" },
    { id: "made-up", location_code: "ZZ-QQQ" },
  ],
  slots: [{ scenario: "hist" }, { scenario: "rcp85", period: "2050" }],
};

describe("POST /api/v1/hazards/batch", () => {
  it("answers every location on its own: scores at the finest readable level, error items for the rest, in request order", async () => {
    const { auth } = await premiumKey();
    const res = await post(MIXED, auth);
    expect(res.status).toBe(200);
    const body = await res.json();
    const engine = getRiskEngine();
    expect(body).toMatchObject({
      status: "ok",
      dataset_version: engine.datasetVersion,
      methodology_version: METHODOLOGY_VERSION,
      slots: [
        { scenario: "hist", period: "hist", warming_c: null },
        { scenario: "rcp85", period: "2050", warming_c: expect.any(Number) },
      ],
      count: 6,
      errors: 4,
    });
    const [london, atlantic, nonsense, region, uruguay, madeUp] = body.items;
    // the key reads the hexagon its account ordered; at that level the point is scored from its own drivers
    expect(london).toMatchObject({
      index: 0,
      id: "london",
      status: "ok",
      lat: 51.507,
      lon: -0.128,
      hexagon_code: LONDON_HEX,
      country_code: "GB",
      location_type: "hexagon",
      location_code: LONDON_HEX,
    });
    // River and coastal flood name their source (no depth layer here: the index, with its note).
    const expected = withFloodLayerScores(
      engine.pointScores(51.507, -0.128, LONDON_HEX, "rcp85", "2050"),
      await floodLayerSlotAt({ at: { lat: 51.507, lon: -0.128 } }, "rcp85", "2050"),
      false,
    );
    expect(london.results[1]).toEqual({
      scenario: "rcp85",
      period: "2050",
      aggregate: compact(expected.aggregate),
      hazards: expected.hazards.map(compact),
    });
    expect(london.results[0].hazards.map((h: { hazard_id: string }) => h.hazard_id)).toEqual(PER_HAZARD_IDS);
    expect(atlantic).toMatchObject({ index: 1, id: "atlantic", status: "error", code: "at_sea" });
    expect(nonsense).toMatchObject({
      index: 2,
      status: "error",
      code: "invalid_coordinates",
      error: "lat must be within -90..90",
    });
    expect(region).toMatchObject({ index: 3, status: "error", code: "not_in_plan" });
    expect(uruguay).toMatchObject({
      index: 4,
      id: null,
      status: "ok",
      location_type: "country",
      location_code: "UY",
      country_code: "UY",
      lat: null,
    });
    expect(madeUp).toMatchObject({ index: 5, status: "error", code: "unknown_location" });
  });

  it("a session reads what its plan holds: an ordered region is scored, a point falls back to its region or country", async () => {
    const user = (await createUser(getDb(), { planCode: "COUNTRY+" }))!;
    await grantLocation(user.id, "ES-M", "order");
    const auth = { Authorization: `Bearer ${await createSession(user.id)}` };
    const body = await (
      await post(
        { locations: [{ location_code: "ES-M" }, { lat: 40.4168, lon: -3.7038 }, { lat: 51.507, lon: -0.128 }] },
        auth,
      )
    ).json();
    expect(body.items.map((i: { location_type?: string; status: string }) => i.location_type ?? i.status)).toEqual([
      "region",
      "region",
      "country",
    ]);
    expect(body.items[1]).toMatchObject({ location_code: "ES-M", region_code: "ES-M" });
    expect(body.items[2]).toMatchObject({ location_code: "GB", hexagon_code: LONDON_HEX });
    expect(body.slots).toEqual([{ scenario: "hist", period: "hist", warming_c: null }]);
  });

  it("streams NDJSON on Accept or ?format=ndjson: a header line, then the same items as the JSON form", async () => {
    const { auth } = await premiumKey();
    const json = await (await post(MIXED, auth)).json();
    for (const [headers, query] of [
      [{ Accept: "application/x-ndjson" }, ""],
      [{}, "?format=ndjson"],
    ] as const) {
      const res = await post(MIXED, { ...auth, ...headers }, query);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
      const lines = (await res.text())
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      const { items, errors: _errors, ...header } = json;
      expect(lines[0]).toEqual(header);
      expect(lines.slice(1)).toEqual(items);
    }
  });

  it("streams CSV on Accept: text/csv or ?format=csv: the documented header row, then one row per item × slot, errors as columns", async () => {
    const { auth } = await premiumKey();
    const json = await (await post(MIXED, auth)).json();
    for (const [headers, query] of [
      [{ Accept: "text/csv" }, ""],
      [{}, "?format=csv"],
    ] as const) {
      const res = await post(MIXED, { ...auth, ...headers }, query);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
      expect(res.headers.get("RateLimit-Limit")).toBe("600");
      const rows = (await res.text()).split("\r\n");
      expect(rows.pop()).toBe("");
      expect(rows[0]).toBe(BATCH_CSV_HEADER);
      expect(rows).toHaveLength(1 + MIXED.locations.length * MIXED.slots.length);
      const column = (row: string, name: string) => row.split(",")[BATCH_CSV_COLUMNS.indexOf(name)];
      json.items.forEach(
        (
          item: {
            index: number;
            status: string;
            code?: string;
            results?: { aggregate: { value: number | null; level: string | null } }[];
          },
          i: number,
        ) => {
          for (let slot = 0; slot < MIXED.slots.length; slot++) {
            const row = rows[1 + i * MIXED.slots.length + slot]!;
            expect(column(row, "index")).toBe(String(item.index));
            expect(column(row, "status")).toBe(item.status);
            expect(column(row, "scenario")).toBe(json.slots[slot].scenario);
            if (item.status === "error") {
              expect(column(row, "code")).toBe(item.code);
              expect(column(row, "AL_value")).toBe("");
            } else {
              expect(column(row, "code")).toBe("");
              expect(column(row, "AL_value")).toBe(String(item.results![slot]!.aggregate.value ?? ""));
              expect(column(row, "AL_level")).toBe(item.results![slot]!.aggregate.level ?? "");
              expect(column(row, "dataset_version")).toBe(json.dataset_version);
            }
          }
        },
      );
    }
    expect((await post(MIXED, auth, "?format=xml")).status).toBe(400);
  });

  it("counts against the key by items, sends its RateLimit headers, and answers 304 to its own ETag", async () => {
    const { auth } = await premiumKey();
    const thousand = {
      locations: Array.from({ length: 1000 }, (_, i) => ({ location_code: i % 2 ? "GB" : "FR" })),
      slots: [{ scenario: "hist" }, { scenario: "rcp26", period: "2030" }],
    };
    const first = await post(thousand, auth);
    expect(first.status).toBe(200);
    expect(first.headers.get("RateLimit-Limit")).toBe("600");
    // 1,000 locations × 2 slots = 2,000 items = 2 requests
    expect(first.headers.get("RateLimit-Remaining")).toBe("598");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await post(thousand, { ...auth, "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    // A 304 is free: the budget is what the first answer left.
    expect(again.headers.get("RateLimit-Remaining")).toBe("598");
    // "*" cannot hold for a POST's answer: 412, not a 304.
    const star = await post(thousand, { ...auth, "If-None-Match": "*" });
    expect(star.status).toBe(412);
    expect(await star.json()).toMatchObject({ success: false, code: "precondition_failed" });
    // another request or another format is another answer
    expect(
      (await post({ ...thousand, slots: [{ scenario: "hist" }] }, { ...auth, "If-None-Match": etag })).status,
    ).toBe(200);
    expect((await post(thousand, { ...auth, "If-None-Match": etag }, "?format=ndjson")).status).toBe(200);
  });

  it("refuses a batch that is malformed as a whole (400 naming the field), anonymous callers (401), bad keys (401) and GET (405)", async () => {
    const { auth } = await premiumKey();
    const tooMany = { locations: Array.from({ length: 1001 }, () => ({ location_code: "GB" })) };
    expect(await (await post(tooMany, auth)).json()).toMatchObject({ success: false, field: "locations" });
    const badSlot = await post({ locations: [{ location_code: "GB" }], slots: [{ scenario: "rcp45" }] }, auth);
    expect(badSlot.status).toBe(400);
    expect(await badSlot.json()).toMatchObject({
      field: "slots[0].period",
      error: "scenario rcp45 needs a period of 2030, 2040 or 2050",
    });
    const twice = await post(
      { locations: [{ location_code: "GB" }], slots: [{ scenario: "hist" }, { scenario: "hist", period: "hist" }] },
      auth,
    );
    expect(await twice.json()).toMatchObject({ field: "slots[1]" });
    const shapeless = await post({ locations: [{ location_code: "GB" }, { lat: 1 }] }, auth);
    expect(await shapeless.json()).toMatchObject({ field: "locations[1]" });
    expect((await post("{not json", auth)).status).toBe(400);
    expect((await post({ locations: [{ location_code: "GB" }] }, auth, "?format=xml")).status).toBe(400);
    expect((await post({ locations: [{ location_code: "GB" }] })).status).toBe(401);
    expect(
      (await post({ locations: [{ location_code: "GB" }] }, { Authorization: "Bearer crk_bogus_not_a_real_key_000" }))
        .status,
    ).toBe(401);
    const get = await (batchRoute.loader as Handler)({
      request: new Request(`http://localhost${apiUrl(API_PATHS.hazardsBatch)}`, { headers: auth }),
      params: {},
      context: {},
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    // A 405 to a valid key tells the account's budget like every keyed answer.
    expect(get.headers.get("RateLimit-Limit")).toBe("600");
    expect(get.headers.get("RateLimit-Policy")).toBe("600;w=60");
  });
});
