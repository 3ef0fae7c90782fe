/**
 * What an invoice says (EU VAT invoice rules, Art. 226 Council Directive 2006/112/EC): the seller and buyer with
 * their VAT ids, a sequential number, the date, every line with net, rate, VAT and gross, the service period and,
 * for an EU business buyer in another member state, the reverse-charge wording. Pure: the PDF, the e-mail and the
 * checkout review all read this one model, so they cannot disagree about a number.
 */
import type { BillingInfoValue } from "../billing";
import { SELLER_COUNTRY, vatMemberStateOf, vatRateFor, type VatRule } from "./vat";
import { countryName } from "../../geo/country-names";
import { formatMinorUnits } from "./money";

export const REVERSE_CHARGE_TEXT =
  "Reverse charge: VAT to be accounted for by the recipient, Art. 196 Council Directive 2006/112/EC";
/** Outside the EU no VAT of ours applies (place of supply of a B2B/B2C electronic service outside the EU). */
export const EXPORT_TEXT =
  "Outside the EU: not subject to EU VAT (place of supply outside the EU, Art. 58 and 59 Council Directive 2006/112/EC)";

/** Who issues the invoice (from configuration, see env SELLER_*). */
export interface SellerIdentity {
  name: string;
  address: string;
  vatId: string;
}

/**
 * The demo seller of the embedded setup: plainly marked so no one mistakes its invoices for real ones. A server
 * taking real money (Stripe) must name the real seller (checked at start).
 */
export const DEMO_SELLER: SellerIdentity = {
  name: "Climate Risk SAS (DEMO SELLER - set SELLER_NAME)",
  address: "1 Demo Street; 75001 Paris; France (DEMO ADDRESS - set SELLER_ADDRESS)",
  vatId: "FR00000000000",
};

/**
 * A VAT id of the seller's member state (the VAT rules in commerce.ts are those of a seller established there):
 * its two-letter prefix, then 2-13 letters or digits.
 */
export function sellerVatIdProblem(vatId: string, sellerCountry: string): string | null {
  const v = vatId.replace(/\s+/g, "").toUpperCase();
  if (!v.startsWith(sellerCountry))
    return `SELLER_VAT_ID must be a VAT id of ${sellerCountry} (start with ${sellerCountry}), where the VAT rules place the seller`;
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v))
    return "SELLER_VAT_ID must be the country prefix followed by 2-13 letters or digits, e.g. FR12345678901";
  return null;
}

/** A line as an order stores it. */
export interface InvoiceItemSource {
  code: string;
  name: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitNetMinor: number;
  netMinor: number;
  rateBp: number;
  vatMinor: number;
  grossMinor: number;
}

export interface ServicePeriod {
  /** ISO dates (yyyy-mm-dd); start equals end for a delivery on one day. */
  start: string;
  end: string;
  kind: "subscription" | "delivery";
}

export interface InvoiceContent {
  number: string;
  issuedAt: string;
  currency: string;
  seller: SellerIdentity;
  buyer: BillingInfoValue;
  lines: InvoiceLine[];
  netMinor: number;
  rateBp: number;
  vatMinor: number;
  grossMinor: number;
  rule: VatRule;
  /** The legal wording the rule needs printed, or null. */
  vatNote: string | null;
  servicePeriod: ServicePeriod;
}

/** Plans are sold by the year: the subscription runs from the day it is paid to the day before its anniversary. */
export const SUBSCRIPTION_MONTHS = 12;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A plan: its subscription year; anything else (reports, data packages) is delivered on the day it is paid. */
export function servicePeriodOf(items: readonly Pick<InvoiceItemSource, "code">[], paidAt: Date): ServicePeriod {
  if (items.some((i) => i.code.startsWith("plan_"))) {
    const end = new Date(paidAt);
    end.setUTCMonth(end.getUTCMonth() + SUBSCRIPTION_MONTHS);
    end.setUTCDate(end.getUTCDate() - 1);
    return { start: isoDay(paidAt), end: isoDay(end), kind: "subscription" };
  }
  return { start: isoDay(paidAt), end: isoDay(paidAt), kind: "delivery" };
}

/**
 * Splits the order's VAT (rounded once on the net total, as charged) over its lines: each line gets its own rounded
 * share and the cents lost or gained by rounding go to the largest lines, so the lines always add up to the total.
 */
export function allocateVat(netLines: readonly number[], vatTotalMinor: number): number[] {
  const netTotal = netLines.reduce((s, n) => s + n, 0);
  if (netTotal === 0) return netLines.map(() => 0);
  const exact = netLines.map((n) => (n * vatTotalMinor) / netTotal);
  const shares = exact.map(Math.floor);
  let left = vatTotalMinor - shares.reduce((s, n) => s + n, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || netLines[b.i]! - netLines[a.i]!);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** Lines with net, rate, VAT and gross: the checkout review and the invoice print the same numbers. */
export function invoiceLines(items: readonly InvoiceItemSource[], rateBp: number, vatMinor: number): InvoiceLine[] {
  const vats = allocateVat(
    items.map((i) => i.totalMinor),
    vatMinor,
  );
  return items.map((item, k) => ({
    description: item.name,
    quantity: item.quantity,
    unitNetMinor: item.unitMinor,
    netMinor: item.totalMinor,
    rateBp,
    vatMinor: vats[k]!,
    grossMinor: item.totalMinor + vats[k]!,
  }));
}

/** The printed invoice number: INV-000042. */
export function invoiceNumberText(n: number): string {
  return `INV-${String(n).padStart(6, "0")}`;
}

/** The VAT rule an invoice applied, in words: every invoice names it. */
export function vatNoteFor(rule: VatRule, rateBp: number, country: string): string | null {
  const code = country.trim().toUpperCase();
  const state = vatMemberStateOf(code) ?? "";
  switch (rule) {
    case "eu_reverse_charge":
      return REVERSE_CHARGE_TEXT;
    case "export":
      return EXPORT_TEXT;
    case "domestic":
      return `Domestic VAT ${formatRate(rateBp)}: supply within the VAT territory of ${countryName(SELLER_COUNTRY)}${state !== code ? `, to which ${countryName(code)} belongs` : ""}`;
    case "eu_consumer":
      return `VAT of ${countryName(state)} ${formatRate(rateBp)}: electronic service to a non-taxable person, taxed where the customer is (Art. 58 Council Directive 2006/112/EC)`;
    case "no_country":
      return null;
  }
}

/** The invoice of a paid order, from the order's own amounts (never recomputed from today's prices). */
export function buildInvoice(input: {
  number: number;
  issuedAt: Date;
  paidAt: Date;
  currency: string;
  seller: SellerIdentity;
  buyer: BillingInfoValue;
  items: readonly InvoiceItemSource[];
  subtotalMinor: number;
  taxRateBp: number;
  vatMinor: number;
  totalMinor: number;
}): InvoiceContent {
  const { rule } = vatRateFor(input.buyer.company.country, input.buyer.company.vat_number);
  const lines = invoiceLines(input.items, input.taxRateBp, input.vatMinor);
  return {
    number: invoiceNumberText(input.number),
    issuedAt: isoDay(input.issuedAt),
    currency: input.currency,
    seller: input.seller,
    buyer: input.buyer,
    lines,
    netMinor: input.subtotalMinor,
    rateBp: input.taxRateBp,
    vatMinor: input.vatMinor,
    grossMinor: input.totalMinor,
    rule,
    vatNote: vatNoteFor(rule, input.taxRateBp, input.buyer.company.country),
    servicePeriod: servicePeriodOf(input.items, input.paidAt),
  };
}

/** "20 %" / "19.5 %" */
export function formatRate(rateBp: number): string {
  return `${rateBp / 100} %`;
}

/** dd.mm.yyyy, the documents' date format (spec: Russian locale). */
export function formatIsoDay(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

export function servicePeriodText(p: ServicePeriod): string {
  return p.kind === "subscription"
    ? `Service period: ${formatIsoDay(p.start)} - ${formatIsoDay(p.end)}`
    : `Date of delivery: ${formatIsoDay(p.start)}`;
}

/** A country as an invoice prints it: its English name and ISO code ("Germany (DE)"), the code alone if unknown. */
export function invoiceCountry(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  const name = countryName(upper);
  return name !== upper ? `${name} (${upper})` : upper;
}

/** The buyer's lines as printed: company, contact, address, country and VAT number. */
export function buyerLines(b: BillingInfoValue): string[] {
  const c = b.company;
  const contact = [b.appeal, b.first_name, b.last_name].filter(Boolean).join(" ");
  return [
    c.name,
    contact,
    c.street,
    [c.zip, c.city].filter(Boolean).join(" "),
    `Country: ${invoiceCountry(c.country)}`,
    c.vat_number ? `VAT number: ${c.vat_number}` : "VAT number: none given",
    b.email,
  ].filter((l) => l.trim() !== "");
}

export function sellerLines(s: SellerIdentity): string[] {
  return [s.name, ...s.address.split(/\s*[\n;]\s*/).filter(Boolean), `VAT ID: ${s.vatId}`];
}

/** The money columns of a line as printed. */
export function lineCells(l: InvoiceLine, currency: string) {
  return {
    net: `${formatMinorUnits(l.netMinor)} ${currency}`,
    rate: formatRate(l.rateBp),
    vat: `${formatMinorUnits(l.vatMinor)} ${currency}`,
    gross: `${formatMinorUnits(l.grossMinor)} ${currency}`,
  };
}
