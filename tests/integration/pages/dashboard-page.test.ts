/** /dashboard's loader and action: the map of the chosen place, the default hexagon, scores that survive one failing slot, safe form reading. */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { FORM_BODY_MESSAGES } from "~/domain/forms/errors";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { unlockHrefs } from "~/domain/dashboard/dashboard";
import { DASHBOARD_MESSAGES, DASHBOARD_MESSAGE_KEYS } from "~/domain/dashboard/message-modal";
import { getUserEntitlements, grantLocation } from "~/services/commerce/entitlements.server";
import { createSession } from "~/services/auth/session.server";
import * as dashboard from "../../../app/routes/dashboard+/_index";

const getDb = setupTestDatabase();
const LONDON = "84194adffffffff";
const CHITTAGONG_HEX = "843cc21ffffffff";

async function order(cookie: string, fields: Record<string, string>) {
  return settle(() =>
    dashboard.action({
      request: new Request("http://localhost/dashboard", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: {},
    }),
  );
}

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
  const res = await settle(() =>
    dashboard.loader({
      request: new Request(`http://localhost/dashboard${search}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    }),
  );
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
        dashboard.action({
          request: new Request("http://localhost/dashboard", {
            method: "POST",
            headers,
            body: type ? '{"intent":"order","location_code":"ES"}' : undefined,
          }),
          params: {},
          context: {},
        }),
      );
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(FORM_BODY_MESSAGES.unsupportedType);
    }
  });

  it("still orders from a form post", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const res = await order(cookie, { intent: "order", location_code: "GB-MAN" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard?location_code=GB-MAN");
    const d = await load(cookie, "?location_code=GB-MAN");
    expect(d.purchase).toBeNull();
    expect(d.place!.shown).toMatchObject({ kind: "region", code: "GB-MAN" });
    expect(d.hist!.hazards.length).toBe(11);
  });

  it("returns to the place the unlock was confirmed from, and never follows a path off the dashboard", async () => {
    const { user, cookie } = await signedIn("PREMIUM");
    const back = "/dashboard?lat=22.3384&lon=91.8317&scenario=rcp85&period=2050";
    const res = await order(cookie, { intent: "order", location_code: CHITTAGONG_HEX, back });
    expect(res.headers.get("Location")).toBe(back);
    expect(res.headers.get("Set-Cookie")).toBeTruthy();
    const d = await load(cookie, back.slice("/dashboard".length));
    expect(d.place!.shown).toMatchObject({ kind: "hexagon", code: CHITTAGONG_HEX });
    expect(d.place!.unlockable).toEqual([]);
    const plan = (await getUserEntitlements(user)).remaining.hexagon;
    expect(plan).toBe(PLAN_DEFINITIONS.find((p) => p.code === "PREMIUM")!.limitHexagon - 1);
    const off = await order(cookie, { intent: "order", location_code: "GB-MAN", back: "//evil.example/x" });
    expect(off.headers.get("Location")).toBe("/dashboard?location_code=GB-MAN");
  });
});

describe("a hexagon without data (at sea)", () => {
  const SEA_POINT = "/dashboard?lat=40&lon=-40";
  const SEA_HEX = "841ac95ffffffff";

  it("is never offered for unlock, and a posted unlock answers the spec's message modal instead of an error", async () => {
    const { user, cookie } = await signedIn("PREMIUM");
    const atSea = await load(cookie, "?lat=40&lon=-40&unlock=hexagon");
    expect(atSea.place?.unlockable.map((l) => l.code) ?? []).not.toContain(SEA_HEX);
    expect(atSea.purchase?.code).not.toBe(SEA_HEX);

    const before = (await getUserEntitlements(user)).remaining.hexagon;
    const res = await order(cookie, { intent: "order", location_code: SEA_HEX, back: SEA_POINT });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location")!, "http://localhost");
    expect(to.pathname).toBe("/dashboard");
    expect(to.searchParams.get("messageButtonModal")).toBe(DASHBOARD_MESSAGE_KEYS.noDataHexagon);
    expect((await getUserEntitlements(user)).remaining.hexagon).toBe(before);

    const shown = await load(cookie, to.search);
    expect(shown.message).toMatchObject({ title: DASHBOARD_MESSAGES.noDataHexagon.title });
    expect(shown.message!.html).toContain("at sea");
    expect(new URL(shown.message!.closeHref, "http://localhost").searchParams.has("messageButtonModal")).toBe(false);
    expect((await load(cookie, "?messageButtonModal=unknown")).message).toBeNull();
  });
});

describe("/dashboard place view", () => {
  const search = (lat: number, lon: number) => `?lat=${lat}&lon=${lon}&scenario=rcp85&period=2050`;
  const PLACES = [
    { lat: 55.6759, lon: 12.5655, title: "Copenhagen, Hovedstaden, Denmark", country: "DK" },
    { lat: 22.3384, lon: 91.8317, title: "Chittagong, Chattogram, Bangladesh", country: "BD" },
    { lat: 6.4541, lon: 3.3947, title: "Lagos, Nigeria", country: "NG" },
    { lat: 33.4484, lon: -112.074, title: "Phoenix, Arizona, United States of America", country: "US" },
  ];

  it("a new DISCOVERY user sees the named country scores of any searched place at once, and no dialog", async () => {
    const { cookie } = await signedIn("DISCOVERY");
    for (const p of PLACES) {
      const d = await load(cookie, search(p.lat, p.lon));
      expect(d.place!.title).toBe(p.title);
      expect(d.place!.shown).toMatchObject({ kind: "country", code: p.country });
      expect(d.place!.unlockable.map((l) => l.kind)).toEqual(["hexagon", "region"]);
      expect(d.purchase).toBeNull();
      expect(d.hist!.location_code).toBe(p.country);
      expect(d.future!.hazards.length).toBe(11);
    }
  });

  it("opens the confirmation only when asked: addCreditsModal with nothing left, buyDataModal with what remains", async () => {
    const discovery = await signedIn("DISCOVERY");
    const asked = `${search(22.3384, 91.8317)}&unlock=hexagon`;
    expect((await load(discovery.cookie, asked)).purchase).toMatchObject({
      modal: "addCreditsModal",
      kind: "hexagon",
      code: CHITTAGONG_HEX,
      left: 0,
    });
    const premium = await signedIn("PREMIUM");
    const d = await load(premium.cookie, asked);
    const limit = PLAN_DEFINITIONS.find((p) => p.code === "PREMIUM")!.limitHexagon;
    expect(d.purchase).toMatchObject({ modal: "buyDataModal", kind: "hexagon", code: CHITTAGONG_HEX, left: limit });
    // asking is not spending: the loader ordered nothing
    expect((await getUserEntitlements(premium.user)).remaining.hexagon).toBe(limit);
    expect(d.place!.shown).toMatchObject({ kind: "country", code: "BD" });
    const region = await load(premium.cookie, `${search(22.3384, 91.8317)}&unlock=region`);
    expect(region.purchase).toMatchObject({ modal: "buyDataModal", kind: "region", code: "BD-B", name: "Chattogram" });
  });

  it("a locked region or hexagon picked opens the purchase dialog at once; Cancel keeps the place without it", async () => {
    const discovery = await signedIn("DISCOVERY");
    expect((await load(discovery.cookie, "?location_code=BD-B")).purchase).toMatchObject({
      modal: "addCreditsModal",
      kind: "region",
      code: "BD-B",
    });
    const premium = await signedIn("PREMIUM");
    expect((await load(premium.cookie, "?location_code=BD-B")).purchase).toMatchObject({
      modal: "buyDataModal",
      kind: "region",
      code: "BD-B",
    });
    expect((await load(premium.cookie, `?location_code=${CHITTAGONG_HEX}`)).purchase).toMatchObject({
      modal: "buyDataModal",
      kind: "hexagon",
      code: CHITTAGONG_HEX,
    });
    const { cancel } = unlockHrefs(new URLSearchParams("location_code=BD-B"), "region");
    const declined = await load(premium.cookie, cancel.replace("/dashboard", ""));
    expect(declined.purchase).toBeNull();
    expect(declined.place!.shown).toMatchObject({ kind: "country", code: "BD" });
    // an open country, or a region the plan holds, opens nothing
    expect((await load(premium.cookie, "?location_code=BD")).purchase).toBeNull();
    await grantLocation(premium.user.id, "BD-B", "order");
    expect((await load(premium.cookie, "?location_code=BD-B")).purchase).toBeNull();
  });

  it("names a region or hexagon picked by code, and shows the country until it is bought", async () => {
    const { cookie } = await signedIn("DISCOVERY");
    const region = await load(cookie, "?location_code=BD-B");
    expect(region.place).toMatchObject({ title: "Chattogram, Bangladesh", shown: { kind: "country", code: "BD" } });
    const hex = await load(cookie, `?location_code=${CHITTAGONG_HEX}`);
    expect(hex.place!.title).toBe(`Hexagon ${CHITTAGONG_HEX}, Chattogram, Bangladesh`);
    expect(hex.place!.reportPoint).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number) });
  });
});
