/**
 * Billing countries: ISO 3166-1 alpha-2 codes, from one list (i18n-iso-countries, which follows the ISO 3166
 * Maintenance Agency, with Kosovo's XK as the EU itself uses it). VAT prefixes that are not country codes get a
 * message of their own, so a buyer who types one learns which code to use.
 */
import countries from "i18n-iso-countries";

/**
 * Codes people type for a country that are not ISO 3166-1 codes. XI: Northern Ireland keeps EU VAT rules for goods
 * only (Windsor Framework); for the services sold here it is part of the United Kingdom, outside the EU VAT area.
 */
const NOT_COUNTRY_CODES: Readonly<Record<string, string>> = {
  EL: "EL is Greece's VAT prefix, not a country code: use GR for Greece",
  XI: "XI is the VAT prefix of Northern Ireland, not a country code: use GB (services to the United Kingdom are outside the EU VAT area)",
  UK: "UK is not the country code of the United Kingdom: use GB",
  EU: "EU is not a country: use the code of the buyer's country, e.g. FR",
};

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** Why a billing country (upper-case, two letters) is refused, or null for an ISO 3166-1 code. */
export function countryCodeProblem(code: string): string | null {
  if (isCountryCode(code)) return null;
  return (
    NOT_COUNTRY_CODES[code] ?? `${code} is not a country code: use the two-letter ISO 3166-1 code, e.g. FR for France`
  );
}
