/**
 * A place read at its country or region never shows the area's coastal figure as its own: Köln, 180 km from the sea,
 * read at Germany's level, is not exposed to storm surge or sea-level rise, although Germany's coast is.
 */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { parseDashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { inlandPlaceNote } from "~/domain/geo/inland-place";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { loadDashboard } from "~/services/dashboard/dashboard.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

const getDb = setupTestDatabase();

const KOELN = { lat: "50.9375", lon: "6.9603" };
const BREMERHAVEN = { lat: "53.5396", lon: "8.5809" };

const at = (p: { lat: string; lon: string }) =>
  parseDashboardSelection(new URLSearchParams({ ...p, scenario: "rcp85", period: "2050" }));
const byId = (
  items: { hazard_id: string; state: string; score: number | null; explanation?: { summary?: string } }[] | undefined,
  id: string,
) => items?.find((h) => h.hazard_id === id);

describe("an inland place read at its country", () => {
  it("Köln at Germany's level: storm surge and sea-level rise are 'not applicable' with the reason, not Germany's coast", async () => {
    const germany = getRiskEngine().scores("DE", "rcp85", "2050");
    // Germany's own coastal figures exist: what an inland place must not show as its own
    expect(byId(germany.hazards, "SS")).toMatchObject({ state: "ok" });
    expect(byId(germany.hazards, "SL")).toMatchObject({ state: "ok" });

    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const d = await loadDashboard(user, at(KOELN));
    expect(d.place?.shown).toMatchObject({ kind: "country", code: "DE" });
    expect(d.place?.inland).toMatchObject({ area: "Germany", hazards: ["SS", "SL"] });
    expect(d.place!.inland!.coastKm).toBeGreaterThan(100);
    for (const id of ["SS", "SL"]) {
      expect(byId(d.future?.hazards, id)).toMatchObject({ state: "not_applicable", score: null });
      expect(byId(d.hist?.hazards, id)).toMatchObject({ state: "not_applicable", score: null });
      expect(d.series.every((s) => s.scores[id] === null)).toBe(true);
      expect(byId(d.future?.hazards, id)?.explanation?.summary).toMatch(
        /km from the sea .*does not apply there; Germany's figure is about its coast\./,
      );
    }
    // the other hazards are still Germany's, labelled as such by the heading
    expect(byId(d.future?.hazards, "HW")?.score).toBe(byId(germany.hazards, "HW")?.score);
    // the point API answers the same for the same place and level
    const url = `http://localhost${apiUrl(API_PATHS.riskPointHazards)}?${new URLSearchParams({ ...KOELN, scenario: "rcp85", period: "2050" })}`;
    const api = (await (
      await (pointHazards.loader as Handler)({ request: new Request(url), params: {}, context: {} })
    ).json()) as {
      location_type: string;
      hazards: { hazard_id: string; score: number | null; state: string }[];
    };
    expect(api.location_type).toBe("country");
    expect(api.hazards.map((h) => [h.hazard_id, h.score])).toEqual(
      d.future!.hazards.map((h) => [h.hazard_id, h.score]),
    );
    expect(byId(api.hazards, "SS")).toMatchObject({ state: "not_applicable", score: null });
    expect(inlandPlaceNote(d.place!.inland!)).toMatch(
      /^.+ is inland \(\d+ km from the sea\) and not exposed to storm surge and sea-level rise: Germany's storm surge and sea-level rise figures are about its coast, so they are not shown as .+'s\.$/,
    );
  });

  it("a coastal place keeps its country's coastal figures, and a place read at its own hexagon has no note", async () => {
    const user = (await createUser(getDb(), { planCode: "GRANULAR" }))!;
    const coastal = await loadDashboard(user, at(BREMERHAVEN));
    expect(coastal.place?.shown?.kind).toBe("country");
    expect(coastal.place?.inland).toBeNull();
    expect(byId(coastal.future?.hazards, "SS")).toMatchObject({ state: "ok" });

    const loc = getRiskEngine().locate(Number(KOELN.lat), Number(KOELN.lon));
    if (loc.status !== "ok") throw new Error("Köln not located");
    await grantLocation(user.id, loc.hexagon_code, "order");
    const own = await loadDashboard(user, at(KOELN));
    expect(own.place?.shown).toMatchObject({ kind: "hexagon", code: loc.hexagon_code });
    expect(own.place?.inland).toBeNull();
    expect(byId(own.future?.hazards, "SS")).toMatchObject({ state: "not_applicable" });
  });
});
