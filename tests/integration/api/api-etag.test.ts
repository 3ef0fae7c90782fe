import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { METHODOLOGY_VERSION } from "~/domain/reports/build";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";

const getDb = setupTestDatabase();
const LONDON = { lat: "51.507", lon: "-0.128", scenario: "rcp85", period: "2050" };

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

function requestOf(path: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL(`http://localhost${apiUrl(path)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return new Request(url, { headers });
}

const get = (
  route: { loader: unknown },
  path: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) => (route.loader as Loader)({ request: requestOf(path, query, headers), params: {}, context: {} });

describe("score answers are versioned", () => {
  for (const [name, route, path, query] of [
    [
      "hazard_scores",
      hazardScores,
      API_PATHS.riskHazardScores,
      { location_code: "GB", scenario: "rcp45", period: "2050" },
    ],
    ["get_data/hazards", pointHazards, API_PATHS.riskPointHazards, LONDON],
  ] as const) {
    it(`${name}: names the dataset and methodology versions, sends an ETag, and answers If-None-Match with 304`, async () => {
      const first = await get(route, path, query);
      expect(first.status).toBe(200);
      const body = (await first.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        status: "ok",
        dataset_version: getRiskEngine().datasetVersion,
        methodology_version: METHODOLOGY_VERSION,
      });
      const etag = first.headers.get("ETag")!;
      expect(etag).toMatch(/^"[\w-]{32}"$/);

      const notModified = await get(route, path, query, { "If-None-Match": `"other", ${etag}` });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("ETag")).toBe(etag);
      expect(await notModified.text()).toBe("");
      expect((await get(route, path, query, { "If-None-Match": "W/" + etag })).status).toBe(304);

      // The same query in another order is the same answer; another period is another one.
      const reordered = Object.fromEntries(Object.entries(query).reverse());
      expect((await get(route, path, reordered)).headers.get("ETag")).toBe(etag);
      const other = await get(route, path, { ...query, period: "2030" });
      expect(other.status).toBe(200);
      expect(other.headers.get("ETag")).not.toBe(etag);
      expect((await get(route, path, query, { "If-None-Match": other.headers.get("ETag")! })).status).toBe(200);

      // The server's fast path calls the same reply: the same ETag and the same 304.
      const fast = route.riskdbEndpoint;
      expect((await fast(requestOf(path, query))).headers.ETag).toBe(etag);
      const fast304 = await fast(requestOf(path, query, { "If-None-Match": etag }));
      expect(fast304).toMatchObject({ status: 304, body: null });
    });
  }

  it("a point read with a key whose account ordered the hexagon has another ETag than the anonymous read (its country); a refused read gets no 304", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await grantLocation(user.id, "84194adffffffff", "order");
    const { key } = await rotateApiKey(user);
    const auth = { Authorization: `Bearer ${key!}` };
    const anonymous = await get(pointHazards, API_PATHS.riskPointHazards, LONDON);
    const keyed = await get(pointHazards, API_PATHS.riskPointHazards, LONDON, auth);
    expect(((await anonymous.json()) as { location_type: string }).location_type).toBe("country");
    expect(((await keyed.json()) as { location_type: string }).location_type).toBe("hexagon");
    expect(keyed.headers.get("ETag")).not.toBe(anonymous.headers.get("ETag"));
    const keyed304 = await get(pointHazards, API_PATHS.riskPointHazards, LONDON, {
      ...auth,
      "If-None-Match": keyed.headers.get("ETag")!,
    });
    expect(keyed304.status).toBe(304);
    expect(keyed304.headers.get("RateLimit-Limit")).toBe("600");

    // An anonymous caller that learnt a region's ETag still gets the 401, not a 304.
    const region = { location_code: "ES-M", scenario: "rcp45", period: "2030" };
    const refused = await get(hazardScores, API_PATHS.riskHazardScores, region, { "If-None-Match": "*" });
    expect(refused.status).toBe(401);
  });
});
