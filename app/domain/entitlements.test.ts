import {
  API_KEY_FORBIDDEN_MESSAGE, FREE_CODES, FREE_COUNTRY_CODES, canAccess, canUseApiKey, classifyLocationCode, countryOfRegion,
  purchaseModalFor, type AccessContext,
} from "./entitlements";

const none = { country: [], region: [], hexagon: [] };
const ctx = (over: Partial<AccessContext>): AccessContext => ({
  plan: "PREMIUM",
  limits: { country: 0, region: 0, hexagon: 0 },
  ordered: none,
  free: FREE_CODES,
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
  it("opens the free countries to anonymous callers and nothing else", () => {
    const anon = ctx({ plan: null });
    for (const c of FREE_COUNTRY_CODES) expect(canAccess(anon, "country", c)).toEqual({ allowed: true, reason: "free" });
    expect(canAccess(anon, "country", "gb")).toMatchObject({ allowed: true });
    expect(canAccess(anon, "country", "ES")).toEqual({ allowed: false, reason: "sign_in", modal: null });
    expect(canAccess(anon, "hexagon", LONDON)).toMatchObject({ allowed: false, reason: "sign_in" });
  });
  it("gives ordered codes to their owner", () => {
    const c = ctx({ plan: "GRANULAR", ordered: { country: ["ES"], region: ["GB-LND"], hexagon: [LONDON] } });
    expect(canAccess(c, "country", "es")).toEqual({ allowed: true, reason: "ordered" });
    expect(canAccess(c, "region", "GB-LND")).toEqual({ allowed: true, reason: "ordered" });
    expect(canAccess(c, "hexagon", LONDON.toUpperCase())).toEqual({ allowed: true, reason: "ordered" });
    expect(canAccess(c, "region", "GB-MAN")).toMatchObject({ allowed: false, reason: "not_entitled" });
  });
  it("opens buyDataModal while the limit of that kind is above 0, otherwise addCreditsModal", () => {
    const c = ctx({ plan: "DISCOVERY", limits: { country: 2, region: 0, hexagon: 1 } });
    expect(canAccess(c, "country", "ES")).toEqual({ allowed: false, reason: "not_entitled", modal: "buyDataModal" });
    expect(canAccess(c, "region", "ES-M")).toEqual({ allowed: false, reason: "not_entitled", modal: "addCreditsModal" });
    expect(canAccess(c, "hexagon", LONDON)).toMatchObject({ modal: "buyDataModal" });
    expect(purchaseModalFor({ country: 0, region: 0, hexagon: 0 }, "country")).toBe("addCreditsModal");
  });
  it("lets COUNTRY+ read every region of its ordered countries, and only that plan", () => {
    const ordered = { country: ["ES"], region: [], hexagon: [] };
    expect(canAccess(ctx({ plan: "COUNTRY+", ordered }), "region", "ES-M")).toEqual({ allowed: true, reason: "country_ordered" });
    expect(canAccess(ctx({ plan: "COUNTRY+", ordered }), "region", "IT-RM")).toMatchObject({ allowed: false });
    expect(canAccess(ctx({ plan: "PREMIUM", ordered }), "region", "ES-M")).toMatchObject({ allowed: false });
  });
  it("opens every hexagon to a PREMIUM API key, not countries or regions, and not to other plans", () => {
    expect(canAccess(ctx({ viaApiKey: true }), "hexagon", LONDON)).toEqual({ allowed: true, reason: "api_key" });
    expect(canAccess(ctx({ viaApiKey: true }), "country", "ES")).toMatchObject({ allowed: false });
    expect(canAccess(ctx({ viaApiKey: false }), "hexagon", LONDON)).toMatchObject({ allowed: false });
    expect(canAccess(ctx({ plan: "GRANULAR", viaApiKey: true }), "hexagon", LONDON)).toMatchObject({ allowed: false });
  });
  it("keeps the API key to PREMIUM with the spec's message", () => {
    expect(canUseApiKey("PREMIUM")).toBe(true);
    for (const p of ["DISCOVERY", "GRANULAR", "COUNTRY+", null] as const) expect(canUseApiKey(p)).toBe(false);
    expect(API_KEY_FORBIDDEN_MESSAGE).toBe("Only users with the PREMIUM Subscription Plan can use this option");
  });
});
