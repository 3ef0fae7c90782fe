/** /dashboard's loader and action: the map of the chosen place, the default hexagon, scores that survive one failing slot, safe form reading. */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth";
import { FORM_BODY_MESSAGES } from "~/domain/errors";
import { getRiskEngine } from "~/risk/engine.server";
import { grantLocation } from "~/services/entitlements.server";
import { createSession } from "~/services/session.server";
import * as dashboard from "../../app/routes/dashboard+/_index";

const getDb = setupTestDatabase();
const LONDON = "84194adffffffff";

afterEach(() => {
  vi.restoreAllMocks();
});

async function signedIn(planCode: "PREMIUM" | "DISCOVERY") {
  const user = (await createUser(getDb(), { planCode }))!;
  return { user, cookie: `${SESSION_COOKIE_NAME}=${await createSession(user.id)}` };
}

async function settle(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function load(cookie: string, search: string) {
  const res = await settle(() => dashboard.loader({ request: new Request(`http://localhost/dashboard${search}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
  expect(res.status).toBe(200);
  return (await res.json()) as Awaited<ReturnType<Awaited<ReturnType<typeof dashboard.loader>>["json"]>>;
}

describe("/dashboard loader", () => {
  it("draws the chosen place's map with only the hexagons the user ordered, and prefills the default hexagon", async () => {
    const { user, cookie } = await signedIn("PREMIUM");
    const empty = await load(cookie, "?location_code=GB&scenario=rcp45&period=2050");
    expect(empty.defaultHexagon).toBeNull();
    expect(empty.map).toMatchObject({ place: { kind: "country", code: "GB" }, areas: [] });

    await grantLocation(user.id, LONDON, "order");
    const d = await load(cookie, "?location_code=GB&scenario=rcp45&period=2050");
    expect(d.defaultHexagon).toBe(LONDON);
    expect(d.map!.areas.map((a) => a.id)).toEqual([LONDON]);
    expect(d.map!.hiddenCount).toBe(empty.map!.hiddenCount - 1);

    const point = await load(cookie, "?lat=51.5074&lon=-0.1278");
    expect(point.map!.place).toEqual({ kind: "point", code: LONDON, name: "51.507°N, 0.128°W" });
  });

  it("says when a point in the water is scored at the nearest land, and why an Antarctic ice shelf has no score", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const harbour = await load(cookie, "?lat=55.7&lon=12.65");
    expect(harbour.point?.snappedToLand).toMatchObject({ distance_km: expect.any(Number) });
    expect(harbour.pointError).toBeNull();
    const land = await load(cookie, "?lat=51.5074&lon=-0.1278");
    expect(land.point?.snappedToLand).toBeNull();
    const shelf = await load(cookie, "?lat=-81.0&lon=-175.0");
    expect(shelf.point).toBeNull();
    expect(shelf.pointError).toMatch(/ice shelf/);
  });

  it("shows the historical scores when the future slot fails, and the message only when both fail", async () => {
    const { cookie } = await signedIn("DISCOVERY");
    const engine = getRiskEngine();
    const real = engine.scores.bind(engine);
    const failing = new Set<string>(["rcp45"]);
    vi.spyOn(engine, "scores").mockImplementation((code, scenario, period, opts) => {
      if (failing.has(String(scenario))) throw new Error(`no ${String(scenario)} data`);
      return real(code, scenario, period, opts);
    });
    const d = await load(cookie, "?location_code=GB&scenario=rcp45&period=2050");
    expect(d.future).toBeNull();
    expect(d.hist!.hazards.length).toBe(11);
    expect(d.series.map((s) => s.scenario)).not.toContain("rcp45");
    expect(d.notFound).toBe("no rcp45 data");

    failing.add("hist");
    const none = await load(cookie, "?location_code=GB&scenario=rcp45&period=2050");
    expect([none.hist, none.future]).toEqual([null, null]);
  });
});

describe("/dashboard action", () => {
  it("answers JSON, text or no content type with 415, not 500", async () => {
    const { cookie } = await signedIn("PREMIUM");
    for (const type of ["application/json", "text/plain", null]) {
      const headers: Record<string, string> = { Cookie: cookie };
      if (type) headers["Content-Type"] = type;
      const res = await settle(() =>
        dashboard.action({ request: new Request("http://localhost/dashboard", { method: "POST", headers, body: type ? '{"intent":"order","location_code":"ES"}' : undefined }), params: {}, context: {} }),
      );
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(FORM_BODY_MESSAGES.unsupportedType);
    }
  });

  it("still orders from a form post", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const body = new URLSearchParams({ intent: "order", location_code: "GB-MAN" });
    const res = await settle(() =>
      dashboard.action({ request: new Request("http://localhost/dashboard", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body }), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard?location_code=GB-MAN");
    const d = await load(cookie, "?location_code=GB-MAN");
    expect(d.purchase).toBeNull();
    expect(d.hist!.hazards.length).toBe(11);
  });
});
