const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of a country code ("Germany"), the code itself when it has none. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  const name = /^[A-Z]{2}$/.test(upper) ? regionNames.of(upper) : undefined;
  return name && name !== "Unknown Region" ? name : upper;
}
