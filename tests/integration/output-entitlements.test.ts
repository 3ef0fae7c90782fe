/**
 * Every output follows the one entitlement rule: the upload preview and the regional view show a caller exactly the
 * levels the point API and hazard_scores let that caller read.
 */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api-paths";
import { rotateApiKey } from "~/services/api-keys.server";
import { grantLocation } from "~/services/entitlements.server";
import { createSession } from "~/services/session.server";
import * as pointHazards from "../../app/routes/api+/riskdb.get_data.hazards";
import * as hazardScores from "../../app/routes/api+/riskdb.hazard_scores";
import * as uploadPreview from "../../app/routes/api+/upload.upload_preview";
import * as regionalCsv from "../../app/routes/dashboard+/regional[.]csv";
import * as regionalPage from "../../app/routes/dashboard+/regional";

const getDb = setupTestDatabase();
const LONDON = { lat: "51.507", lon: "-0.128" };
const LONDON_HEX = "84194adffffffff";
const SLOT = { scenario: "rcp85", period: "2050" } as const;

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;

async function call(handler: unknown, request: Request) {
  const res = await (handler as Handler)({ request, params: {}, context: {} });
  return res;
}

interface SummaryRow {
  hazard_id: string;
  scenario: string;
  period: string;
  weighted: { value: number | null };
}

async function preview(csv: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([csv], "one.csv", { type: "text/csv" }));
  const request = new Request(`http://localhost${apiUrl(API_PATHS.uploadPreview)}`, { method: "POST", body: form, headers });
  const res = await call(uploadPreview.action, request);
  expect(res.status).toBe(200);
  return (await res.json()) as { summary_table: SummaryRow[]; scored_at: Record<string, number>; locked_locations: number; valid_locations: number };
}

function previewValue(body: { summary_table: SummaryRow[] }, hazard: string) {
  return body.summary_table.find((r) => r.hazard_id === hazard && r.scenario === SLOT.scenario && r.period === SLOT.period)!.weighted.value;
}

async function pointApi(headers: Record<string, string> = {}) {
  const url = new URL(`http://localhost${apiUrl(API_PATHS.riskPointHazards)}`);
  for (const [k, v] of Object.entries({ ...LONDON, ...SLOT })) url.searchParams.set(k, v);
  const res = await call(pointHazards.loader, new Request(url, { headers }));
  expect(res.status).toBe(200);
  return (await res.json()) as { location_type: string; hazards: { hazard_id: string; value: number | null }[] };
}

function apiValue(body: { hazards: { hazard_id: string; value: number | null }[] }, hazard: string) {
  return body.hazards.find((h) => h.hazard_id === hazard)!.value!;
}

async function signedIn(planCode: "DISCOVERY" | "PREMIUM") {
  const user = (await createUser(getDb(), { planCode }))!;
  const token = await createSession(user.id);
  return { user, auth: { Authorization: `Bearer ${token}` }, cookie: { Cookie: `weather_token=${token}` } };
}

describe("the upload preview follows the entitlement rule", () => {
  it("shows an anonymous caller the country values the point API gives it, never the hexagon's", async () => {
    const api = await pointApi();
    expect(api.location_type).toBe("country");
    const body = await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n`);
    expect(body.scored_at).toEqual({ hexagon: 0, region: 0, country: 1 });
    for (const h of ["WF", "ER", "HW", "FD"]) expect(previewValue(body, h)).toBeCloseTo(apiValue(api, h), 3);
    // The hexagon's own values differ from the country's: the test would see a leak.
    const hex = await pointApi({ Authorization: `Bearer ${(await rotateApiKey((await signedIn("PREMIUM")).user)).key}` });
    expect(hex.location_type).toBe("hexagon");
    const gaps = ["WF", "ER", "HW", "FD", "CS", "DR"].map((h) => Math.abs((apiValue(hex, h) ?? 0) - (previewValue(body, h) ?? 0)));
    expect(Math.max(...gaps)).toBeGreaterThan(0.01);
  });

  it("shows a DISCOVERY user the same as the point API: every point at its country, none locked, no hexagon", async () => {
    const discovery = await signedIn("DISCOVERY");
    const api = await pointApi(discovery.auth);
    const body = await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n40.4168,-3.7038\n`, discovery.auth);
    expect(body.valid_locations).toBe(2);
    expect(body.scored_at).toEqual({ hexagon: 0, region: 0, country: 2 });
    expect(body.locked_locations).toBe(0);
    const london = await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n`, discovery.auth);
    expect(london.scored_at).toEqual({ hexagon: 0, region: 0, country: 1 });
    expect(previewValue(london, "WF")).toBeCloseTo(apiValue(api, "WF"), 3);
  });

  it("shows the hexagon's values to a user who ordered it, and to a PREMIUM API key, as the point API does", async () => {
    const premium = await signedIn("PREMIUM");
    await grantLocation(premium.user.id, LONDON_HEX, "order");
    const api = await pointApi(premium.auth);
    expect(api.location_type).toBe("hexagon");
    const body = await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n`, premium.auth);
    expect(body.scored_at).toEqual({ hexagon: 1, region: 0, country: 0 });
    expect(previewValue(body, "WF")).toBeCloseTo(apiValue(api, "WF"), 3);

    const keyed = await signedIn("PREMIUM");
    const withKey = { Authorization: `Bearer ${(await rotateApiKey(keyed.user)).key}` };
    expect((await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n`, withKey)).scored_at.hexagon).toBe(1);
    // The same user through the session (no key) reads only the country.
    expect((await preview(`lat,lon\n${LONDON.lat},${LONDON.lon}\n`, keyed.auth)).scored_at.country).toBe(1);
  });
});

describe("the regional view follows the entitlement rule", () => {
  const query = "location_code=FR&hazard_id=AL&scenario=rcp45&period=2050";

  it("gives a DISCOVERY user no region's value where hazard_scores answers 403, in the CSV, the table and the map", async () => {
    const discovery = await signedIn("DISCOVERY");
    const regionsUrl = new URL(`http://localhost${apiUrl(API_PATHS.riskHazardScores)}?location_code=FR-75&scenario=rcp45&period=2050`);
    expect((await call(hazardScores.loader, new Request(regionsUrl, { headers: discovery.auth }))).status).toBe(403);

    const csv = await call(regionalCsv.loader, new Request(`http://localhost/dashboard/regional.csv?${query}`, { headers: discovery.cookie }));
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n").slice(1);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const cells = line.split(",");
      // score, value empty; the level says why
      expect(cells[6]).toBe("");
      expect(cells.at(-1)).toBe("");
      expect(line).toContain("Not in your plan");
    }

    const page = await call(regionalPage.loader, new Request(`http://localhost/dashboard/regional?${query}`, { headers: discovery.cookie }));
    const data = (await page.json()) as { view: { allowed: boolean; rows: { score: number | null; value: number | null; locked: boolean }[]; map: { areas: unknown[]; hiddenCount: number } } };
    expect(data.view.allowed).toBe(true);
    expect(data.view.rows.every((r) => r.locked && r.score === null && r.value === null)).toBe(true);
    expect(data.view.map.areas).toEqual([]);
    expect(data.view.map.hiddenCount).toBe(data.view.rows.length);
  });

  it("shows the regions a user ordered, and only those", async () => {
    const premium = await signedIn("PREMIUM");
    await grantLocation(premium.user.id, "FR-75", "order");
    const regionsUrl = new URL(`http://localhost${apiUrl(API_PATHS.riskHazardScores)}?location_code=FR-75&scenario=rcp45&period=2050`);
    const api = (await (await call(hazardScores.loader, new Request(regionsUrl, { headers: premium.auth }))).json()) as { aggregate: { value: number } };
    const csv = await (await call(regionalCsv.loader, new Request(`http://localhost/dashboard/regional.csv?${query}`, { headers: premium.cookie }))).text();
    const rows = csv.trim().split("\r\n").slice(1).map((l) => l.split(","));
    const idf = rows.find((r) => r[0] === "FR-75")!;
    expect(Number(idf.at(-1))).toBeCloseTo(api.aggregate.value, 3);
    expect(rows.filter((r) => r.at(-1) !== "")).toHaveLength(1);
  });
});
