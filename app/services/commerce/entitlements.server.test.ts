import { eq } from "drizzle-orm";
import { locationEntitlements } from "#db/schema/index";
import { createUser } from "#db/factories";
import { DEMO_ENTITLEMENTS, seedDemoEntitlements } from "#db/entitlements-seed";
import { setupTestDatabase } from "#db/testing";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import {
  LimitReachedError,
  NotEntitledError,
  assertCanAccess,
  getAvailableLocations,
  getUserEntitlements,
  grantLocation,
  grantReportHexagons,
} from "./entitlements.server";

const getDb = setupTestDatabase();
const LONDON = "84194adffffffff";
const limitsOf = (code: string) => PLAN_DEFINITIONS.find((p) => p.code === code)!;
const allCountries = () =>
  getRiskEngine()
    .countries()
    .map((c) => c.country_code);

describe("available locations", () => {
  it("a DISCOVERY user sees every country, marked free, no region or hexagon, no limits and the tariff name", async () => {
    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const countries = allCountries();
    expect(countries.length).toBeGreaterThan(150);
    expect(countries).toEqual(expect.arrayContaining(["GB", "DK", "BD", "NG", "US"]));
    expect(await getAvailableLocations(user)).toEqual({
      status: "ok",
      limit_country: 0,
      limit_region: 0,
      limit_hexagon: 0,
      order_list: { country: countries, region: [], hexagon: [] },
      free_order_list: { country: countries, region: [], hexagon: [] },
      tariff: { name: "DISCOVERY" },
    });
  });

  it("ordered codes join the list and use up the plan's limits; grants do not", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await grantLocation(user.id, "es", "order");
    await grantLocation(user.id, "GB-LND", "order");
    await grantLocation(user.id, LONDON, "grant");
    const a = await getAvailableLocations(user);
    // the country was open already: ordering it (COUNTRY+ reads its regions) adds no code, but uses the allowance
    expect(a.order_list.country).toEqual(allCountries());
    expect(a.order_list.region).toEqual(["GB-LND"]);
    expect(a.order_list.hexagon).toEqual([LONDON]);
    expect(a.free_order_list.region).toEqual([]);
    expect(a.free_order_list.hexagon).toEqual([]);
    const plan = limitsOf("PREMIUM");
    expect([a.limit_country, a.limit_region, a.limit_hexagon]).toEqual([
      plan.limitCountry - 1,
      plan.limitRegion - 1,
      plan.limitHexagon,
    ]);
    expect(a.tariff).toEqual({ name: "PREMIUM" });
  });

  it("the account's balance adds up: remaining = plan + purchased − ordered, a paid report's hexagons apart", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await grantLocation(user.id, LONDON, "order");
    await grantReportHexagons(user.id, ["841f1b1ffffffff", "84194a9ffffffff"]);
    const e = await getUserEntitlements(user);
    expect(e.ordered.hexagon).toHaveLength(3);
    expect(e.spent.hexagon).toBe(1);
    for (const k of ["country", "region", "hexagon"] as const)
      expect(e.remaining[k]).toBe(e.planLimits[k] + e.purchased[k] - e.spent[k]);
  });
});

describe("grantLocation", () => {
  it("is idempotent: a retried grant adds no row", async () => {
    const user = (await createUser(getDb(), { planCode: "GRANULAR" }))!;
    expect(await grantLocation(user.id, "FR-75", "order")).toEqual({ created: true, kind: "region", code: "FR-75" });
    expect(await grantLocation(user.id, "fr-75", "order")).toEqual({ created: false, kind: "region", code: "FR-75" });
    const rows = await getDb().select().from(locationEntitlements).where(eq(locationEntitlements.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "region", code: "FR-75", source: "order" });
  });

  it("refuses malformed codes (400), codes the dataset lacks (404) and orders beyond the limit", async () => {
    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    await expect(grantLocation(user.id, "not a code")).rejects.toMatchObject({ status: 400, field: "location_code" });
    await expect(grantLocation(user.id, "ZZ")).rejects.toMatchObject({
      status: 404,
      message: "unknown country code ZZ",
    });
    await expect(grantLocation(user.id, "GB-XXX")).rejects.toMatchObject({ status: 404 });
    // DISCOVERY has no allowance: an order is refused, a grant (support gesture) is not.
    await expect(grantLocation(user.id, "ES", "order")).rejects.toBeInstanceOf(LimitReachedError);
    expect((await grantLocation(user.id, "ES", "grant")).created).toBe(true);
  });
});

describe("assertCanAccess", () => {
  it("every country for anyone; anonymous callers get 401 for regions and hexagons", async () => {
    await expect(assertCanAccess(null, "gb")).resolves.toMatchObject({ kind: "country", code: "GB", reason: "free" });
    await expect(assertCanAccess(null, "BD")).resolves.toMatchObject({ kind: "country", code: "BD", reason: "free" });
    await expect(assertCanAccess(null, "ES-M")).rejects.toMatchObject({ status: 401 });
    await expect(assertCanAccess(null, LONDON)).rejects.toMatchObject({ status: 401 });
    await expect(assertCanAccess(null, "G")).rejects.toMatchObject({ status: 400, field: "location_code" });
  });

  it("403 with the dialog to open: buyDataModal while allowance is left, addCreditsModal otherwise", async () => {
    const premium = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const discovery = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const p = assertCanAccess({ user: premium, viaApiKey: false }, "IT-RM");
    await expect(p).rejects.toBeInstanceOf(NotEntitledError);
    await expect(p).rejects.toMatchObject({
      status: 403,
      modal: "buyDataModal",
      kind: "region",
      locationCode: "IT-RM",
      code: "not_entitled",
    });
    await expect(assertCanAccess({ user: discovery, viaApiKey: false }, "IT-RM")).rejects.toMatchObject({
      modal: "addCreditsModal",
    });
    await grantLocation(premium.id, "IT-RM", "order");
    await expect(assertCanAccess({ user: premium, viaApiKey: false }, "it-rm")).resolves.toMatchObject({
      reason: "ordered",
    });
  });

  it("hexagons: only ordered ones, whether the caller signs with a session or a PREMIUM API key", async () => {
    const premium = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await expect(assertCanAccess({ user: premium, viaApiKey: false }, LONDON)).rejects.toMatchObject({ status: 403 });
    await expect(assertCanAccess({ user: premium, viaApiKey: true }, LONDON)).rejects.toMatchObject({
      status: 403,
      modal: "buyDataModal",
    });
    await grantLocation(premium.id, LONDON, "order");
    await expect(assertCanAccess({ user: premium, viaApiKey: true }, LONDON)).resolves.toMatchObject({
      reason: "ordered",
    });
    const granular = (await createUser(getDb(), { planCode: "GRANULAR" }))!;
    await grantLocation(granular.id, LONDON, "order");
    await expect(assertCanAccess({ user: granular, viaApiKey: false }, LONDON.toUpperCase())).resolves.toMatchObject({
      kind: "hexagon",
      code: LONDON,
    });
  });
});

describe("demo seed", () => {
  it("gives the paid demo plans their codes, within limits, idempotently, and skips missing accounts", async () => {
    const accounts = [
      { email: "p@example.com", planCode: "PREMIUM" as const },
      { email: "c@example.com", planCode: "COUNTRY+" as const },
      { email: "d@example.com", planCode: "DISCOVERY" as const },
      { email: "missing@example.com", planCode: "GRANULAR" as const },
    ];
    for (const a of accounts.slice(0, 3)) await createUser(getDb(), a);
    await seedDemoEntitlements(getDb(), accounts);
    await seedDemoEntitlements(getDb(), accounts);
    const rows = await getDb().select().from(locationEntitlements);
    const expected = DEMO_ENTITLEMENTS.PREMIUM!,
      cp = DEMO_ENTITLEMENTS["COUNTRY+"]!;
    const count = (x: Record<string, string[]>) => Object.values(x).flat().length;
    expect(rows).toHaveLength(count(expected) + count(cp));
    expect(rows.every((r) => r.source === "seed")).toBe(true);
    const user = (await getDb().query.users.findFirst({ where: (u, { eq: e }) => e(u.email, "p@example.com") }))!;
    const a = await getAvailableLocations(user);
    expect(a.order_list.hexagon).toEqual([LONDON]);
    expect(a.limit_country).toBe(limitsOf("PREMIUM").limitCountry - expected.country.length);
    // COUNTRY+ reads every region of its ordered countries
    const cpUser = (await getDb().query.users.findFirst({ where: (u, { eq: e }) => e(u.email, "c@example.com") }))!;
    await expect(assertCanAccess({ user: cpUser, viaApiKey: false }, "ES-M")).resolves.toMatchObject({
      reason: "country_ordered",
    });
  });

  it("every seeded code exists in the dataset and fits its plan's limits", async () => {
    for (const [plan, codes] of Object.entries(DEMO_ENTITLEMENTS)) {
      const def = limitsOf(plan);
      expect(codes!.country.length).toBeLessThanOrEqual(def.limitCountry);
      expect(codes!.region.length).toBeLessThanOrEqual(def.limitRegion);
      expect(codes!.hexagon.length).toBeLessThanOrEqual(def.limitHexagon);
      const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
      // a 'grant' checks the code against the dataset without touching limits
      for (const code of Object.values(codes!).flat())
        expect((await grantLocation(user.id, code, "grant")).created).toBe(true);
    }
  });
});
