/** Orders: plan upgrades, self-service products, what a report cost, how orders are paid and identified. */
import type { LocationKind } from "./entitlements";
import { formatMinorUnits } from "./invoicing/money";
import { PLAN_DEFINITIONS, planRank, type PlanCode } from "./plans";
import { COMMERCE_MESSAGES } from "./messages";
import { pricePackage, type PackageChoice, type PricedPackage } from "./packages";

export const CURRENCY = "EUR";

export function planPrice(code: PlanCode): number {
  return PLAN_DEFINITIONS.find((p) => p.code === code)?.priceMinor ?? 0;
}

/** The upgrade total is the plan price plus the country, region and hexagon package prices. */
export function upgradeSubtotal(
  plan: PlanCode,
  packages: readonly PackageChoice[],
): { planMinor: number; packages: PricedPackage[]; subtotalMinor: number } {
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
  const items: PurchaseItem[] = packages.map((p) => ({
    code: `package_${p.id}`,
    name: p.name,
    quantity: 1,
    unitMinor: p.priceMinor,
    totalMinor: p.priceMinor,
    kind: p.kind,
    locations: p.locations,
  }));
  if (plan)
    items.unshift({
      code: `plan_${plan}`,
      name: `Plan ${plan} (12 months)`,
      quantity: 1,
      unitMinor: planPrice(plan),
      totalMinor: planPrice(plan),
    });
  return items;
}

/**
 * Self-service products: a per-location portfolio report and a single-location PDF. Each is sold only for
 * its kind of lead: the portfolio report for an uploaded portfolio, the PDF for one postal address.
 */
export const SELF_SERVICE_PRODUCTS = [
  {
    id: 1,
    code: "portfolio_report",
    name: "Portfolio climate risk report (per location)",
    priceMinor: 1_400,
    perLocation: true,
    leadKind: "portfolio",
  },
  {
    id: 2,
    code: "single_pdf",
    name: "Single-location climate risk report (PDF)",
    priceMinor: 4_900,
    perLocation: false,
    leadKind: "single_location",
  },
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
  const billed =
    summary.billed_locations ?? Math.max(0, (summary.valid_locations ?? 0) - (summary.duplicate_locations ?? 0));
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
/** Sent as `true` on an answer given back for a repeated Idempotency-Key rather than run again. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** A purchase without a key: the key is what makes a retry safe, so it is asked for first. */
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  "is required: send one per purchase (e.g. a UUID) so a retry never charges twice";

/**
 * The plan an order changes to: only upwards. The current plan changes nothing (packages alone may still be bought);
 * a lower plan is refused, so a "downgrade" can never become a free plan change or a 0.00 invoice.
 */
export function planChange(
  currentPlan: string,
  requested: PlanCode | null | undefined,
): { plan: PlanCode | null; error: string | null } {
  if (!requested || requested === currentPlan) return { plan: null, error: null };
  if (planRank(requested) <= planRank(currentPlan)) return { plan: null, error: COMMERCE_MESSAGES.planNotAbove };
  return { plan: requested, error: null };
}
