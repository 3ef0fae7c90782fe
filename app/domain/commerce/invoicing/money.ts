/** Money is kept in integer minor units (cents); these helpers only format it. Pure: safe in the browser. */

/**
 * The spec's price text: thousands separated by spaces, a decimal point and two decimals,
 * e.g. 1234500 minor units → "12 345.00". Negative amounts keep a leading minus.
 */
export function formatMinorUnits(minor: number): string {
  if (!Number.isFinite(minor)) throw new RangeError(`amount must be a finite number, got ${String(minor)}`);
  const cents = Math.round(minor);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, "0");
  return `${sign}${groupThousands(whole)}.${fraction}`;
}

/** Same format for an amount in major units (e.g. 12345.5 → "12 345.50"). */
export function formatAmount(major: number): string {
  if (!Number.isFinite(major)) throw new RangeError(`amount must be a finite number, got ${String(major)}`);
  return formatMinorUnits(Math.round(major * 100));
}

/**
 * An estimate in whole units (e.g. 419999.996 → "420 000"): for figures whose inputs carry no cents, such as a loss
 * from a depth-damage curve.
 */
export function formatWholeAmount(major: number): string {
  if (!Number.isFinite(major)) throw new RangeError(`amount must be a finite number, got ${String(major)}`);
  const whole = Math.round(major);
  return `${whole < 0 ? "-" : ""}${groupThousands(Math.abs(whole).toString())}`;
}

/** "12 345.00 EUR" */
export function formatPrice(minor: number, currency: string): string {
  return `${formatMinorUnits(minor)} ${currency}`;
}

function groupThousands(digits: string): string {
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += " ";
    out += digits[i];
  }
  return out;
}
