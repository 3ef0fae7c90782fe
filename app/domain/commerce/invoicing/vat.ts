/** VAT of a sale by the buyer's billing country and VAT number, and the cost lines it gives. */
import { formatMinorUnits } from "./money";
import { canonicalVatNumber } from "./vat-numbers";

/** The seller is established in France; standard VAT rates of the EU member states in basis points. */
export const SELLER_COUNTRY = "FR";
export const EU_VAT_RATES_BP: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
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
 * - none given: 0 (default tax rate);
 * - the seller's VAT territory (France, Monaco): its rate;
 * - another member state with a VAT number of that state's format: reverse charge, 0;
 * - another member state without one (a consumer, or a number that is not one): that state's rate (OSS);
 * - outside the EU VAT area: 0, not subject to EU VAT.
 */
export function vatRateFor(
  country: string | null | undefined,
  vatNumber?: string | null,
): { rateBp: number; rule: VatRule } {
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

/** The default portfolio cost. */
export const EMPTY_COST: Cost = { SUBTOTAL: "0.00", "TAX RATE": 0, VAT: "0.00", TOTAL: "0.00" };

export function costOf(subtotalMinor: number, rateBp: number): { cost: Cost; vatMinor: number; totalMinor: number } {
  const vatMinor = vatAmount(subtotalMinor, rateBp);
  const totalMinor = subtotalMinor + vatMinor;
  return {
    vatMinor,
    totalMinor,
    cost: {
      SUBTOTAL: formatMinorUnits(subtotalMinor),
      "TAX RATE": rateBp / 100,
      VAT: formatMinorUnits(vatMinor),
      TOTAL: formatMinorUnits(totalMinor),
    },
  };
}
