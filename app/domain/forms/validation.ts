import { z } from "zod";

export { MESSAGES } from "./validation-messages";
import { MESSAGES } from "./validation-messages";

/** No C0 controls other than tab, line feed and carriage return, and no DEL: never typed, and PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
export const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const requiredString = () =>
  z
    .string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .regex(WITHOUT_CONTROL_CHARACTERS, MESSAGES.controlCharacters);

export const field = {
  required: requiredString,
  email: () => requiredString().max(254, MESSAGES.maxLength(254)).email(MESSAGES.email).toLowerCase(),
  text: (min: number, max: number) =>
    requiredString().min(Math.max(min, 1), MESSAGES.minLength(min)).max(max, MESSAGES.maxLength(max)),
  optionalText: (max: number) =>
    z
      .string()
      .trim()
      .max(max, MESSAGES.maxLength(max))
      .regex(WITHOUT_CONTROL_CHARACTERS, MESSAGES.controlCharacters)
      .optional()
      .default(""),
  checkbox: () =>
    z
      .union([z.literal("on"), z.literal("true"), z.boolean()], {
        required_error: MESSAGES.requiredCheckbox,
        invalid_type_error: MESSAGES.requiredCheckbox,
      })
      .transform(() => true as const),
  /** Company names of fewer than 3 characters are almost always typos. */
  companyName: () => requiredString().min(3, MESSAGES.moreThan2).max(200, MESSAGES.maxLength(200)),
  decimal: () => z.coerce.number({ invalid_type_error: MESSAGES.decimal }).refine(Number.isFinite, MESSAGES.decimal),
  number: (min: number, max: number) =>
    z.coerce
      .number({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.decimal })
      .refine(Number.isFinite, MESSAGES.decimal)
      .pipe(z.number().min(min, MESSAGES.minValue(min)).max(max, MESSAGES.maxValue(max))),
  latitude: () => coordinate(-90, 90, MESSAGES.latitude),
  longitude: () => coordinate(-180, 180, MESSAGES.longitude),
};

/**
 * Decimal degrees with up to 4 decimals and a leading sign, with a decimal point or, as Europeans write it and as
 * the upload reads it, a decimal comma ("50,9375"); anything else gets the spec's message.
 */
const DECIMAL_DEGREES = /^[-+]?\d{1,3}([.,]\d{1,4})?$/;

/** The number a coordinate field holds, or null when it is not decimal degrees as the rule above writes them. */
export function readDecimalDegrees(raw: string): number | null {
  const v = raw.trim();
  return DECIMAL_DEGREES.test(v) ? Number(v.replace(",", ".")) : null;
}

function coordinate(min: number, max: number, message: string) {
  return z
    .union([z.string(), z.number()], { required_error: MESSAGES.required })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, MESSAGES.required)
    .refine((v) => {
      const n = readDecimalDegrees(v);
      return n !== null && n >= min && n <= max;
    }, message)
    .transform((v) => readDecimalDegrees(v)!);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Length only: the server refuses guessable passwords with zxcvbn (services/password-strength.server.ts). */
export const passwordField = () => field.text(PASSWORD_MIN, PASSWORD_MAX);
