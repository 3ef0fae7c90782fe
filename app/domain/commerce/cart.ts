/** The cart / upgrade form: one schema for the page and its action, and the totals it shows. */
import { z } from "zod";
import { billingInfoHref } from "./billing";
import { COMMERCE_MESSAGES } from "./messages";
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, planChange, upgradeItems, upgradeSubtotal } from "./orders";
import { MAX_LOCATIONS_PER_PURCHASE, PACKAGES, plainIntegerInput, type PackageChoice } from "./packages";
import { costOf, vatRateFor } from "./invoicing/vat";
import { invoiceLines, vatNoteFor } from "./invoicing/invoice";
import { LOCATION_KINDS, type LocationKind } from "./entitlements";
import { PLAN_CODES, type PlanCode } from "./plans";
import { MESSAGES } from "../forms/validation-messages";

export const CART_ADD_KINDS = LOCATION_KINDS;
export const IDEMPOTENCY_FIELD = "idempotency_key";

const packageId = (kind: LocationKind) =>
  z.coerce
    .number()
    .int()
    .refine((id) => id === 0 || PACKAGES.some((p) => p.id === id && p.kind === kind), "Choose a package from the list")
    .default(0);
/** The custom count is parsed as an integer; empty means 0. */
const customCount = z.preprocess(
  (v) => plainIntegerInput(v) ?? 0,
  z
    .number({ invalid_type_error: "Only whole numbers" })
    .int("Only whole numbers")
    .min(0, MESSAGES.minValue(0))
    .max(MAX_LOCATIONS_PER_PURCHASE, MESSAGES.maxValue(MAX_LOCATIONS_PER_PURCHASE)),
);

export const CartSelectionSchema = z.object({
  plan: z.enum(PLAN_CODES).optional(),
  country_package: packageId("country"),
  country_count: customCount,
  region_package: packageId("region"),
  region_count: customCount,
  hexagon_package: packageId("hexagon"),
  hexagon_count: customCount,
  pending: z.string().max(20).optional(),
});
export type CartSelection = z.infer<typeof CartSelectionSchema>;

export const CartSchema = CartSelectionSchema.extend({
  [IDEMPOTENCY_FIELD]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, `The form token ${IDEMPOTENCY_KEY_MESSAGE}; reload the page`),
});
export type CartForm = z.infer<typeof CartSchema>;

/** The review's Pay form: the selection, its token, and the terms the buyer accepts (ticked, and the version read). */
export const CheckoutSchema = CartSchema.extend({
  terms: z.literal("on", { errorMap: () => ({ message: COMMERCE_MESSAGES.termsRequired }) }),
  terms_version: z.string().max(40),
});

/** The review of a selection (its query parameters from selectionSearch), and the billing page's way back to it. */
export const cartReviewHref = (search: string) => `/dashboard/cart/review?${search}`;
export const cartReviewBillingHref = (search: string) => billingInfoHref(cartReviewHref(search));

/** The selection as query parameters: the cart, its review and the billing form's way back share them. */
export function selectionSearch(v: CartSelection, currentPlan: string): string {
  return new URLSearchParams({
    plan: v.plan ?? currentPlan,
    country_package: String(v.country_package),
    country_count: String(v.country_count),
    region_package: String(v.region_package),
    region_count: String(v.region_count),
    hexagon_package: String(v.hexagon_package),
    hexagon_count: String(v.hexagon_count),
    ...(v.pending ? { pending: v.pending } : {}),
  }).toString();
}

/**
 * Credits bought from the account page: one package of that kind holding `amount` locations (the fixed package of
 * that size, else the custom one with a count), so they go through the same review, terms and invoice as the cart.
 */
export function creditsSelection(kind: LocationKind, amount: number): CartSelection {
  const fixed = PACKAGES.find((p) => p.kind === kind && p.locations === amount);
  const chosen = fixed ?? PACKAGES.find((p) => p.kind === kind && p.locations === null)!;
  const none = {
    country_package: 0,
    country_count: 0,
    region_package: 0,
    region_count: 0,
    hexagon_package: 0,
    hexagon_count: 0,
  };
  return { ...none, [`${kind}_package`]: chosen.id, [`${kind}_count`]: fixed ? 0 : amount };
}

export function cartChoices(
  f: Pick<
    CartForm,
    "country_package" | "country_count" | "region_package" | "region_count" | "hexagon_package" | "hexagon_count"
  >,
): PackageChoice[] {
  return [
    { id: f.country_package, count: f.country_count },
    { id: f.region_package, count: f.region_count },
    { id: f.hexagon_package, count: f.hexagon_count },
  ];
}

/**
 * The spec's "Min value: n" / "Max value: n" for one kind's count, or null when it may be bought: a custom package holds
 * at least one location, no count is negative, and no purchase holds more than MAX_LOCATIONS_PER_PURCHASE.
 */
export function countMessage(f: Parameters<typeof cartChoices>[0], kind: LocationKind): string | null {
  const count = f[`${kind}_count`];
  const def = PACKAGES.find((p) => p.id === f[`${kind}_package`]);
  const min = def && def.locations === null ? 1 : 0;
  if (!Number.isInteger(count) || count < min) return MESSAGES.minValue(min);
  if (count > MAX_LOCATIONS_PER_PURCHASE) return MESSAGES.maxValue(MAX_LOCATIONS_PER_PURCHASE);
  return null;
}

/** Each kind's count message, for the fields that have one. */
export function countMessages(f: Parameters<typeof cartChoices>[0]): Partial<Record<LocationKind, string>> {
  return Object.fromEntries(LOCATION_KINDS.flatMap((k) => (countMessage(f, k) ? [[k, countMessage(f, k)]] : [])));
}

/** The counts are valid (spec: the upgrade form is valid only then) when no count has a message. */
export function countsValid(f: Parameters<typeof cartChoices>[0]): boolean {
  return LOCATION_KINDS.every((k) => countMessage(f, k) === null);
}

/**
 * Totals of the cart as shown before paying: a plan is charged only when it is above the current one. The lines are
 * the order's own (upgradeItems) with the invoice's net, rate, VAT and gross.
 */
export function cartTotals(
  currentPlan: string,
  plan: PlanCode | undefined,
  choices: PackageChoice[],
  billingCountry: string | null,
  vatNumber: string | null,
) {
  const newPlan = planChange(currentPlan, plan).plan;
  const { planMinor, packages, subtotalMinor } = upgradeSubtotal(newPlan ?? "DISCOVERY", choices);
  const { rateBp, rule } = vatRateFor(billingCountry, vatNumber);
  const cost = costOf(subtotalMinor, rateBp);
  const lines = invoiceLines(upgradeItems(newPlan, packages), rateBp, cost.vatMinor);
  return {
    newPlan,
    planMinor: newPlan ? planMinor : 0,
    packages,
    subtotalMinor,
    rateBp,
    rule,
    vatNote: vatNoteFor(rule, rateBp, billingCountry ?? ""),
    lines,
    ...cost,
  };
}

/** The smallest fixed package of a kind: what `?add=kind` preselects. */
export function defaultPackageFor(kind: LocationKind): number {
  return PACKAGES.filter((p) => p.kind === kind && p.locations !== null).sort((a, b) => a.priceMinor - b.priceMinor)[0]!
    .id;
}
