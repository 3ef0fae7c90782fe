import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, SubmitButton, TermsAcceptanceField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { PaymentsNote } from "~/components/commerce/payments-note";
import { IDEMPOTENCY_FIELD, cartReviewBillingHref } from "~/domain/commerce/cart";
import { CURRENCY } from "~/domain/commerce/orders";
import { formatRate, lineCells } from "~/domain/commerce/invoicing/invoice";
import { formatPrice } from "~/domain/commerce/invoicing/money";
import { pageTitle } from "~/utils/meta";
import { actCartReviewPage, loadCartReviewPage } from "~/services/commerce/pages/cart-review-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Review your order") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCartReviewPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actCartReviewPage(request);
}

export default function CartReviewPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { totals, selection } = data;
  const errors = lastResult && "error" in lastResult ? lastResult.error : undefined;
  const money = (minor: number) => formatPrice(minor, CURRENCY);
  return (
    <div className="max-w-4xl">
      <PageHeader title="Review your order" lead="Check what you buy and who is billed, accept the terms, then pay." />
      <PaymentsNote payments={data.payments} banner />
      <section aria-labelledby="review-items" className="card mb-4">
        <h2 id="review-items" className="mb-2 text-lg font-semibold">
          What you buy
        </h2>
        {/* Phones get one block per line (every column readable without scrolling sideways), wider screens the table. */}
        <ul className="divide-y text-sm sm:hidden" data-testid="review-lines-compact">
          {totals.lines.map((l) => {
            const c = lineCells(l, CURRENCY);
            return (
              <li key={l.description} className="py-2">
                <p className="font-medium">{l.description}</p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3">
                  <dt>Qty</dt>
                  <dd className="text-right">{l.quantity}</dd>
                  <dt>Net</dt>
                  <dd className="text-right">{c.net}</dd>
                  <dt>VAT rate</dt>
                  <dd className="text-right">{c.rate}</dd>
                  <dt>VAT</dt>
                  <dd className="text-right">{c.vat}</dd>
                  <dt>Gross</dt>
                  <dd className="text-right">{c.gross}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
        <div className="hidden overflow-x-auto sm:block">
          <table className="w-full text-sm" data-testid="review-lines">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 pr-2">
                  Item
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Qty
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Net
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  VAT rate
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  VAT
                </th>
                <th scope="col" className="py-1 text-right">
                  Gross
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.lines.map((l) => {
                const c = lineCells(l, CURRENCY);
                return (
                  <tr key={l.description} className="border-b align-top">
                    <td className="py-1 pr-2">{l.description}</td>
                    <td className="py-1 pr-2 text-right">{l.quantity}</td>
                    <td className="whitespace-nowrap py-1 pr-2 text-right">{c.net}</td>
                    <td className="whitespace-nowrap py-1 pr-2 text-right">{c.rate}</td>
                    <td className="whitespace-nowrap py-1 pr-2 text-right">{c.vat}</td>
                    <td className="whitespace-nowrap py-1 text-right">{c.gross}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-1 sm:max-w-sm sm:ml-auto">
          <dt>Total net</dt>
          <dd className="text-right">{money(totals.subtotalMinor)}</dd>
          <dt>VAT ({formatRate(totals.rateBp)})</dt>
          <dd className="text-right">{money(totals.vatMinor)}</dd>
          <dt className="font-bold">Total gross</dt>
          <dd className="text-right font-bold" data-testid="review-total">
            {money(totals.totalMinor)}
          </dd>
        </dl>
        {totals.vatNote ? <p className="mt-2 text-sm font-semibold">{totals.vatNote}</p> : null}
        <p className="mt-2 text-sm text-slate-600">
          {totals.newPlan
            ? "The plan runs for 12 months from the day of payment."
            : "Data packages are added to your allowance when the payment is received."}
        </p>
      </section>
      <section aria-labelledby="review-billing" className="card mb-4">
        <h2 id="review-billing" className="mb-2 text-lg font-semibold">
          Billed to
        </h2>
        <address className="not-italic" data-testid="review-billing">
          {data.buyer.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <Link className="mt-2 inline-block underline" to={cartReviewBillingHref(data.search)}>
          Edit billing info
        </Link>
      </section>
      <Form method="post" className="card" aria-describedby="review-total">
        <ErrorList errors={errors?.[""] ?? undefined} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={data.idempotencyKey} />
        {Object.entries(selection).map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
        )}
        <TermsAcceptanceField termsVersion={data.termsVersion} errors={errors?.terms ?? undefined} />
        <div className="flex flex-wrap gap-3">
          <Link to={`/dashboard/cart?${data.search}`} className="btn-secondary">
            Change order
          </Link>
          <SubmitButton className="btn-primary" pending={navigation.state === "submitting"}>
            Pay {money(totals.totalMinor)}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
