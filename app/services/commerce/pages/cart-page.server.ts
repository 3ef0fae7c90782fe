/**
 * The cart page's loader, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { CART_ADD_KINDS, defaultPackageFor } from "~/domain/commerce/cart";
import { planChange } from "~/domain/commerce/orders";
import { packageRegister } from "~/domain/commerce/packages";
import { classifyLocationCode, type LocationKind } from "~/domain/commerce/entitlements";
import { isPlanCode } from "~/domain/commerce/plans";
import { getBillingInfo } from "~/services/commerce/billing.server";
import { currentPaymentsMode } from "~/services/commerce/orders/payments.server";
import { requireUser } from "~/services/auth/session.server";

export async function loadCartPage(request: Request) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const add = params.get("add");
  const addKind = (CART_ADD_KINDS as readonly string[]).includes(add ?? "") ? (add as LocationKind) : null;
  const pendingRef = classifyLocationCode(params.get("pending"));
  const plan = params.get("plan");
  const num = (name: string) => Number.parseInt(params.get(name) ?? "", 10) || 0;
  const selected = {
    // A plan below the current one cannot be bought: the cart opens on the current plan instead.
    plan: plan && isPlanCode(plan) && planChange(user.planCode, plan).plan ? plan : user.planCode,
    country_package: num("country_package") || (addKind === "country" ? defaultPackageFor("country") : 0),
    country_count: num("country_count"),
    region_package: num("region_package") || (addKind === "region" ? defaultPackageFor("region") : 0),
    region_count: num("region_count"),
    hexagon_package: num("hexagon_package") || (addKind === "hexagon" ? defaultPackageFor("hexagon") : 0),
    hexagon_count: num("hexagon_count"),
  };
  const billing = await getBillingInfo(user.id);
  return json({
    currentPlan: user.planCode,
    selected,
    pending: pendingRef && (!addKind || pendingRef.kind === addKind) ? pendingRef.code : null,
    billing: {
      filled: billing.filled,
      country: billing.company.country || null,
      vatNumber: billing.company.vat_number || null,
    },
    groups: packageRegister(),
    payments: currentPaymentsMode(),
    cartUrl: `/dashboard/cart${new URL(request.url).search}`,
  });
}
