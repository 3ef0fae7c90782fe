/**
 * What can be bought and what it costs: data packages, self-service products, plan upgrades, VAT.
 * Money is integer minor units (cents, EUR). Pure: used by the services, the API, the pages and the PDFs.
 */
import type { LocationKind } from "./entitlements";
import { formatMinorUnits } from "./money";
import { API_KEY_PLAN, FREE_PLAN, PLAN_DEFINITIONS, planRank, type PlanCode, type PlanDefinition } from "./plans";
import { PORTFOLIO_MAX_ROWS } from "./portfolio/limits";
import { canonicalVatNumber } from "./vat-numbers";

export const CURRENCY = "EUR";

/**
 * Input bounds. Prices are integer minor units in 32-bit columns: 10 000 custom countries at 150.00 plus VAT stay far
 * inside that range, where an unbounded count overflowed it (2 386 093 hexagons at 9.00 is past 2^31 cents).
 */
export const MAX_LOCATIONS_PER_PURCHASE = 10_000;
/** A self-service order covers at most the largest portfolio any plan may upload. */
export const MAX_ORDER_LOCATIONS = Math.max(...Object.values(PORTFOLIO_MAX_ROWS));
/** The largest value of an integer column (ids, invoice numbers): anything above cannot name a row. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** The refusal of a number above its bound, naming the bound. */
export function tooLargeMessage(field: string, limit: number): string {
  return `${field} must be at most ${limit.toLocaleString("en-US")}`;
}

/** buy_products `type` (spec §7): 1 country, 2 region, 3 hexagon. */
export const PACKAGE_TYPES: Record<1 | 2 | 3, LocationKind> = { 1: "country", 2: "region", 3: "hexagon" };
export const PACKAGE_GROUP_NAMES: Record<LocationKind, "Country" | "Region" | "Granular"> = {
  country: "Country",
  region: "Region",
  hexagon: "Granular",
};

export interface PackageDefinition {
  id: number;
  kind: LocationKind;
  /** Locations the package adds; null for the custom package, whose count the buyer chooses. */
  locations: number | null;
  /** Package price, or the price per location for the custom package. */
  priceMinor: number;
  name: string;
}

export const PACKAGES: readonly PackageDefinition[] = [
  { id: 101, kind: "country", locations: 1, priceMinor: 15_000, name: "1 country" },
  { id: 102, kind: "country", locations: 5, priceMinor: 60_000, name: "5 countries" },
  { id: 103, kind: "country", locations: null, priceMinor: 15_000, name: "Custom number of countries" },
  { id: 201, kind: "region", locations: 5, priceMinor: 20_000, name: "5 regions" },
  { id: 202, kind: "region", locations: 20, priceMinor: 64_000, name: "20 regions" },
  { id: 203, kind: "region", locations: null, priceMinor: 4_500, name: "Custom number of regions" },
  { id: 301, kind: "hexagon", locations: 10, priceMinor: 9_000, name: "10 hexagons" },
  { id: 302, kind: "hexagon", locations: 100, priceMinor: 60_000, name: "100 hexagons" },
  { id: 303, kind: "hexagon", locations: null, priceMinor: 900, name: "Custom number of hexagons" },
];

/** Spec §9: select lists start with a placeholder of id 0 and price 0. */
export const PLACEHOLDER_ITEM = { id: 0, price: "0.00", get_name: "Select a package", is_custom: false } as const;

export interface PackageItem {
  id: number;
  price: string;
  get_name: string;
  is_custom: boolean;
}

/** package_register: the three groups, each with the placeholder first and then sorted by price ascending. */
export function packageRegister(): { group: "Country" | "Region" | "Granular"; kind: LocationKind; packages: PackageItem[] }[] {
  return (["country", "region", "hexagon"] as const).map((kind) => ({
    group: PACKAGE_GROUP_NAMES[kind],
    kind,
    packages: [
      { ...PLACEHOLDER_ITEM },
      ...PACKAGES.filter((p) => p.kind === kind)
        .slice()
        .sort((a, b) => a.priceMinor - b.priceMinor || a.id - b.id)
        .map((p) => ({ id: p.id, price: formatMinorUnits(p.priceMinor), get_name: p.name, is_custom: p.locations === null })),
    ],
  }));
}

export function findPackage(id: number): PackageDefinition | undefined {
  return PACKAGES.find((p) => p.id === id);
}

/** Spec §5: a custom count is parsed as an integer; anything unparsable or negative counts as 0. */
export function parseCustomCount(raw: unknown): number {
  const n = typeof raw === "number" ? Math.trunc(raw) : Number.parseInt(String(raw ?? "").trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export interface PackageChoice {
  id: number;
  /** Only for the custom package. */
  count?: number;
}

export interface PricedPackage {
  id: number;
  kind: LocationKind;
  name: string;
  locations: number;
  priceMinor: number;
}

/** The price and size of one chosen package; the placeholder and a custom count of 0 cost 0 and add nothing. */
export function pricePackage(choice: PackageChoice): PricedPackage | null {
  if (choice.id === 0) return null;
  const def = findPackage(choice.id);
  if (!def) return null;
  if (def.locations === null) {
    const count = parseCustomCount(choice.count);
    if (count === 0) return null;
    return { id: def.id, kind: def.kind, name: `${count} × ${def.name}`, locations: count, priceMinor: def.priceMinor * count };
  }
  return { id: def.id, kind: def.kind, name: def.name, locations: def.locations, priceMinor: def.priceMinor };
}

/** buy_products {type, amount}: a fixed package of exactly that size, else the custom package's unit price. */
export function priceLocationAmount(kind: LocationKind, amount: number): PricedPackage | null {
  const fixed = PACKAGES.find((p) => p.kind === kind && p.locations === amount);
  if (fixed) return pricePackage({ id: fixed.id });
  const custom = PACKAGES.find((p) => p.kind === kind && p.locations === null)!;
  return pricePackage({ id: custom.id, count: amount });
}

export function planPrice(code: PlanCode): number {
  return PLAN_DEFINITIONS.find((p) => p.code === code)?.priceMinor ?? 0;
}

/** Spec §9: the upgrade total is the plan price plus the country, region and hexagon package prices. */
export function upgradeSubtotal(plan: PlanCode, packages: readonly PackageChoice[]): { planMinor: number; packages: PricedPackage[]; subtotalMinor: number } {
  const priced = packages.map(pricePackage).filter((p): p is PricedPackage => p !== null);
  const planMinor = planPrice(plan);
  return { planMinor, packages: priced, subtotalMinor: planMinor + priced.reduce((s, p) => s + p.priceMinor, 0) };
}

/** One line of an order as bought, stored and invoiced. */
export interface PurchaseItem {
  code: string;
  name: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  /** For data packages: the kind and number of locations it adds. */
  kind?: LocationKind;
  locations?: number;
}

/**
 * The lines of a plan and package purchase: the plan (when it changes) first, then each package. The cart's review,
 * the order and the invoice all take their lines from here.
 */
export function upgradeItems(plan: PlanCode | null, packages: readonly PricedPackage[]): PurchaseItem[] {
  const items: PurchaseItem[] = packages.map((p) => ({ code: `package_${p.id}`, name: p.name, quantity: 1, unitMinor: p.priceMinor, totalMinor: p.priceMinor, kind: p.kind, locations: p.locations }));
  if (plan) items.unshift({ code: `plan_${plan}`, name: `Plan ${plan} (12 months)`, quantity: 1, unitMinor: planPrice(plan), totalMinor: planPrice(plan) });
  return items;
}

/**
 * Self-service products (spec §4): a per-location portfolio report and a single-location PDF. Each is sold only for
 * its kind of lead: the portfolio report for an uploaded portfolio, the PDF for one postal address.
 */
export const SELF_SERVICE_PRODUCTS = [
  { id: 1, code: "portfolio_report", name: "Portfolio climate risk report (per location)", priceMinor: 1_400, perLocation: true, leadKind: "portfolio" },
  { id: 2, code: "single_pdf", name: "Single-location climate risk report (PDF)", priceMinor: 4_900, perLocation: false, leadKind: "single_location" },
] as const;
export type SelfServiceProductCode = (typeof SELF_SERVICE_PRODUCTS)[number]["code"];
export type SelfServiceLeadKind = (typeof SELF_SERVICE_PRODUCTS)[number]["leadKind"];

export function findSelfServiceProduct(ref: number | string) {
  return SELF_SERVICE_PRODUCTS.find((p) => p.id === Number(ref) || p.code === ref);
}

/** What an upload's summary says about its rows (written by the upload's own scan, never by the buyer). */
export interface UploadLocationSummary {
  total_locations?: number;
  valid_locations?: number;
  duplicate_locations?: number;
  /** The valid locations, each once: what an order bills. */
  billed_locations?: number;
}

/**
 * Priced locations of a portfolio: the preview's billed locations (a row repeating an earlier row's coordinates is
 * assessed and billed once). Previews stored before billed_locations counted duplicates among the valid rows.
 */
export function pricedLocationsOf(summary: UploadLocationSummary): { totalLocations: number; validLocations: number } {
  const billed = summary.billed_locations ?? Math.max(0, (summary.valid_locations ?? 0) - (summary.duplicate_locations ?? 0));
  return { totalLocations: summary.total_locations ?? 0, validLocations: billed };
}

/** What the buyer paid for a report: its order's gross total (VAT included) in the order's currency. */
export interface ReportCharge {
  totalMinor: number;
  currency: string;
}

/**
 * The report files' `report_cost` (spec: report stats): the money charged for the report, in the price format, with
 * its currency beside it, so the file says what the invoice says. "0.00" when nothing was charged.
 */
export function reportCostOf(charged: ReportCharge | null): { report_cost: string; report_currency: string } {
  return { report_cost: formatMinorUnits(charged?.totalMinor ?? 0), report_currency: charged?.currency ?? CURRENCY };
}

/** "2 800.00 EUR"; reports built before report_cost was money stored a count of credits, shown as such. */
export function reportCostText(stats: { report_cost: number | string; report_currency?: string }): string {
  if (typeof stats.report_cost === "number") return `${stats.report_cost} credits`;
  return `${stats.report_cost} ${stats.report_currency ?? CURRENCY}`;
}

/** A single-location lead is one place. */
export const SINGLE_LOCATION_COUNT = { totalLocations: 1, validLocations: 1 } as const;

/** The seller is established in France; standard VAT rates of the EU member states in basis points. */
export const SELLER_COUNTRY = "FR";
export const EU_VAT_RATES_BP: Record<string, number> = {
  AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550, FR: 2000, DE: 1900,
  GR: 2400, HU: 2700, IE: 2300, IT: 2200, LV: 2100, LT: 2100, LU: 1700, MT: 1800, NL: 2100, PL: 2300, PT: 2300,
  RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500,
};

/**
 * Countries that are not member states but belong to a member state's VAT territory (Art. 7 Council Directive
 * 2006/112/EC): a buyer in Monaco is taxed as one in France.
 */
export const VAT_TERRITORY_OF: Readonly<Record<string, string>> = { MC: "FR" };

/** The member state whose VAT applies to a billing country, or null outside the EU VAT area. */
export function vatMemberStateOf(country: string | null | undefined): string | null {
  const c = (country ?? "").trim().toUpperCase();
  const state = VAT_TERRITORY_OF[c] ?? c;
  return EU_VAT_RATES_BP[state] === undefined ? null : state;
}

export type VatRule = "no_country" | "domestic" | "eu_reverse_charge" | "eu_consumer" | "export";

/**
 * VAT from the billing country (an ISO 3166-1 code, checked where it is entered):
 * - none given: 0 (spec §9 default tax rate);
 * - the seller's VAT territory (France, Monaco): its rate;
 * - another member state with a VAT number of that state's format: reverse charge, 0;
 * - another member state without one (a consumer, or a number that is not one): that state's rate (OSS);
 * - outside the EU VAT area: 0, not subject to EU VAT.
 */
export function vatRateFor(country: string | null | undefined, vatNumber?: string | null): { rateBp: number; rule: VatRule } {
  const c = (country ?? "").trim().toUpperCase();
  if (!c) return { rateBp: 0, rule: "no_country" };
  const state = vatMemberStateOf(c);
  if (!state) return { rateBp: 0, rule: "export" };
  const rate = EU_VAT_RATES_BP[state]!;
  if (state === SELLER_COUNTRY) return { rateBp: rate, rule: "domestic" };
  if (canonicalVatNumber(state, vatNumber)) return { rateBp: 0, rule: "eu_reverse_charge" };
  return { rateBp: rate, rule: "eu_consumer" };
}

/** VAT rounded half up to the cent. */
export function vatAmount(subtotalMinor: number, rateBp: number): number {
  return Math.floor((subtotalMinor * rateBp + 5_000) / 10_000);
}

export interface Cost {
  SUBTOTAL: string;
  "TAX RATE": number;
  VAT: string;
  TOTAL: string;
}

/** Spec §9 default portfolio cost. */
export const EMPTY_COST: Cost = { SUBTOTAL: "0.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "0.00" };

export function costOf(subtotalMinor: number, rateBp: number): { cost: Cost; vatMinor: number; totalMinor: number } {
  const vatMinor = vatAmount(subtotalMinor, rateBp);
  const totalMinor = subtotalMinor + vatMinor;
  return {
    vatMinor,
    totalMinor,
    cost: { SUBTOTAL: formatMinorUnits(subtotalMinor), "TAX RATE": rateBp / 100, VAT: formatMinorUnits(vatMinor), TOTAL: formatMinorUnits(totalMinor) },
  };
}

/** Dates as the spec shows them: the `ru` locale (e.g. 23.11.2026). */
export function formatDocumentDate(date: Date | string): string {
  return new Date(date).toLocaleDateString("ru-RU", { timeZone: "UTC" });
}

export const TERMS_VERSION = "2026-01";

/** How purchases are paid on this server: built-in test payments (no money moves), Stripe, or not at all. */
export type PaymentsMode = "test" | "stripe" | "off";

/**
 * How long an order may wait for its payment (a Stripe Checkout left open). Past it the order is cancelled and the
 * Checkout session has expired with it: 24 hours, the longest Checkout Stripe allows.
 */
export const PENDING_ORDER_TIMEOUT_MS = 24 * 60 * 60_000;

/** Idempotency keys (API header and the forms' hidden token): printable ASCII only, so no NUL or control byte reaches the database. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,200}$/;
export const IDEMPOTENCY_KEY_MESSAGE = "must be 8-200 letters, digits or - _ : .";

export const COMMERCE_MESSAGES = {
  purchased: "Payment received. Thank you!",
  testPayment: "Test payment: no real money is charged.",
  billingRequired: "Please fill in your billing info before buying.",
  billingSaved: "Billing info saved",
  termsSaved: "Terms consent saved",
  supportSent: "Your message has been sent to technical support",
  nothingToBuy: "Choose at least one package",
  keyInProgress: "A request with this Idempotency-Key is still being processed; retry in a moment",
  leadNotFound: "Unknown lead",
  orderNotFound: "Unknown order",
  alreadyOnPlan: "You are already on this plan",
  planNotAbove: "You can only upgrade to a plan above your current one",
  nothingToPay: "This order has nothing to pay",
  keyReused: "This Idempotency-Key was already used with other parameters; use a new key for a new request",
  productNotForLead: "This product cannot be ordered for this lead",
  paymentsNotConfigured: "Payments are not configured on this server: purchases are unavailable",
  paymentMismatch: "The payment does not match its order",
  orderExpired: "This order has expired; please order again",
  termsRequired: "Please accept the Terms & Conditions to pay",
  termsChanged: "The Terms & Conditions have changed since you opened this page; please review your order again",
} as const;

/**
 * The plan an order changes to: only upwards. The current plan changes nothing (packages alone may still be bought);
 * a lower plan is refused, so a "downgrade" can never become a free plan change or a 0.00 invoice.
 */
export function planChange(currentPlan: string, requested: PlanCode | null | undefined): { plan: PlanCode | null; error: string | null } {
  if (!requested || requested === currentPlan) return { plan: null, error: null };
  if (planRank(requested) <= planRank(currentPlan)) return { plan: null, error: COMMERCE_MESSAGES.planNotAbove };
  return { plan: requested, error: null };
}

/** The report prices, the same on every plan: no plan includes reports (ADR: plans, reports and the API key). */
export function reportPrices() {
  const portfolio = findSelfServiceProduct("portfolio_report")!;
  const single = findSelfServiceProduct("single_pdf")!;
  return {
    portfolio: `${formatMinorUnits(portfolio.priceMinor)} ${CURRENCY} per location`,
    single: `${formatMinorUnits(single.priceMinor)} ${CURRENCY} per report`,
  };
}

export const API_KEY_NOTE = `The API key comes with ${API_KEY_PLAN} only. GRANULAR and COUNTRY+ cost more because they open more locations on the dashboard; they do not include an API key.`;

/** Every plan, DISCOVERY included, reads the country scores of every country (ADR 012, `OPEN_LEVELS`). */
export const COUNTRY_SCORES_INCLUDED = "Country-level scores of every country";

/** What a plan includes, and what it does not, in the words /pricing and the cart both use. */
export function planIncludes(plan: PlanDefinition): string[] {
  const reports = reportPrices();
  const locations =
    plan.code === FREE_PLAN
      ? "Regions and hexagons through packages, bought in the cart"
      : `${plan.limitCountry} countries, ${plan.limitRegion} regions and ${plan.limitHexagon} hexagons to open on the dashboard, for 12 months`;
  return [
    COUNTRY_SCORES_INCLUDED,
    locations,
    plan.apiAccess ? "API key for the hazard API included" : `No API key (only ${API_KEY_PLAN} has one)`,
    `Portfolio report: ${reports.portfolio}, not included in the plan`,
    `Single-location report: ${reports.single}, not included in the plan`,
  ];
}

/** Tariff ids of the API (spec "Tariff plan: id, price, name") are the plans' sort order. */
export function tariffList() {
  return PLAN_DEFINITIONS.map((p) => ({ id: p.sortOrder, name: p.name, price: formatMinorUnits(p.priceMinor), limit_country: p.limitCountry, limit_region: p.limitRegion, limit_hexagon: p.limitHexagon, api_access: p.apiAccess }));
}
export function planByTariffId(id: number): PlanCode | null {
  return PLAN_DEFINITIONS.find((p) => p.sortOrder === id)?.code ?? null;
}

/** purchased_packages of the upgrade call: [{id, count?}] or {country: {id, count?}, region: …, hexagon: …}. */
export function parsePackageChoices(raw: unknown): PackageChoice[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? Object.values(raw) : [];
  return list
    .map((v) => (typeof v === "number" ? { id: v } : v && typeof v === "object" ? { id: Number((v as { id?: unknown }).id), count: parseCustomCount((v as { count?: unknown }).count) } : null))
    .filter((c): c is PackageChoice => c !== null && Number.isInteger(c.id));
}
