import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { PaymentsNote } from "~/components/commerce/payments-note";
import { SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { cartChoices, cartTotals, countMessages, countsValid } from "~/domain/commerce/cart";
import { billingInfoHref } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { PACKAGE_GROUP_NAMES } from "~/domain/commerce/packages";
import { planIncludes } from "~/domain/commerce/plan-offer";
import { formatMinorUnits } from "~/domain/commerce/invoicing/money";
import { PLAN_DEFINITIONS, isPlanCode, planRank } from "~/domain/commerce/plans";
import { pageTitle } from "~/utils/meta";
import { loadCartPage } from "~/services/commerce/pages/cart-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Cart") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCartPage(request);
}

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [sel, setSel] = useState(data.selected);
  const totals = cartTotals(
    data.currentPlan,
    isPlanCode(sel.plan) ? sel.plan : undefined,
    cartChoices(sel),
    data.billing.country,
    data.billing.vatNumber,
  );
  const valid = countsValid(sel);
  const countErrors = countMessages(sel);
  const update = (name: keyof typeof sel) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setSel((s) => ({ ...s, [name]: name === "plan" ? e.target.value : Number.parseInt(e.target.value, 10) || 0 }));
  return (
    <div className="max-w-3xl">
      <PageHeader title="Cart" lead="Choose a plan and data packages; the total updates as you choose." />
      <PaymentsNote payments={data.payments} banner />
      {data.pending ? (
        <p className="mb-4 rounded-md bg-sky-50 p-3 text-sky-900">
          After payment, <strong>{data.pending}</strong> is ordered from your new allowance and opened on the dashboard.
        </p>
      ) : null}
      {!data.billing.filled ? (
        <p className="mb-4 rounded-md bg-slate-50 p-3">
          {COMMERCE_MESSAGES.billingRequired}{" "}
          <Link className="underline" to={billingInfoHref(data.cartUrl)}>
            Fill in billing info
          </Link>
        </p>
      ) : null}
      {/* Choosing leads to the review (GET): nothing is paid before the buyer has seen every line and accepted the terms. */}
      <Form method="get" action="/dashboard/cart/review" className="card" aria-describedby="cart-total">
        {data.pending ? <input type="hidden" name="pending" value={data.pending} /> : null}
        <fieldset className="mb-6">
          <legend className="mb-2 text-lg font-semibold">Plan</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PLAN_DEFINITIONS.map((p) => (
              <label key={p.code} className="flex items-start gap-2 rounded-md border p-3">
                {/* Named by the plan and its price alone; what it includes describes it (so "PREMIUM" names one radio). */}
                <input
                  type="radio"
                  name="plan"
                  value={p.code}
                  checked={sel.plan === p.code}
                  onChange={update("plan")}
                  disabled={planRank(p.code) < planRank(data.currentPlan)}
                  className="mt-1"
                  aria-labelledby={`plan-${p.sortOrder}-name`}
                  aria-describedby={`plan-${p.sortOrder}-includes`}
                />
                <span>
                  <span id={`plan-${p.sortOrder}-name`}>
                    <span className="font-semibold">{p.name}</span>{" "}
                    {p.code === data.currentPlan ? <em className="text-sm">(current)</em> : null}
                    {planRank(p.code) < planRank(data.currentPlan) ? (
                      <em className="text-sm"> (below your plan)</em>
                    ) : null}
                    <br />
                    <span className="text-sm">{formatMinorUnits(p.priceMinor)} EUR / year</span>
                  </span>
                  <ul id={`plan-${p.sortOrder}-includes`} className="mt-1 list-disc pl-4 text-xs text-slate-700">
                    {planIncludes(p).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {data.groups.map((g) => {
          const kind = g.kind;
          const pkgName = `${kind}_package` as const;
          const countName = `${kind}_count` as const;
          const chosen = g.packages.find((p) => p.id === sel[pkgName]);
          const countError = countErrors[kind];
          return (
            <fieldset key={kind} className="mb-4 grid gap-3 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">{PACKAGE_GROUP_NAMES[kind]} packages</legend>
              <div>
                <label htmlFor={pkgName} className="field-label">
                  {g.group} package
                </label>
                <select
                  id={pkgName}
                  name={pkgName}
                  value={sel[pkgName]}
                  onChange={update(pkgName)}
                  className="field-input"
                >
                  {g.packages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.get_name}
                      {p.id ? ` — ${p.price} EUR${p.is_custom ? " per location" : ""}` : ""}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={countName} className="field-label">
                  Custom count ({g.group.toLowerCase()})
                </label>
                <input
                  id={countName}
                  name={countName}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  value={sel[countName] || ""}
                  onChange={update(countName)}
                  className="field-input"
                  aria-invalid={countError ? true : undefined}
                  aria-describedby={countError ? `${countName}-error ${countName}-hint` : `${countName}-hint`}
                />
                {countError ? (
                  <p id={`${countName}-error`} className="mt-1 text-sm text-red-700" data-testid="count-error">
                    {countError}
                  </p>
                ) : null}
                <p id={`${countName}-hint`} className="mt-1 text-xs text-slate-600">
                  {chosen?.is_custom
                    ? "How many locations the custom package holds."
                    : "Only used with a custom package."}
                </p>
              </div>
            </fieldset>
          );
        })}
        {/* No total for a count out of range: it would price an order that cannot be placed. */}
        {valid ? (
          <dl id="cart-total" className="mt-4 grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3" aria-live="polite">
            <dt>Plan</dt>
            <dd className="text-right">{formatMinorUnits(totals.planMinor)} EUR</dd>
            {totals.packages.map((p) => (
              <div key={p.id} className="contents">
                <dt>{p.name}</dt>
                <dd className="text-right">{formatMinorUnits(p.priceMinor)} EUR</dd>
              </div>
            ))}
            <dt>Subtotal</dt>
            <dd className="text-right">{totals.cost.SUBTOTAL} EUR</dd>
            <dt>VAT ({totals.cost["TAX RATE"]}%)</dt>
            <dd className="text-right">{totals.cost.VAT} EUR</dd>
            <dt className="font-bold">Total</dt>
            <dd className="text-right font-bold" data-testid="cart-total">
              {totals.cost.TOTAL} EUR
            </dd>
          </dl>
        ) : (
          <p
            id="cart-total"
            className="mt-4 rounded-md bg-red-50 p-3 text-red-800"
            aria-live="polite"
            data-testid="cart-total-invalid"
          >
            {COMMERCE_MESSAGES.countsInvalid}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" formMethod="get" formAction="/dashboard/cart" className="btn-secondary">
            Update total
          </button>
          <SubmitButton
            className="btn-primary"
            pending={navigation.state === "loading" && navigation.location.pathname === "/dashboard/cart/review"}
          >
            {valid ? `Review order (${totals.cost.TOTAL} EUR)` : "Review order"}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
