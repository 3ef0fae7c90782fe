/**
 * The country a file's country column names: an ISO 3166 alpha-2 or alpha-3 code, or the country's name in one of
 * the languages a European portfolio is kept in (i18n-iso-countries holds the names).
 */
import countries from "i18n-iso-countries";

/** Languages whose country names are tried, in this order. */
const NAME_LANGUAGES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "nl",
  "pl",
  "pt",
  "sv",
  "da",
  "fi",
  "cs",
  "el",
  "hu",
  "ro",
  "no",
] as const;

/** Codes in use beside ISO's: the EU's for Greece and the United Kingdom. */
const OTHER_CODES: Readonly<Record<string, string>> = { EL: "GR", UK: "GB" };

export function countryCodeOf(cell: string): string | null {
  const v = cell.trim();
  if (!v) return null;
  const upper = v.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return OTHER_CODES[upper] ?? (countries.isValid(upper) ? upper : null);
  if (/^[A-Z]{3}$/.test(upper)) return countries.alpha3ToAlpha2(upper) ?? null;
  for (const lang of NAME_LANGUAGES) {
    const code = countries.getSimpleAlpha2Code(v, lang);
    if (code) return code;
  }
  return null;
}
