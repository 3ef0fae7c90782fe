/**
 * The order review's loader (the cart selection with billing details and invoice lines) and action (the purchase), with
 * Remix's `json` and `redirect` called here: a page module (ADR 022).
 */
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import crypto from "node:crypto";
import {
  CartSelectionSchema,
  CheckoutSchema,
  IDEMPOTENCY_FIELD,
  cartChoices,
  cartReviewBillingHref,
  cartTotals,
  countMessages,
  countsValid,
  selectionSearch,
} from "~/domain/commerce/cart";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { classifyLocationCode } from "~/domain/commerce/entitlements";
import { buyerLines, invoiceNumberText } from "~/domain/commerce/invoicing/invoice";
import { getBillingInfo } from "~/services/commerce/billing.server";
import { purchasePackages } from "~/services/commerce/orders/orders.server";
import { currentPaymentsMode } from "~/services/commerce/orders/payments.server";
import { isAppError } from "~/services/http/errors.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";

/** The review of a cart selection (query parameters): billing info first, then every line as the invoice will print it. */
export async function loadCartReviewPage(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const parsed = CartSelectionSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success || !countsValid(parsed.data)) return redirect(`/dashboard/cart${url.search}`);
  const selection = parsed.data;
  const search = selectionSearch(selection, user.planCode);
  const billing = await getBillingInfo(user.id);
  if (!billing.filled) return redirect(cartReviewBillingHref(search));
  const totals = cartTotals(
    user.planCode,
    selection.plan,
    cartChoices(selection),
    billing.company.country,
    billing.company.vat_number,
  );
  if (totals.lines.length === 0) return redirect(`/dashboard/cart?${search}`);
  const { filled: _filled, ...buyer } = billing;
  return json({
    selection,
    search,
    buyer: buyerLines(buyer),
    totals,
    payments: currentPaymentsMode(),
    termsVersion: TERMS_VERSION,
    idempotencyKey: crypto.randomUUID(),
  });
}

export async function actCartReviewPage(request: Request) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: CheckoutSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const v = submission.value;
  if (!countsValid(v))
    return json(submission.reply({ formErrors: Object.values(countMessages(v)) }), {
      status: 400,
    });
  const billing = await getBillingInfo(user.id);
  if (!billing.filled) return redirect(cartReviewBillingHref(selectionSearch(v, user.planCode)));
  try {
    const result = await purchasePackages({
      userId: user.id,
      currentPlan: user.planCode,
      // The radio group always sends a plan; the current one means "packages only".
      planCode: v.plan === user.planCode ? null : v.plan,
      packages: cartChoices(v),
      idempotencyKey: v[IDEMPOTENCY_FIELD],
      pendingLocation: v.pending ? (classifyLocationCode(v.pending)?.code ?? null) : null,
      acceptedTerms: v.terms_version,
    });
    if (result.checkout_url) return redirect(result.checkout_url);
    const description = `${COMMERCE_MESSAGES.purchased} Invoice ${result.invoice_number ? invoiceNumberText(result.invoice_number) : ""}, total ${result.total}.${result.test_payment ? ` ${COMMERCE_MESSAGES.testPayment}` : ""}`;
    const pending = v.pending ? classifyLocationCode(v.pending) : null;
    const to = pending ? `/dashboard?location_code=${encodeURIComponent(pending.code)}` : "/dashboard/account";
    return redirectWithToast(to, { type: "success", description });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
}
