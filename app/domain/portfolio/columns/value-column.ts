/**
 * The value column: the file's column of asset values in one currency. When the weighting column is such a column
 * and its currency is known (stated in its name or chosen by the user), the disclosure gives amounts in money
 * (ESRS E1-9 para 66(a), IFRS S2 para 29(b)) beside the shares of assets; without it, shares of assets only.
 */
import { formatAmount } from "../../commerce/invoicing/money";

/** Currencies a value column may be stated in (ISO 4217). */
export const VALUE_CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "PLN",
  "CZK",
  "HUF",
  "RON",
  "SEK",
  "NOK",
  "DKK",
  "JPY",
  "AUD",
  "CAD",
] as const;
export type ValueCurrency = (typeof VALUE_CURRENCIES)[number];

export function isValueCurrency(v: unknown): v is ValueCurrency {
  return typeof v === "string" && (VALUE_CURRENCIES as readonly string[]).includes(v);
}

const SYMBOLS: Readonly<Record<string, ValueCurrency>> = { "€": "EUR", "£": "GBP", $: "USD", zł: "PLN", "¥": "JPY" };

/** The currency a column's name states ("Marktwert (EUR)", "Value €", "value_usd"), or null when it states none or several. */
export function currencyInHeader(header: string): ValueCurrency | null {
  const found = new Set<ValueCurrency>();
  for (const word of header.toUpperCase().split(/[^A-Z]+/)) if (isValueCurrency(word)) found.add(word);
  for (const [symbol, code] of Object.entries(SYMBOLS)) if (header.toLowerCase().includes(symbol)) found.add(code);
  return found.size === 1 ? [...found][0]! : null;
}

/** What the amounts are: the column they sum and its currency. */
export interface MoneyBasis {
  column: string;
  currency: ValueCurrency;
}

/** Amounts only when a real column weighs the locations and its currency is known. */
export function moneyBasis(weightingColumn: string | null, currency: string | null | undefined): MoneyBasis | null {
  return weightingColumn && isValueCurrency(currency) ? { column: weightingColumn, currency } : null;
}

/** "1 250 000.00 EUR": the product's money format with its currency, never a bare number. */
export function formatMoney(amount: number, currency: ValueCurrency): string {
  return `${formatAmount(amount)} ${currency}`;
}

export const VALUE_COLUMN_TEXT = {
  currencyNeeded: (column: string) =>
    `The column "${column}" weighs the shares, but its name states no currency, so no amounts in money are given: choose its currency to add them`,
  unknownCurrency: "Choose a currency from the list",
  noAmounts:
    "No amounts in money: no column of asset values with a currency weighs the locations. Choose the value column (and its currency) on Portfolio Scan to add them.",
  basis: (b: MoneyBasis) =>
    `Amounts sum the column "${b.column}" in ${b.currency}; assets without a value there count in the shares of assets but add nothing to the amounts.`,
} as const;
