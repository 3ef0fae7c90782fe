/**
 * Every output follows one rule: the upload preview shows every caller the paid report's figures (the preview rule),
 * and the regional view shows a caller exactly the
 * levels the point API and hazard_scores let that caller read.
 */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { HAZARD_IDS } from "~/domain/hazards/hazards";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import { lenderCsv } from "../../support/lender-portfolio";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation, grantReportHexagons } from "~/services/commerce/entitlements.server";
import { loadDashboard } from "~/services/dashboard/dashboard.server";
import { parseDashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";
import { createSession } from "~/services/auth/session.server";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";
import * as uploadPreview from "../../../app/routes/api+/upload.upload_preview";
import * as regionalCsv from "../../../app/routes/dashboard+/regional[.]csv";
import * as regionalPage from "../../../app/routes/dashboard+/regional";

const getDb = setupTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

async function call(handler: unknown, request: Request) {
  const res = await (handler as Handler)({ request, params: {}, context: {} });
  return res;
}

interface SummaryRow {
  hazard_id: string;
  scenario: string;
  period: string;
  at_risk_share: number | null;
  weighted: { value: number | null };
}

async function preview(csv: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([csv], "one.csv", { type: "text/csv" }));
  const request = new Request(`http://localhost${apiUrl(API_PATHS.uploadPreview)}`, {
    method: "POST",
    body: form,
    headers,
  });
  const res = await call(uploadPreview.action, request);
  expect(res.status).toBe(200);
  return (await res.json()) as { summary_table: SummaryRow[]; valid_locations: number };
}

async function signedIn(planCode: "DISCOVERY" | "PREMIUM") {
  const user = (await createUser(getDb(), { planCode }))!;
  const token = await createSession(user.id);
  return { user, auth: { Authorization: `Bearer ${token}` }, cookie: { Cookie: `weather_token=${token}` } };
}

describe("the upload preview is the same for every caller (the preview rule)", () => {
  it("gives an anonymous visitor, a DISCOVERY session and a PREMIUM API key the same figures for the same file", async () => {
    const csv = lenderCsv();
    const anonymous = await preview(csv);
    const discovery = await preview(csv, (await signedIn("DISCOVERY")).auth);
    const keyed = await preview(csv, {
      Authorization: `Bearer ${(await rotateApiKey((await signedIn("PREMIUM")).user)).key}`,
    });
    expect(anonymous.summary_table.length).toBe(HAZARD_IDS.length * SLOT_COUNT);
    const shares = (b: typeof anonymous) =>
      b.summary_table.map((r) => [r.hazard_id, r.scenario, r.period, r.at_risk_share]);
    expect(shares(discovery)).toEqual(shares(anonymous));
    expect(shares(keyed)).toEqual(shares(anonymous));
    // Never a mean that comes close to one location's value.
    expect(anonymous.summary_table.every((r) => r.weighted.value === null)).toBe(true);
  });
});

describe("the regional view follows the entitlement rule", () => {
  const query = "location_code=FR&hazard_id=AL&scenario=rcp45&period=2050";

  it("gives a DISCOVERY user no region's value where hazard_scores answers 403, in the CSV, the table and the map", async () => {
    const discovery = await signedIn("DISCOVERY");
    const regionsUrl = new URL(
      `http://localhost${apiUrl(API_PATHS.riskHazardScores)}?location_code=FR-75&scenario=rcp45&period=2050`,
    );
    expect((await call(hazardScores.loader, new Request(regionsUrl, { headers: discovery.auth }))).status).toBe(403);

    const csv = await call(
      regionalCsv.loader,
      new Request(`http://localhost/dashboard/regional.csv?${query}`, { headers: discovery.cookie }),
    );
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

    const page = await call(
      regionalPage.loader,
      new Request(`http://localhost/dashboard/regional?${query}`, { headers: discovery.cookie }),
    );
    const data = (await page.json()) as {
      view: {
        allowed: boolean;
        rows: { score: number | null; value: number | null; locked: boolean }[];
        map: { areas: unknown[]; hiddenCount: number };
      };
    };
    expect(data.view.allowed).toBe(true);
    expect(data.view.rows.every((r) => r.locked && r.score === null && r.value === null)).toBe(true);
    expect(data.view.map.areas).toEqual([]);
    expect(data.view.map.hiddenCount).toBe(data.view.rows.length);
  });

  it("shows the regions a user ordered, and only those", async () => {
    const premium = await signedIn("PREMIUM");
    await grantLocation(premium.user.id, "FR-75", "order");
    const regionsUrl = new URL(
      `http://localhost${apiUrl(API_PATHS.riskHazardScores)}?location_code=FR-75&scenario=rcp45&period=2050`,
    );
    const api = (await (
      await call(hazardScores.loader, new Request(regionsUrl, { headers: premium.auth }))
    ).json()) as { aggregate: { value: number } };
    const csv = await (
      await call(
        regionalCsv.loader,
        new Request(`http://localhost/dashboard/regional.csv?${query}`, { headers: premium.cookie }),
      )
    ).text();
    const rows = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(","));
    const idf = rows.find((r) => r[0] === "FR-75")!;
    expect(Number(idf.at(-1))).toBeCloseTo(api.aggregate.value, 3);
    expect(rows.filter((r) => r.at(-1) !== "")).toHaveLength(1);
  });
});

describe("the dashboard and the API answer one account with one rule", () => {
  const FRANKFURT = { lat: "50.1109", lon: "8.6821" };

  async function bothViews(user: { id: string; planCode: string }, headers: HeadersInit) {
    const sel = parseDashboardSelection(new URLSearchParams({ ...FRANKFURT, scenario: "rcp85", period: "2050" }));
    const dashboard = await loadDashboard(user, sel);
    const url = `http://localhost${apiUrl(API_PATHS.riskPointHazards)}?${new URLSearchParams({ ...FRANKFURT, scenario: "rcp85", period: "2050" })}`;
    const res = await call(pointHazards.loader, new Request(url, { headers }));
    expect(res.status).toBe(200);
    const api = (await res.json()) as {
      location_type: string;
      location_code: string;
      hazards: { hazard_id: string; score: number | null }[];
    };
    return {
      dashboard: dashboard.place?.shown,
      api,
      futureScores: dashboard.future?.hazards.map((h) => [h.hazard_id, h.score]),
    };
  }

  it("a PREMIUM API key reads Frankfurt at the level the account's dashboard shows, before and after the hexagon is the account's", async () => {
    const loc = getRiskEngine().locate(Number(FRANKFURT.lat), Number(FRANKFURT.lon));
    if (loc.status !== "ok") throw new Error("Frankfurt not located");
    const premium = await signedIn("PREMIUM");
    const { key } = await rotateApiKey(premium.user);
    const viaKey = { Authorization: `Bearer ${key}` };

    const before = await bothViews(premium.user, viaKey);
    expect(before.dashboard).toMatchObject({ kind: "country", code: "DE" });
    expect(before.api).toMatchObject({ location_type: before.dashboard!.kind, location_code: before.dashboard!.code });
    expect(before.api.hazards.map((h) => [h.hazard_id, h.score])).toEqual(before.futureScores);
    // the same account signed in with its session reads the same
    expect((await bothViews(premium.user, premium.auth)).api).toEqual(before.api);

    // a paid portfolio report's hexagons are the account's: both show the hexagon
    await grantReportHexagons(premium.user.id, [loc.hexagon_code]);
    const after = await bothViews(premium.user, viaKey);
    expect(after.dashboard).toMatchObject({ kind: "hexagon", code: loc.hexagon_code });
    expect(after.api).toMatchObject({ location_type: "hexagon", location_code: loc.hexagon_code });
    expect(after.api.hazards.map((h) => [h.hazard_id, h.score])).toEqual(after.futureScores);
  });
});
