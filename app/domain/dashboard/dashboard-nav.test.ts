import {
  INTRO_TOUR_SLIDES,
  isUnavailable,
  pageUpgradeWarning,
  SIDEBAR_ITEMS,
  SIDEBAR_TOOLS,
  topBarKind,
  upgradeTariffWarning,
} from "./dashboard-nav";

describe("dashboard navigation rules", () => {
  it("shows account links on account pages and switch links on the two analysis pages", () => {
    expect(topBarKind("/dashboard/account")).toBe("account");
    expect(topBarKind("/dashboard/account/billing")).toBe("account");
    expect(topBarKind("/dashboard")).toBe("switch");
    expect(topBarKind("/dashboard/")).toBe("switch");
    expect(topBarKind("/dashboard/corporate")).toBe("switch");
    expect(topBarKind("/dashboard/scan")).toBe("none");
    expect(topBarKind("/dashboard/accountant")).toBe("none");
  });
  it("marks plan-restricted items for DISCOVERY only", () => {
    expect(SIDEBAR_ITEMS.map((i) => i.label)).toEqual(["Dashboard", "User account"]);
    const scan = SIDEBAR_TOOLS.find((i) => i.to === "/dashboard/scan")!;
    expect(isUnavailable(scan, "DISCOVERY")).toBe(true);
    expect(isUnavailable(scan, "PREMIUM")).toBe(false);
  });
  it("has the eight tour slides", () => {
    expect(INTRO_TOUR_SLIDES).toHaveLength(8);
  });
});

describe("warnings.upgradeTariff", () => {
  it("reads the spec's sentence for DISCOVERY and is shown on the pages that plan lacks", () => {
    expect(upgradeTariffWarning("DISCOVERY")).toBe("This option is not available for DISCOVERY plan");
    expect(pageUpgradeWarning("/dashboard/scan", "DISCOVERY")).toBe("This option is not available for DISCOVERY plan");
    expect(pageUpgradeWarning("/dashboard/corporate", "DISCOVERY")).toBe(upgradeTariffWarning("DISCOVERY"));
  });

  it("is absent where the plan includes the page", () => {
    expect(pageUpgradeWarning("/dashboard/scan", "PREMIUM")).toBeNull();
    expect(pageUpgradeWarning("/dashboard", "DISCOVERY")).toBeNull();
    expect(pageUpgradeWarning("/dashboard/scanner", "DISCOVERY")).toBeNull();
  });
});
