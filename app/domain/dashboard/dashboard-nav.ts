import type { PlanCode } from "../commerce/plans";

export const UPGRADE_TARIFF_WARNING_KEY = "warnings.upgradeTariff";

/** Text of warnings.upgradeTariff: shown wherever the user's plan lacks the feature at hand. */
export function upgradeTariffWarning(plan: string) {
  return `This option is not available for ${plan} plan`;
}

export const PLAN_UNAVAILABLE_WARNING = upgradeTariffWarning("DISCOVERY");

export interface SidebarItem {
  label: string;
  to: string;
  /** Plans that cannot use this item; it stays visible with the warning. */
  unavailableFor?: PlanCode[];
}

/** The spec's sidebar (Dashboard, User account, then Logout as a form button). */
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "User account", to: "/dashboard/account" },
];

/** Tools listed under the main items; restricted ones stay visible with the plan warning. */
export const SIDEBAR_TOOLS: SidebarItem[] = [
  { label: "Portfolio Scan", to: "/dashboard/scan", unavailableFor: ["DISCOVERY"] },
  { label: "Corporate reporting", to: "/dashboard/corporate", unavailableFor: ["DISCOVERY"] },
  { label: "Cart", to: "/dashboard/cart" },
];

export const ADMIN_ITEMS: SidebarItem[] = [
  { label: "Content", to: "/dashboard/admin" },
  { label: "Mail outbox", to: "/dev/outbox" },
];

export const ACCOUNT_TOP_BAR = [
  { label: "Credit Balance", to: "/dashboard/account" },
  { label: "Account Billing Info", to: "/dashboard/account/billing" },
  { label: "Tech Support", to: "/dashboard/account/support" },
] as const;

export const ACCOUNT_DOWNLOADS = [
  { label: "Pricing List", href: "/downloads/pricing-list.pdf" },
  { label: "METHODOLOGY", href: "/downloads/methodology.pdf" },
] as const;

export const SCENARIO_SWITCH_LINKS = [
  { label: "Scenario Analysis for One Location", to: "/dashboard" },
  { label: "Corporate Sustainability Reporting and Audit", to: "/dashboard/corporate" },
] as const;

export type TopBarKind = "account" | "switch" | "none";

export function topBarKind(pathname: string): TopBarKind {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/dashboard/account" || path.startsWith("/dashboard/account/")) return "account";
  if (path === "/dashboard" || path === "/dashboard/corporate") return "switch";
  return "none";
}

export function isUnavailable(item: SidebarItem, plan: string) {
  return Boolean(item.unavailableFor?.includes(plan as PlanCode));
}

/** The warnings.upgradeTariff text for a dashboard page the plan does not include, else null. */
export function pageUpgradeWarning(pathname: string, plan: string): string | null {
  // The most specific entry wins: /dashboard/scan/x belongs to Portfolio Scan, not to Dashboard.
  const item = [...SIDEBAR_ITEMS, ...SIDEBAR_TOOLS]
    .filter((i) => pathname === i.to || pathname.startsWith(`${i.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return item && isUnavailable(item, plan) ? upgradeTariffWarning(plan) : null;
}

/** The 8 intro-tour slides, in the product's order. */
export const INTRO_TOUR_SLIDES = [
  {
    title: "A global data hub",
    body: "Hazard scores for every inland place on Earth: countries, regions, H3 hexagons and single points.",
  },
  {
    title: "Climate-related disclosures",
    body: "Supports EU Taxonomy, CSRD, ESRS E1, IFRS S2 and SB 261 physical-risk disclosures.",
  },
  {
    title: "Forward-looking scenarios",
    body: "Compare RCP2.6, RCP4.5 and RCP8.5 for 2030, 2040 and 2050 against the historical baseline.",
  },
  {
    title: "A 1-to-5 risk rating",
    body: "Every hazard is rated Low, Moderate, High, Severe or Extreme, with the inputs behind each score.",
  },
  {
    title: "Continuous update",
    body: "The dataset is rebuilt reproducibly as inputs improve; every version lists its sources.",
  },
  {
    title: "From raw data to risk knowledge",
    body: "Elevation, climate normals, rivers and coastlines become scores a risk team can act on.",
  },
  { title: "Instant integration", body: "A JSON API with the same scores for your own tools (PREMIUM plan)." },
  { title: "Talk to us", body: "Questions about a location or a portfolio? Our team answers from London and Paris." },
] as const;
