import { Form, Link, useLocation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { DataTable, TD, TD_NUMBER, TH, TH_ROW } from "~/components/ui/table";
import { formatDocumentDate, type PaymentsMode } from "~/domain/commerce/orders";
import { LOCATION_KINDS, type LocationKind } from "~/domain/commerce/entitlements";
import { invoiceNumberText } from "~/domain/commerce/invoicing/invoice";
import { PaymentsNote } from "./payments-note";

type Limits = Record<LocationKind, number>;
const LABEL: Record<LocationKind, string> = { country: "Countries", region: "Regions", hexagon: "Hexagons" };

/** The header row of the account tables. */
function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th scope="col" key={c} className={TH}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

type Balance = {
  planLimits: Limits;
  purchased: Limits;
  granted: Limits;
  remaining: Limits;
  spent: Limits;
  ordered: Record<LocationKind, string[]>;
};

/** The figures beside "remaining", in the table's order. */
const BALANCE_FIGURES: readonly (readonly [string, (e: Balance, k: LocationKind) => number])[] = [
  ["Plan", (e, k) => e.planLimits[k]],
  ["Purchased", (e, k) => e.purchased[k]],
  ["Granted", (e, k) => e.granted[k]],
  ["Ordered", (e, k) => e.spent[k]],
  ["From reports", (e, k) => e.ordered[k].length - e.spent[k]],
];

export function CreditBalance({ e }: { e: Balance }) {
  return (
    <div className="mt-4">
      {/* Phones get one block per kind, every figure on the screen; wider screens the table. */}
      <ul
        className="divide-y rounded-md border border-slate-200 text-sm sm:hidden"
        aria-label="Granted and remaining locations"
        data-testid="balance-compact"
      >
        {LOCATION_KINDS.map((k) => (
          <li key={k} className="px-3 py-2">
            <p className="flex justify-between font-semibold text-slate-900">
              <span>{LABEL[k]}</span>
              <span className="tabular-nums">{e.remaining[k]} remaining</span>
            </p>
            <dl className="mt-1 grid grid-cols-5 gap-x-2 text-xs text-slate-700">
              {BALANCE_FIGURES.map(([name, figure]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd className="tabular-nums">{figure(e, k)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <DataTable
        label="Granted and remaining locations"
        caption="Granted and remaining locations"
        className="text-left"
        boxClassName="hidden sm:block"
      >
        <TableHead columns={["Kind", "Plan", "Purchased", "Granted", "Ordered", "From reports", "Remaining"]} />
        <tbody>
          {LOCATION_KINDS.map((k) => (
            <tr key={k} className="border-b" data-testid={`balance-${k}`}>
              <th scope="row" className={TH_ROW}>
                {LABEL[k]}
              </th>
              <td className={TD_NUMBER}>{e.planLimits[k]}</td>
              <td className={TD_NUMBER}>{e.purchased[k]}</td>
              <td className={TD_NUMBER}>{e.granted[k]}</td>
              <td className={TD_NUMBER}>{e.spent[k]}</td>
              <td className={TD_NUMBER}>{e.ordered[k].length - e.spent[k]}</td>
              <td className={`${TD_NUMBER} font-bold`}>{e.remaining[k]}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p className="mt-2 text-xs text-slate-600">
        Remaining = plan + purchased packages − ordered (never below 0). The hexagons of a paid portfolio report (and
        locations granted to you) are yours to read without using the allowance: they are listed under “From reports”.
        Remaining is the same figure the API answers as limit_country, limit_region and limit_hexagon.
      </p>
      {LOCATION_KINDS.some((k) => e.ordered[k].length) ? (
        <ul className="mt-3 text-sm">
          {LOCATION_KINDS.filter((k) => e.ordered[k].length).map((k) => (
            <li key={k}>
              <strong>{LABEL[k]} ordered:</strong> {e.ordered[k].join(", ")}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function BuyCreditsForm({ idempotencyKey, payments }: { idempotencyKey: string; payments: PaymentsMode }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Buy credits">
      <input type="hidden" name="intent" value="buy_credits" />
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      <div>
        <label htmlFor="credit-type" className="field-label">
          Credits for
        </label>
        <select id="credit-type" name="type" className="field-input" defaultValue="1">
          <option value="1">Countries</option>
          <option value="2">Regions</option>
          <option value="3">Hexagons</option>
        </select>
      </div>
      <div>
        <label htmlFor="credit-amount" className="field-label">
          Amount
        </label>
        <input
          id="credit-amount"
          name="amount"
          type="number"
          min={1}
          step={1}
          required
          defaultValue={1}
          className="field-input w-28"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={payments === "off"}>
        Buy credits
      </button>
      <p className="w-full text-xs text-slate-600">
        Next you review the order, its VAT and your billing details; nothing is charged before you accept the terms and
        pay.
      </p>
      <PaymentsNote payments={payments} />
    </Form>
  );
}

export function DocumentsTable({
  documents,
}: {
  documents: {
    number: number;
    date: string;
    total_price: string;
    currency: string;
    invoice: boolean;
    receipt: boolean;
    test_payment: boolean;
  }[];
}) {
  if (!documents.length) return <p className="text-sm text-slate-600">No invoices yet.</p>;
  const links = (d: (typeof documents)[number]) => (
    <>
      {d.invoice ? (
        <a href={`/dashboard/account/invoices/${d.number}`} download className="underline">
          Invoice PDF
        </a>
      ) : null}
      {d.receipt ? (
        <a href={`/dashboard/account/invoices/${d.number}?kind=receipt`} download className="underline">
          Receipt PDF
        </a>
      ) : null}
    </>
  );
  return (
    <>
      {/* Phones: one block per document. */}
      <ul
        className="divide-y rounded-md border border-slate-200 text-sm sm:hidden"
        aria-label="Invoices and receipts"
        data-testid="documents-compact"
      >
        {documents.map((d) => (
          <li key={d.number} className="px-3 py-2">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-semibold">{invoiceNumberText(d.number)}</span>
              <span>{d.date}</span>
            </p>
            <p className="mt-1">
              <span className="tabular-nums">
                {d.total_price} {d.currency}
              </span>
              {d.test_payment ? (
                <Badge tone="warning" className="ml-2">
                  test payment
                </Badge>
              ) : null}
            </p>
            <p className="mt-1 space-x-4">{links(d)}</p>
          </li>
        ))}
      </ul>
      <DataTable
        label="Invoices and receipts"
        caption="Invoices and receipts"
        className="text-left"
        boxClassName="hidden sm:block"
      >
        <TableHead columns={["Number", "Date", "Total", "Documents"]} />
        <tbody>
          {documents.map((d) => (
            <tr key={d.number}>
              <td className={`${TD} whitespace-nowrap`}>{invoiceNumberText(d.number)}</td>
              <td className={TD}>{d.date}</td>
              <td className={TD}>
                {d.total_price} {d.currency}
                {d.test_payment ? (
                  <Badge tone="warning" className="ml-2">
                    test payment
                  </Badge>
                ) : null}
              </td>
              <td className={`${TD} space-x-3 whitespace-nowrap`}>{links(d)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}

export function ReportsTable({
  reports,
}: {
  reports: { id: number; name: string; locations: number; date: string; total_price: string }[];
}) {
  if (!reports.length) return <p className="text-sm text-slate-600">No reports bought yet.</p>;
  return (
    <ul className="text-sm">
      {reports.map((r) => (
        <li key={r.id}>
          {r.date}: {r.name} ({r.locations} locations), {r.total_price} EUR
        </li>
      ))}
    </ul>
  );
}

export function TermsConsentForm({
  terms,
}: {
  terms: { terms_conditions: boolean; accepted_at: string | null; current_version: string };
}) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="terms" />
      <label className="flex items-start gap-2">
        <input type="checkbox" name="terms_conditions" defaultChecked={terms.terms_conditions} className="mt-1" />
        <span>
          I accept the{" "}
          <a href="/terms" target="_blank" rel="noreferrer" className="underline">
            Terms &amp; Conditions
          </a>{" "}
          (version {terms.current_version})
        </span>
      </label>
      <button type="submit" className="btn-secondary">
        Save consent
      </button>
      {terms.accepted_at ? (
        <p className="w-full text-xs text-slate-600">Last answer recorded {formatDocumentDate(terms.accepted_at)}.</p>
      ) : null}
    </Form>
  );
}

/**
 * Links to the older and the newest entries of a list the account page shows a page of. Each keeps the other list's
 * place, so paging invoices does not reset the reports.
 */
export function ListPager({
  label,
  param,
  anchor,
  older,
  newer,
}: {
  label: string;
  param: string;
  anchor: string;
  older?: number;
  newer: boolean;
}) {
  const location = useLocation();
  if (older === undefined && !newer) return null;
  const href = (cursor: number | undefined) => {
    const search = new URLSearchParams(location.search);
    if (cursor === undefined) search.delete(param);
    else search.set(param, String(cursor));
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ""}#${anchor}`;
  };
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap gap-4 text-sm">
      {newer ? (
        <Link to={href(undefined)} className="underline">
          Newest {label.toLowerCase()}
        </Link>
      ) : null}
      {older !== undefined ? (
        <Link to={href(older)} className="underline">
          Older {label.toLowerCase()}
        </Link>
      ) : null}
    </nav>
  );
}
