import { eq } from "drizzle-orm";
import { createUser } from "#db/factories";
import { apiKeys } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, API_PREFIX, apiUrl } from "~/domain/api/api-paths";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { withFloodLayerScores } from "~/risk/engine/flood-layer-scores";
import { floodLayerSlotAt } from "~/services/flood/flood-layer-scores.server";
import { API_KEY_NONE_MESSAGE, rotateApiKey } from "~/services/api/keys/api-keys.server";
import { nearestPlaceName } from "~/services/maps/places.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { createSession } from "~/services/auth/session.server";
import * as appKeyCustomer from "../../../app/routes/api+/customer.get_app_key";
import * as availableLocations from "../../../app/routes/api+/userdb.available_locations";
import * as countries from "../../../app/routes/api+/riskdb+/countries";
import * as durations from "../../../app/routes/api+/riskdb+/durations";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";
import * as hazardIds from "../../../app/routes/api+/riskdb+/hazards_ids";
import * as locationCodes from "../../../app/routes/api+/riskdb+/location_codes";
import * as periods from "../../../app/routes/api+/riskdb+/periods";
import * as regions from "../../../app/routes/api+/riskdb+/regions";
import * as scenarios from "../../../app/routes/api+/riskdb+/scenarios";
import * as statistic from "../../../app/routes/api+/riskdb+/statistic";
import * as appKeyV1 from "../../../app/routes/api+/v1+/get_app_key";
import { apiPathOfRouteFile, withoutTrailingSlash } from "~/domain/api/api-route-files";
import { routeModuleFiles } from "../../support/api-route-files";

const getDb = setupTestDatabase();
const LONDON_HEX = "84194adffffffff";
const LONDON = { lat: "51.507", lon: "-0.128" };

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

async function get(
  route: { loader: unknown },
  apiPath: string,
  query: Record<string, string> = {},
  headers: HeadersInit = {},
) {
  const url = new URL(`http://localhost${apiUrl(apiPath)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await (route.loader as Loader)({ request: new Request(url, { headers }), params: {}, context: {} });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

async function send(route: { action?: unknown }, apiPath: string, method: string, headers: HeadersInit = {}) {
  const request = new Request(`http://localhost${apiUrl(apiPath)}`, { method, headers });
  const res = await (route.action as Loader)({ request, params: {}, context: {} });
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : await res.json() };
}

async function userWith(planCode: "DISCOVERY" | "PREMIUM" | "GRANULAR" | "COUNTRY+") {
  const user = (await createUser(getDb(), { planCode }))!;
  const token = await createSession(user.id);
  return { user, token, auth: { Authorization: `Bearer ${token}` }, cookie: { Cookie: `weather_token=${token}` } };
}

describe("route files follow the API path constants", () => {
  it("each riskdb/userdb/app-key path has its route module under app/routes/api+", () => {
    const keys = [
      "riskCountries",
      "riskRegions",
      "riskDurations",
      "riskScenarios",
      "riskHazardIds",
      "riskPeriods",
      "riskHazardScores",
      "riskLocationCodes",
      "riskStatistic",
      "riskPointHazards",
      "availableLocations",
      "customerAppKey",
      "appKey",
    ] as const;
    const routed = new Set(routeModuleFiles().map((file) => withoutTrailingSlash(apiPathOfRouteFile(file) ?? "")));
    for (const k of keys)
      expect(routed.has(withoutTrailingSlash(API_PATHS[k])), `${API_PREFIX}${API_PATHS[k]}`).toBe(true);
  });
});

describe("riskdb lists", () => {
  it("countries, with CORS for any origin and no credentials", async () => {
    const r = await get(countries, API_PATHS.riskCountries);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("ok");
    expect(r.body.countries.length).toBeGreaterThan(200);
    expect(r.body.countries).toContainEqual({ country_code: "GB", country_name: "United Kingdom" });
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(r.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(r.headers.get("Cache-Control")).toContain("public");
  });

  it("regions of a country; 400 naming country_code; 404 for an unknown country", async () => {
    const r = await get(regions, API_PATHS.riskRegions, { country_code: "gb" });
    expect(r.body).toMatchObject({ status: "ok", country_code: "GB" });
    expect(r.body.regions).toContainEqual({ region_code: "GB-LND", region_name: "London" });
    const missing = await get(regions, API_PATHS.riskRegions);
    expect(missing).toMatchObject({ status: 400, body: { error: "country_code is required", field: "country_code" } });
    const bad = await get(regions, API_PATHS.riskRegions, { country_code: "GBR" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("country_code");
    const unknown = await get(regions, API_PATHS.riskRegions, { country_code: "ZZ" });
    expect(unknown).toMatchObject({ status: 404, body: { error: "unknown country code ZZ" } });
    expect(unknown.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("durations, scenarios (with hist, RCP ids, no ssp245) and hazard ids (AL apart)", async () => {
    expect((await get(durations, API_PATHS.riskDurations)).body).toEqual({
      status: "ok",
      durations: [{ id: "30y", name: "30-year climatological window" }],
    });
    const s = (await get(scenarios, API_PATHS.riskScenarios)).body;
    expect(s.status).toBe("ok");
    expect(s.scenarios.map((x: { id: string }) => x.id)).toEqual(["hist", "rcp26", "rcp45", "rcp85"]);
    expect(s.scenarios.map((x: { name: string }) => x.name)).toEqual([
      "Historical (1950-1999)",
      "RCP2.6",
      "RCP4.5",
      "RCP8.5",
    ]);
    const h = (await get(hazardIds, API_PATHS.riskHazardIds)).body;
    expect(h.hazards.map((x: { hazard_id: string }) => x.hazard_id)).toEqual(PER_HAZARD_IDS);
    expect(h.aggregate).toMatchObject({ hazard_id: "AL", name: "Aggregate" });
  });

  it("periods per scenario; 400 naming scenario or duration", async () => {
    expect((await get(periods, API_PATHS.riskPeriods, { scenario: "hist", duration: "30y" })).body).toEqual({
      status: "ok",
      scenario: "hist",
      duration: "30y",
      periods: [{ id: "hist", name: "Historical (1950-1999)" }],
    });
    const f = (await get(periods, API_PATHS.riskPeriods, { scenario: "RCP8.5" })).body;
    expect(f.periods.map((p: { id: string }) => p.id)).toEqual(["2030", "2040", "2050"]);
    expect(await get(periods, API_PATHS.riskPeriods, { scenario: "ssp370" })).toMatchObject({
      status: 400,
      body: { field: "scenario" },
    });
    expect(await get(periods, API_PATHS.riskPeriods, { scenario: "hist", duration: "1y" })).toMatchObject({
      status: 400,
      body: { field: "duration" },
    });
  });

  it("location codes of a point; at sea answers status out_of_range; bad coordinates 400 naming lat or lon", async () => {
    expect((await get(locationCodes, API_PATHS.riskLocationCodes, LONDON)).body).toMatchObject({
      status: "ok",
      hexagon_code: LONDON_HEX,
      region_code: expect.stringMatching(/^GB-/),
      country_code: "GB",
    });
    expect((await get(locationCodes, API_PATHS.riskLocationCodes, { lat: "0", lon: "-30" })).body).toMatchObject({
      status: "out_of_range",
      reason: "at_sea",
      hexagon_code: null,
      region_code: null,
    });
    // just off Copenhagen's shore: scored on the nearest land, and the answer says so
    expect((await get(locationCodes, API_PATHS.riskLocationCodes, { lat: "55.7", lon: "12.65" })).body).toMatchObject({
      status: "ok",
      country_code: "DK",
      snapped_to_land: { distance_km: expect.any(Number) },
    });
    expect(await get(locationCodes, API_PATHS.riskLocationCodes, { lat: "95", lon: "0" })).toMatchObject({
      status: 400,
      body: { error: "lat must be a number within -90..90", field: "lat" },
    });
    expect(await get(locationCodes, API_PATHS.riskLocationCodes, { lat: "10" })).toMatchObject({
      status: 400,
      body: { error: "lon is required", field: "lon" },
    });
  });

  it("statistic: geography and dataset figures", async () => {
    const r = (await get(statistic, API_PATHS.riskStatistic)).body;
    expect(r.statistic.geography).toEqual({ lat: 51.507, lon: -0.128, country: "GB", city: "London" });
    expect(r.statistic.dataset.cells).toBeGreaterThan(50_000);
  });
});

describe("hazard scores", () => {
  it("any country for an anonymous caller: 11 hazards with value, score, level, confidence, applicable", async () => {
    const bd = await get(hazardScores, API_PATHS.riskHazardScores, {
      location_code: "BD",
      scenario: "rcp85",
      period: "2050",
    });
    expect(bd).toMatchObject({ status: 200, body: { status: "ok", location_code: "BD", location_type: "country" } });
    const r = await get(hazardScores, API_PATHS.riskHazardScores, {
      location_code: "GB",
      scenario: "rcp85",
      period: "2050",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: "ok",
      location_code: "GB",
      location_type: "country",
      scenario: "rcp85",
      period: "2050",
    });
    expect(r.body.hazards.map((h: { hazard_id: string }) => h.hazard_id)).toEqual(PER_HAZARD_IDS);
    for (const h of r.body.hazards) {
      expect(Object.keys(h)).toEqual(
        expect.arrayContaining(["hazard_id", "name", "value", "score", "level", "confidence", "applicable"]),
      );
      if (h.value === null) expect(h.score).toBeNull();
      else {
        expect(h.value).toBeGreaterThanOrEqual(0);
        expect(h.value).toBeLessThanOrEqual(1);
        expect(["L", "M", "H", "S", "E"][h.score - 1]).toBe(h.level);
      }
      expect(h.explanation).toBeUndefined();
    }
  });

  it("explain=1 adds the explanation", async () => {
    const r = await get(hazardScores, API_PATHS.riskHazardScores, {
      location_code: "FR",
      scenario: "hist",
      explain: "1",
    });
    expect(r.body.hazards[0].explanation).toMatchObject({ formula: expect.any(String) });
    expect(r.body.aggregate.explanation).toBeDefined();
  });

  it("400 naming the bad parameter, 404 for unknown codes, no stack traces", async () => {
    const q = (o: Record<string, string>) => get(hazardScores, API_PATHS.riskHazardScores, o);
    expect(await q({ scenario: "rcp85", period: "2050" })).toMatchObject({
      status: 400,
      body: { field: "location_code", error: "location_code is required" },
    });
    expect(await q({ location_code: "GB", scenario: "rcp60", period: "2050" })).toMatchObject({
      status: 400,
      body: { field: "scenario" },
    });
    expect(await q({ location_code: "GB", scenario: "rcp85", period: "2100" })).toMatchObject({
      status: 400,
      body: { field: "period" },
    });
    expect(await q({ location_code: "GB", scenario: "rcp85" })).toMatchObject({
      status: 400,
      body: { field: "period" },
    });
    expect(await q({ location_code: "GB", explain: "maybe" })).toMatchObject({
      status: 400,
      body: { field: "explain" },
    });
    expect(await q({ location_code: "London!" })).toMatchObject({ status: 400, body: { field: "location_code" } });
    expect(await q({ location_code: "85194ad3fffffff" })).toMatchObject({
      status: 400,
      body: { field: "location_code" },
    });
    const zz = await q({ location_code: "ZZ" });
    expect(zz).toMatchObject({ status: 404, body: { error: "unknown country code ZZ" } });
    expect(await q({ location_code: "GB-QQQ" })).toMatchObject({ status: 404 });
    expect(JSON.stringify(zz.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it("a paid region: 401 anonymous, 403 with the modal for a user without it, 200 once ordered", async () => {
    const q = { location_code: "ES-M", scenario: "rcp45", period: "2030" };
    expect((await get(hazardScores, API_PATHS.riskHazardScores, q)).status).toBe(401);
    const { user, auth, cookie } = await userWith("PREMIUM");
    const denied = await get(hazardScores, API_PATHS.riskHazardScores, q, auth);
    expect(denied).toMatchObject({
      status: 403,
      body: {
        field: "location_code",
        kind: "region",
        location_code: "ES-M",
        code: "not_entitled",
        modal: "buyDataModal",
      },
    });
    await grantLocation(user.id, "ES-M", "order");
    const ok = await get(hazardScores, API_PATHS.riskHazardScores, q, cookie);
    expect(ok).toMatchObject({ status: 200, body: { status: "ok", location_code: "ES-M" } });
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
    const discovery = await userWith("DISCOVERY");
    expect((await get(hazardScores, API_PATHS.riskHazardScores, q, discovery.auth)).body.modal).toBe("addCreditsModal");
    expect(
      (await get(hazardScores, API_PATHS.riskHazardScores, q, { Authorization: "Bearer crk_wrongwrongwrongwrong" }))
        .status,
    ).toBe(401);
  });

  it("hexagons: 403 without entitlement (session or API key alike), 200 once ordered, with lat and lon inside the hexagon", async () => {
    const q = { location_code: LONDON_HEX, scenario: "rcp85", period: "2050", ...LONDON };
    expect((await get(hazardScores, API_PATHS.riskHazardScores, q)).status).toBe(401);
    const premium = await userWith("PREMIUM");
    expect((await get(hazardScores, API_PATHS.riskHazardScores, q, premium.auth)).status).toBe(403);
    const { key } = await rotateApiKey(premium.user);
    const withKey = { Authorization: `Bearer ${key}` };
    expect(await get(hazardScores, API_PATHS.riskHazardScores, q, withKey)).toMatchObject({
      status: 403,
      body: { modal: "buyDataModal" },
    });
    await grantLocation(premium.user.id, LONDON_HEX, "order");
    const ok = await get(hazardScores, API_PATHS.riskHazardScores, { ...q, explain: "1" }, withKey);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "ok", location_type: "hexagon", location_code: LONDON_HEX });
    expect(ok.body.hazards[0].explanation.inputs).toBeDefined();
    const { lat: _lat, ...noLat } = q;
    expect(await get(hazardScores, API_PATHS.riskHazardScores, noLat, withKey)).toMatchObject({
      status: 400,
      body: { field: "lat" },
    });
    const { lon: _lon, ...noLon } = q;
    expect(await get(hazardScores, API_PATHS.riskHazardScores, noLon, withKey)).toMatchObject({
      status: 400,
      body: { field: "lon" },
    });
    const elsewhere = await get(
      hazardScores,
      API_PATHS.riskHazardScores,
      { ...q, lat: "48.857", lon: "2.352" },
      withKey,
    );
    expect(elsewhere).toMatchObject({ status: 400, body: { field: "lat" } });
    expect(elsewhere.body.error).toContain(LONDON_HEX);
    // a point in the sea off Brighton lies in a sea cell: it is scored in the land hexagon location_codes gives it
    const offBrighton = { lat: "50.8", lon: "-0.14" };
    const located = (await get(locationCodes, API_PATHS.riskLocationCodes, offBrighton)).body;
    expect(located).toMatchObject({
      status: "ok",
      country_code: "GB",
      snapped_to_land: { distance_km: expect.any(Number) },
    });
    await grantLocation(premium.user.id, located.hexagon_code, "order");
    const snapped = await get(
      hazardScores,
      API_PATHS.riskHazardScores,
      { ...q, location_code: located.hexagon_code, ...offBrighton },
      withKey,
    );
    expect(snapped).toMatchObject({ status: 200, body: { status: "ok", location_code: located.hexagon_code } });
    // a GRANULAR user reads the hexagons they ordered, with their session
    const granular = await userWith("GRANULAR");
    await grantLocation(granular.user.id, LONDON_HEX, "order");
    expect((await get(hazardScores, API_PATHS.riskHazardScores, q, granular.cookie)).status).toBe(200);
  });
});

describe("point hazards", () => {
  it("answers the hazards of a point, with scenario/period and explain", async () => {
    const r = await get(pointHazards, API_PATHS.riskPointHazards, {
      ...LONDON,
      scenario: "rcp26",
      period: "2040",
      explain: "1",
    });
    expect(r.body).toMatchObject({
      status: "ok",
      hexagon_code: LONDON_HEX,
      country_code: "GB",
      scenario: "rcp26",
      period: "2040",
    });
    expect(r.body.hazards).toHaveLength(PER_HAZARD_IDS.length);
    expect(r.body.hazards[0].explanation).toBeDefined();
    const hist = await get(pointHazards, API_PATHS.riskPointHazards, LONDON);
    expect(hist.body).toMatchObject({ scenario: "hist", period: "hist", snapped_to_land: null });
    // in the sea off Brighton: scored on the nearest land, and the answer says where and how far
    const sea = await get(pointHazards, API_PATHS.riskPointHazards, { lat: "50.8", lon: "-0.14" });
    expect(sea.body).toMatchObject({
      status: "ok",
      country_code: "GB",
      snapped_to_land: { lat: expect.any(Number), lon: expect.any(Number), distance_km: expect.any(Number) },
    });
    expect(sea.body.snapped_to_land.distance_km).toBeLessThanOrEqual(10);
    expect((await get(pointHazards, API_PATHS.riskPointHazards, { lat: "0", lon: "-30" })).body).toMatchObject({
      status: "out_of_range",
      hazards: null,
    });
    expect(await get(pointHazards, API_PATHS.riskPointHazards, { lat: "51.5" })).toMatchObject({
      status: 400,
      body: { field: "lon" },
    });
    expect(await get(pointHazards, API_PATHS.riskPointHazards, { lat: "abc", lon: "0" })).toMatchObject({
      status: 400,
      body: { field: "lat" },
    });
  });
});

describe("explain=1 speaks plainly", () => {
  const levelEnd = (it: { state: string; score: number | null }) =>
    it.state === "ok" ? `that is ${RISK_LEVELS[it.score! - 1]!.label}.` : "";

  it("a country: every hazard and the aggregate have a summary that names it and ends with the level; existing fields stay", async () => {
    const r = await get(hazardScores, API_PATHS.riskHazardScores, {
      location_code: "FR",
      scenario: "rcp45",
      period: "2040",
      explain: "1",
    });
    expect(r.status).toBe(200);
    for (const it of [r.body.aggregate, ...r.body.hazards]) {
      expect(it.explanation).toMatchObject({
        formula: expect.any(String),
        inputs: expect.any(Object),
        steps: expect.any(Array),
        summary: expect.any(String),
      });
      expect(it.explanation.summary.endsWith(levelEnd(it)), it.explanation.summary).toBe(true);
      if (it.state === "ok") expect(it.explanation.summary).toMatch(/^France's /);
    }
  });

  it("a point's hexagon with a PREMIUM key: the engine's words for the point in the town, with the drivers and their units", async () => {
    const premium = await userWith("PREMIUM");
    const { key } = await rotateApiKey(premium.user);
    await grantLocation(premium.user.id, LONDON_HEX, "order");
    const r = await get(
      pointHazards,
      API_PATHS.riskPointHazards,
      { ...LONDON, scenario: "rcp85", period: "2050", explain: "1" },
      { Authorization: `Bearer ${key}` },
    );
    expect(r.body).toMatchObject({ status: "ok", location_type: "hexagon", location_code: LONDON_HEX });
    const name = nearestPlaceName(Number(LONDON.lat), Number(LONDON.lon));
    // at the hexagon level the point is scored from its own drivers
    // River and coastal flood say which source scored them (no depth layer here: the index, with its note).
    const at = { lat: Number(LONDON.lat), lon: Number(LONDON.lon) };
    const same = withFloodLayerScores(
      getRiskEngine().pointScores(at.lat, at.lon, LONDON_HEX, "rcp85", "2050", {
        explain: true,
        place: { kind: "point", name },
      }),
      await floodLayerSlotAt({ at }, "rcp85", "2050"),
      true,
    );
    for (const [i, it] of [r.body.aggregate, ...r.body.hazards].entries()) {
      const expected = [same.aggregate, ...same.hazards][i]!;
      expect(it.hazard_id).toBe(expected.hazard_id);
      expect(it.explanation.summary).toBe(expected.explanation!.summary);
      if (it.state === "ok")
        expect(it.explanation.summary).toMatch(
          new RegExp(
            `^(Screening index: [^.]+\\. )?(The point in ${name}|The aggregate for the point in ${name}|With \\+)`,
          ),
        );
      expect(it.explanation.summary.endsWith(levelEnd(it)), it.explanation.summary).toBe(true);
      expect(it.explanation.drivers).toEqual(expected.explanation!.drivers);
    }
    const hw = r.body.hazards.find((h: { hazard_id: string }) => h.hazard_id === "HW");
    expect(hw.explanation.summary).toMatch(
      /\+2\.31 °C global warming above 1850-1900 \(\+\d\.\d °C since 1950-1999\) by 2050 under RCP8\.5/,
    );
    expect(hw.explanation.drivers.find((d: { unit: string }) => d.unit === "°C")).toBeDefined();
  });
});

describe("CORS preflight and methods", () => {
  it("OPTIONS (which Remix hands to the loader) answers 204 with the CORS headers; POST is 405", async () => {
    const request = new Request(`http://localhost${apiUrl(API_PATHS.riskHazardScores)}`, {
      method: "OPTIONS",
      headers: { Origin: "https://example.org", "Access-Control-Request-Headers": "authorization" },
    });
    const pre = await (hazardScores.loader as Loader)({ request, params: {}, context: {} });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(pre.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect((await send(countries, API_PATHS.riskCountries, "POST")).status).toBe(405);
  });
});

describe("available locations", () => {
  it("401 anonymous; the user's lists, free marks, limits and tariff otherwise", async () => {
    expect((await get(availableLocations, API_PATHS.availableLocations)).status).toBe(401);
    const { user, auth } = await userWith("GRANULAR");
    await grantLocation(user.id, "GB-LND", "order");
    const r = await get(availableLocations, API_PATHS.availableLocations, {}, auth);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: "ok",
      tariff: { name: "GRANULAR" },
      order_list: { region: ["GB-LND"], hexagon: [] },
      free_order_list: { region: [], hexagon: [] },
    });
    expect(r.body.free_order_list.country).toEqual(expect.arrayContaining(["GB", "DK", "BD", "NG", "US", "ES"]));
    expect(typeof r.body.limit_country).toBe("number");
    expect(r.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("app key (both paths)", () => {
  it("403 with the spec's message below PREMIUM; 401 anonymous", async () => {
    const { auth } = await userWith("GRANULAR");
    for (const [route, p] of [
      [appKeyCustomer, API_PATHS.customerAppKey],
      [appKeyV1, API_PATHS.appKey],
    ] as const) {
      expect(await get(route, p, {}, auth)).toMatchObject({ status: 403, body: { error: API_KEY_FORBIDDEN_MESSAGE } });
      expect((await get(route, p)).status).toBe(401);
    }
  });

  it("PREMIUM: GET never creates a key (404 without one, also after a DELETE), POST creates and rotates, both paths see the same key", async () => {
    const { cookie, user } = await userWith("PREMIUM");
    await grantLocation(user.id, LONDON_HEX, "order");
    const keyRows = () => getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(await get(appKeyCustomer, API_PATHS.customerAppKey, {}, cookie)).toMatchObject({
      status: 404,
      body: { success: false, error: API_KEY_NONE_MESSAGE },
    });
    expect(await keyRows()).toHaveLength(0);
    const created = await send(appKeyV1, API_PATHS.appKey, "POST", cookie);
    const first = created as { status: number; body: { key: string; prefix: string } };
    expect(first).toMatchObject({ status: 200, body: { status: "ok", key: expect.stringMatching(/^crk_/) } });
    const again = await get(appKeyCustomer, API_PATHS.customerAppKey, {}, cookie);
    expect(again).toMatchObject({ status: 200, body: { key: null, prefix: first.body.prefix } });
    expect((await get(appKeyV1, API_PATHS.appKey, {}, cookie)).body).toEqual(again.body);
    const rotated = await send(appKeyV1, API_PATHS.appKey, "POST", cookie);
    expect(rotated).toMatchObject({ status: 200, body: { key: expect.stringMatching(/^crk_/) } });
    const q = { location_code: LONDON_HEX, scenario: "hist", ...LONDON };
    expect(
      (await get(hazardScores, API_PATHS.riskHazardScores, q, { Authorization: `Bearer ${first.body.key}` })).status,
    ).toBe(401);
    expect(
      (
        await get(hazardScores, API_PATHS.riskHazardScores, q, {
          Authorization: `Bearer ${(rotated.body as { key: string }).key}`,
        })
      ).status,
    ).toBe(200);
    // a key cannot rotate itself
    expect(
      (
        await send(appKeyCustomer, API_PATHS.customerAppKey, "POST", {
          Authorization: `Bearer ${(rotated.body as { key: string }).key}`,
        })
      ).status,
    ).toBe(403);
    expect(await send(appKeyCustomer, API_PATHS.customerAppKey, "DELETE", cookie)).toMatchObject({
      status: 200,
      body: { revoked: 1 },
    });
    // After the DELETE a GET reports that there is no key and issues none.
    for (const [route, p] of [
      [appKeyCustomer, API_PATHS.customerAppKey],
      [appKeyV1, API_PATHS.appKey],
    ] as const) {
      expect((await get(route, p, {}, cookie)).status).toBe(404);
    }
    expect((await keyRows()).filter((row) => row.revokedAt === null)).toHaveLength(0);
    expect(await keyRows()).toHaveLength(2);
  });
});

describe("a presented credential is checked on every riskdb path", () => {
  const bogus = { Authorization: "Bearer crk_bogus_not_a_real_key_000" };

  it("a bad API key or token is 401 on open country codes and on the lists too, not a silent anonymous 200", async () => {
    const uy = await get(hazardScores, API_PATHS.riskHazardScores, { location_code: "UY" }, bogus);
    expect(uy).toMatchObject({ status: 401, body: { success: false } });
    expect(
      (
        await get(
          hazardScores,
          API_PATHS.riskHazardScores,
          { location_code: "UY" },
          { Authorization: "Bearer not-a-session" },
        )
      ).status,
    ).toBe(401);
    expect((await get(countries, API_PATHS.riskCountries, {}, bogus)).status).toBe(401);
    expect((await get(locationCodes, API_PATHS.riskLocationCodes, LONDON, bogus)).status).toBe(401);
    // without credentials the same calls stay open
    expect((await get(hazardScores, API_PATHS.riskHazardScores, { location_code: "UY" })).status).toBe(200);
  });

  it("a valid key gets the answer with its RateLimit headers, counted once per request, and a shared cache never keeps it", async () => {
    const premium = await userWith("PREMIUM");
    const { key } = await rotateApiKey(premium.user);
    await grantLocation(premium.user.id, LONDON_HEX, "order");
    const withKey = { Authorization: `Bearer ${key}` };
    const first = await get(hazardScores, API_PATHS.riskHazardScores, { location_code: "UY" }, withKey);
    expect(first.status).toBe(200);
    expect(first.headers.get("RateLimit-Limit")).toBe("600");
    expect(first.headers.get("RateLimit-Remaining")).toBe("599");
    expect(Number(first.headers.get("RateLimit-Reset"))).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
    expect(first.headers.get("RateLimit-Policy")).toBe("600;w=60");
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    // get_data/hazards resolves the caller twice (wrapper and data function) but counts one request
    const point = await get(
      pointHazards,
      API_PATHS.riskPointHazards,
      { ...LONDON, scenario: "rcp85", period: "2050" },
      withKey,
    );
    expect(point).toMatchObject({ status: 200, body: { location_type: "hexagon", location_code: LONDON_HEX } });
    expect(point.headers.get("RateLimit-Remaining")).toBe("598");
    const anonymous = await get(hazardScores, API_PATHS.riskHazardScores, { location_code: "UY" });
    expect(anonymous.headers.get("RateLimit-Limit")).toBeNull();
  });
});
