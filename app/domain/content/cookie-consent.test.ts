import { ACCEPT_ALL, NECESSARY_ONLY, parseConsent, serializeConsent } from "./cookie-consent";

describe("cookie consent value", () => {
  it("round-trips each choice", () => {
    for (const consent of [ACCEPT_ALL, NECESSARY_ONLY, { necessary: true, analytics: true, marketing: false }]) {
      expect(parseConsent(serializeConsent(consent))).toEqual(consent);
    }
  });
  it("always keeps necessary cookies and rejects unknown formats", () => {
    expect(serializeConsent({ necessary: false, analytics: false, marketing: false })).toBe("v1:necessary");
    expect(parseConsent("yes")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});
