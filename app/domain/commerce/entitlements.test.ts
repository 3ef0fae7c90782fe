import {
  ANONYMOUS_ACCESS,
  API_KEY_FORBIDDEN_MESSAGE,
  canAccess,
  canUseApiKey,
  classifyLocationCode,
  countryOfRegion,
  finestReadableLevel,
  isOpenLevel,
  purchaseModalFor,
  unlockableLevels,
  type AccessContext,
} from "./entitlements";

const none = { country: [], region: [], hexagon: [] };
const ctx = (over: Partial<AccessContext>): AccessContext => ({
  plan: "PREMIUM",
  limits: { country: 0, region: 0, hexagon: 0 },
  ordered: none,
  ...over,
});
const LONDON = "84194adffffffff";

describe("classifyLocationCode", () => {
  it("tells countries, regions and resolution-4 hexagons apart and normalises case", () => {
    expect(classifyLocationCode(" gb ")).toEqual({ kind: "country", code: "GB" });
    expect(classifyLocationCode("gb-lnd")).toEqual({ kind: "region", code: "GB-LND" });
    expect(classifyLocationCode("FR-75")).toEqual({ kind: "region", code: "FR-75" });
    expect(classifyLocationCode(LONDON.toUpperCase())).toEqual({ kind: "hexagon", code: LONDON });
  });
  it("rejects anything else, including valid H3 cells of another resolution", () => {
    for (const bad of ["", "G", "GBR", "GB-", "GB-LOND", "85194ad3fffffff", "84194adfffffffz", "zz-zz-zz", null, 42])
      expect(classifyLocationCode(bad)).toBeNull();
  });
  it("finds the country of a region", () => expect(countryOfRegion("gb-lnd")).toBe("GB"));
});

describe("canAccess", () => {
  it("opens every country to anonymous callers, and no region or hexagon", () => {
    for (const c of ["GB", "gb", "DK", "BD", "NG", "US", "ES"])
      expect(canAccess(ANONYMOUS_ACCESS, "country", c)).toEqual({ allowed: true, reason: "free" });
    expect(canAccess(ANONYMOUS_ACCESS, "region", "GB-LND")).toEqual({ allowed: false, reason: "sign_in", modal: null });
    expect(canAccess(ANONYMOUS_ACCESS, "hexagon", LONDON)).toEqual({ allowed: false, reason: "sign_in", modal: null });
    expect([isOpenLevel("country"), isOpenLevel("region"), isOpenLevel("hexagon")]).toEqual([true, false, false]);
  });
  it("keeps regions and hexagons paid for every plan that has not ordered them", () => {
    for (const plan of ["DISCOVERY", "PREMIUM", "GRANULAR", "COUNTRY+"] as const) {
      const c = ctx({ plan, limits: { country: 5, region: 5, hexagon: 5 } });
      expect(canAccess(c, "country", "BD")).toEqual({ allowed: true, reason: "free" });
      expect(canAccess(c, "region", "BD-B")).toMatchObject({ allowed: false, reason: "not_entitled" });
      expect(canAccess(c, "hexagon", LONDON)).toMatchObject({ allowed: false, reason: "not_entitled" });
    }
  });
  it("gives ordered codes to their owner", () => {
    const c = ctx({ plan: "GRANULAR", ordered: { country: ["ES"], region: ["GB-LND"], hexagon: [LONDON] } });
    expect(canAccess(c, "region", "GB-LND")).toEqual({ allowed: true, reason: "ordered" });
    expect(canAccess(c, "hexagon", LONDON.toUpperCase())).toEqual({ allowed: true, reason: "ordered" });
    expect(canAccess(c, "region", "GB-MAN")).toMatchObject({ allowed: false, reason: "not_entitled" });
  });
  it("opens buyDataModal while the limit of that kind is above 0, otherwise addCreditsModal", () => {
    const c = ctx({ plan: "DISCOVERY", limits: { country: 2, region: 0, hexagon: 1 } });
    expect(canAccess(c, "region", "ES-M")).toEqual({
      allowed: false,
      reason: "not_entitled",
      modal: "addCreditsModal",
    });
    expect(canAccess(c, "hexagon", LONDON)).toMatchObject({ modal: "buyDataModal" });
    expect(purchaseModalFor({ country: 0, region: 0, hexagon: 0 }, "country")).toBe("addCreditsModal");
  });
  it("lets COUNTRY+ read every region of its ordered countries, and only that plan", () => {
    const ordered = { country: ["ES"], region: [], hexagon: [] };
    expect(canAccess(ctx({ plan: "COUNTRY+", ordered }), "region", "ES-M")).toEqual({
      allowed: true,
      reason: "country_ordered",
    });
    expect(canAccess(ctx({ plan: "COUNTRY+", ordered }), "region", "IT-RM")).toMatchObject({ allowed: false });
    expect(canAccess(ctx({ plan: "PREMIUM", ordered }), "region", "ES-M")).toMatchObject({ allowed: false });
  });
  it("opens a hexagon to PREMIUM, as to every plan, only when it is in the account's list", () => {
    expect(canAccess(ctx({ plan: "PREMIUM" }), "hexagon", LONDON)).toMatchObject({
      allowed: false,
      modal: "addCreditsModal",
    });
    expect(
      canAccess(ctx({ plan: "PREMIUM", limits: { country: 0, region: 0, hexagon: 3 } }), "hexagon", LONDON),
    ).toMatchObject({ allowed: false, modal: "buyDataModal" });
    const own = { country: [], region: [], hexagon: [LONDON] };
    expect(canAccess(ctx({ plan: "PREMIUM", ordered: own }), "hexagon", LONDON)).toEqual({
      allowed: true,
      reason: "ordered",
    });
  });
  it("a country is readable whether or not it was ordered (ordering still matters to COUNTRY+ regions)", () => {
    const c = ctx({ plan: "PREMIUM", ordered: { country: ["ES"], region: [], hexagon: [] } });
    expect(canAccess(c, "country", "ES")).toEqual({ allowed: true, reason: "free" });
    expect(canAccess(c, "country", "IT")).toEqual({ allowed: true, reason: "free" });
  });
  it("keeps the API key to PREMIUM with the spec's message", () => {
    expect(canUseApiKey("PREMIUM")).toBe(true);
    for (const p of ["DISCOVERY", "GRANULAR", "COUNTRY+", null] as const) expect(canUseApiKey(p)).toBe(false);
    expect(API_KEY_FORBIDDEN_MESSAGE).toBe("Only users with the PREMIUM Subscription Plan can use this option");
  });
});

describe("finestReadableLevel", () => {
  const chittagong = { hexagon: "843cc21ffffffff", region: "BD-B", country: "BD" };
  it("answers every point on land: the country for anyone who bought nothing finer", () => {
    expect(finestReadableLevel(ANONYMOUS_ACCESS, chittagong)).toEqual({ kind: "country", code: "BD" });
    expect(finestReadableLevel(ctx({ plan: "DISCOVERY" }), chittagong)).toEqual({ kind: "country", code: "BD" });
    expect(finestReadableLevel(ctx({ plan: "DISCOVERY" }), { ...chittagong, region: null })).toEqual({
      kind: "country",
      code: "BD",
    });
  });
  it("gives the finest level bought: the hexagon, else the region", () => {
    const region = ctx({ plan: "PREMIUM", ordered: { country: [], region: ["BD-B"], hexagon: [] } });
    expect(finestReadableLevel(region, chittagong)).toEqual({ kind: "region", code: "BD-B" });
    const hex = ctx({ plan: "GRANULAR", ordered: { country: [], region: [], hexagon: ["843cc21ffffffff"] } });
    expect(finestReadableLevel(hex, chittagong)).toEqual({ kind: "hexagon", code: "843cc21ffffffff" });
    expect(finestReadableLevel(ctx({ plan: "PREMIUM" }), chittagong)).toEqual({ kind: "country", code: "BD" });
  });
});

describe("unlockableLevels", () => {
  const chittagong = { hexagon: "843cc21ffffffff", region: "BD-B", country: "BD" };
  it("offers the hexagon and the region to a user who reads only the country, finest first", () => {
    expect(unlockableLevels(ctx({ plan: "DISCOVERY" }), chittagong)).toEqual([
      { kind: "hexagon", code: "843cc21ffffffff" },
      { kind: "region", code: "BD-B" },
    ]);
  });
  it("offers only what is finer than what is read, and nothing a region view does not have", () => {
    const region = ctx({ plan: "PREMIUM", ordered: { country: [], region: ["BD-B"], hexagon: [] } });
    expect(unlockableLevels(region, chittagong)).toEqual([{ kind: "hexagon", code: "843cc21ffffffff" }]);
    expect(unlockableLevels(ctx({ plan: "DISCOVERY" }), { hexagon: null, region: "BD-B", country: "BD" })).toEqual([
      { kind: "region", code: "BD-B" },
    ]);
    expect(unlockableLevels(ctx({ plan: "DISCOVERY" }), { hexagon: null, region: null, country: "BD" })).toEqual([]);
    const hex = ctx({ plan: "GRANULAR", ordered: { country: [], region: [], hexagon: ["843cc21ffffffff"] } });
    expect(unlockableLevels(hex, chittagong)).toEqual([]);
  });
});
