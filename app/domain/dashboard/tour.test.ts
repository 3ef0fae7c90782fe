import { locationsFingerprint, shouldShowTour, tourWatchesLocations } from "./tour";

const t = (iso: string) => new Date(iso);
const london = { country: ["GB"], region: [], hexagon: ["84194adffffffff"] };

describe("intro tour", () => {
  const seen = { seenAt: t("2026-03-02T10:00:00Z"), locationsFingerprint: locationsFingerprint(london) };
  const sameSession = {
    sessionStartedAt: t("2026-03-02T09:00:00Z"),
    locationsFingerprint: locationsFingerprint(london),
  };

  it("shows until the user has closed it", () => {
    expect(shouldShowTour(null, { planCode: "PREMIUM", sessionStartedAt: null, locationsFingerprint: null })).toBe(
      true,
    );
    expect(shouldShowTour(seen, { planCode: "DISCOVERY", ...sameSession })).toBe(false);
    expect(
      shouldShowTour(
        { ...seen, locationsFingerprint: null },
        { planCode: "PREMIUM", ...sameSession, locationsFingerprint: null },
      ),
    ).toBe(false);
  });

  it("shows again after a new sign-in, whatever the plan", () => {
    for (const planCode of ["DISCOVERY", "PREMIUM"])
      expect(shouldShowTour(seen, { planCode, ...sameSession, sessionStartedAt: t("2026-03-02T11:00:00Z") })).toBe(
        true,
      );
    // A session opened in another browser before the tour was closed does not bring it back.
    expect(
      shouldShowTour(seen, { planCode: "PREMIUM", ...sameSession, sessionStartedAt: t("2026-03-01T08:00:00Z") }),
    ).toBe(false);
  });

  it("shows again on DISCOVERY when the available locations change, not on other plans", () => {
    const bought = locationsFingerprint({ ...london, country: ["GB", "FR"] });
    expect(shouldShowTour(seen, { planCode: "DISCOVERY", ...sameSession, locationsFingerprint: bought })).toBe(true);
    expect(shouldShowTour(seen, { planCode: "PREMIUM", ...sameSession, locationsFingerprint: bought })).toBe(false);
    // Moving down to DISCOVERY from a plan that stored no fingerprint counts as a change.
    expect(shouldShowTour({ ...seen, locationsFingerprint: null }, { planCode: "DISCOVERY", ...sameSession })).toBe(
      true,
    );
    expect(tourWatchesLocations("DISCOVERY")).toBe(true);
    expect(tourWatchesLocations("GRANULAR")).toBe(false);
  });

  it("fingerprints the set of codes per kind, not their order or repeats", () => {
    const a = locationsFingerprint({ country: ["GB", "FR"], region: ["GB-LND"], hexagon: [] });
    expect(a).toMatch(/^[0-9a-f]{8}$/);
    expect(locationsFingerprint({ country: ["FR", "GB", "FR"], region: ["GB-LND"], hexagon: [] })).toBe(a);
    expect(locationsFingerprint({ country: ["GB", "FR"], region: [], hexagon: ["GB-LND"] })).not.toBe(a);
    expect(locationsFingerprint({ country: ["GB"], region: ["GB-LND"], hexagon: [] })).not.toBe(a);
  });
});
