/** Kept apart from the zod schemas in validation.ts: pages import the messages without pulling zod into the browser. */
/** The spec's shared form messages, word for word. */
export const MESSAGES = {
  required: "Field is required",
  requiredCheckbox: "Field is required.",
  email: "Invalid Email",
  decimal: "Only decimals",
  minLength: (n: number) => `Must be at least ${n} symbols`,
  maxLength: (n: number) => `Must be no more ${n} symbols`,
  minValue: (n: number) => `Min value: ${n}`,
  maxValue: (n: number) => `Max value: ${n}`,
  moreThan2: "It seems you put the wrong company name. Please verify.",
  latitude: "Degrees decimal, digital, 3-4 decimal places. Range: -90/90.",
  longitude: "Degrees decimal, digital, 3-4 decimal places. Range: -180/180.",
  controlCharacters: "Remove the invisible control characters (such as NUL) from this field",
} as const;
