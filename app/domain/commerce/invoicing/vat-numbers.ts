/**
 * VAT identification numbers of the EU member states: the formats the European Commission publishes for VIES
 * ("VIES VAT number validation", FAQ: structure of the VAT number per member state), without the country prefix.
 * A format check only: it keeps typing errors and made-up values ("x", "-") from switching on the reverse charge;
 * whether the number is registered is for VIES to say.
 */

interface VatNumberFormat {
  /** The prefix of the number, the member state's ISO code except Greece (EL). */
  prefix: string;
  pattern: RegExp;
  /** How the format reads, for the error message. */
  shape: string;
  example: string;
}

export const EU_VAT_NUMBER_FORMATS: Readonly<Record<string, VatNumberFormat>> = {
  AT: { prefix: "AT", pattern: /^U\d{8}$/, shape: "U followed by 8 digits", example: "ATU12345678" },
  BE: { prefix: "BE", pattern: /^[01]\d{9}$/, shape: "10 digits starting with 0 or 1", example: "BE0123456789" },
  BG: { prefix: "BG", pattern: /^\d{9,10}$/, shape: "9 or 10 digits", example: "BG123456789" },
  CY: { prefix: "CY", pattern: /^\d{8}[A-Z]$/, shape: "8 digits and a letter", example: "CY12345678L" },
  CZ: { prefix: "CZ", pattern: /^\d{8,10}$/, shape: "8, 9 or 10 digits", example: "CZ12345678" },
  DE: { prefix: "DE", pattern: /^\d{9}$/, shape: "9 digits", example: "DE123456789" },
  DK: { prefix: "DK", pattern: /^\d{8}$/, shape: "8 digits", example: "DK12345678" },
  EE: { prefix: "EE", pattern: /^\d{9}$/, shape: "9 digits", example: "EE123456789" },
  GR: { prefix: "EL", pattern: /^\d{9}$/, shape: "9 digits", example: "EL123456789" },
  ES: {
    prefix: "ES",
    pattern: /^(?:[A-Z]\d{7}[A-Z\d]|\d{8}[A-Z])$/,
    shape: "9 characters, the first or the last a letter",
    example: "ESB12345678",
  },
  FI: { prefix: "FI", pattern: /^\d{8}$/, shape: "8 digits", example: "FI12345678" },
  FR: {
    prefix: "FR",
    pattern: /^[A-Z\d]{2}\d{9}$/,
    shape: "2 letters or digits and 9 digits",
    example: "FR12345678901",
  },
  HR: { prefix: "HR", pattern: /^\d{11}$/, shape: "11 digits", example: "HR12345678901" },
  HU: { prefix: "HU", pattern: /^\d{8}$/, shape: "8 digits", example: "HU12345678" },
  IE: {
    prefix: "IE",
    pattern: /^(?:\d[A-Z\d+*]\d{5}[A-Z]|\d{7}[A-Z]{1,2})$/,
    shape: "7 digits and 1 or 2 letters, or the older 8-character form",
    example: "IE1234567WA",
  },
  IT: { prefix: "IT", pattern: /^\d{11}$/, shape: "11 digits", example: "IT12345678901" },
  LT: { prefix: "LT", pattern: /^(?:\d{9}|\d{12})$/, shape: "9 or 12 digits", example: "LT123456789" },
  LU: { prefix: "LU", pattern: /^\d{8}$/, shape: "8 digits", example: "LU12345678" },
  LV: { prefix: "LV", pattern: /^\d{11}$/, shape: "11 digits", example: "LV12345678901" },
  MT: { prefix: "MT", pattern: /^\d{8}$/, shape: "8 digits", example: "MT12345678" },
  NL: { prefix: "NL", pattern: /^\d{9}B\d{2}$/, shape: "9 digits, B and 2 digits", example: "NL123456789B01" },
  PL: { prefix: "PL", pattern: /^\d{10}$/, shape: "10 digits", example: "PL1234567890" },
  PT: { prefix: "PT", pattern: /^\d{9}$/, shape: "9 digits", example: "PT123456789" },
  RO: { prefix: "RO", pattern: /^[1-9]\d{1,9}$/, shape: "2 to 10 digits", example: "RO1234567890" },
  SE: { prefix: "SE", pattern: /^\d{12}$/, shape: "12 digits", example: "SE123456789001" },
  SI: { prefix: "SI", pattern: /^\d{8}$/, shape: "8 digits", example: "SI12345678" },
  SK: { prefix: "SK", pattern: /^\d{10}$/, shape: "10 digits", example: "SK1234567890" },
};

/** A number written with another member state's prefix is that state's, never this one's (FR keys may be letters). */
const OTHER_PREFIXES = Object.values(EU_VAT_NUMBER_FORMATS).map((f) => f.prefix);

/** Upper case without the spaces, dots and dashes people type into a VAT number. */
function compact(value: string): string {
  return value.replace(/[\s.\-/]/g, "").toUpperCase();
}

/**
 * A VAT number of this member state in its canonical form (prefix and digits, "DE123456789"), written with or
 * without its prefix; null when it does not have the member state's format (or the state is not in the EU).
 */
export function canonicalVatNumber(memberState: string, value: string | null | undefined): string | null {
  const format = EU_VAT_NUMBER_FORMATS[memberState];
  if (!format || !value) return null;
  const v = compact(value);
  if (!v.startsWith(format.prefix) && OTHER_PREFIXES.some((p) => p !== format.prefix && v.startsWith(p))) return null;
  const body = v.startsWith(format.prefix) ? v.slice(format.prefix.length) : v;
  return format.pattern.test(body) ? `${format.prefix}${body}` : null;
}

/** The refusal of a number that is not in the member state's format, saying what the format is. */
export function vatNumberFormatMessage(memberState: string, countryName: string): string {
  const format = EU_VAT_NUMBER_FORMATS[memberState]!;
  return `Not a VAT number of ${countryName}: ${format.prefix} followed by ${format.shape}, e.g. ${format.example}. Leave it empty if you buy as a consumer.`;
}
