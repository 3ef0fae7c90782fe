/** Data packages: what each adds and costs, the bounds of a purchase. Money is integer minor units (cents). */
import type { LocationKind } from "./entitlements";
import { formatMinorUnits } from "./invoicing/money";
import { PORTFOLIO_MAX_ROWS } from "../portfolio/limits";

/**
 * Input bounds. Prices are integer minor units in 32-bit columns: 10 000 custom countries at 150.00 plus VAT stay far
 * inside that range, where an unbounded count overflowed it (2 386 093 hexagons at 9.00 is past 2^31 cents).
 */
export const MAX_LOCATIONS_PER_PURCHASE = 10_000;
/** A self-service order covers at most the largest portfolio any plan may upload. */
export const MAX_ORDER_LOCATIONS = Math.max(...Object.values(PORTFOLIO_MAX_ROWS));
/** The largest value of an integer column (ids, invoice numbers): anything above cannot name a row. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * A count or id as a form or JSON body sends it, before it is checked as a whole number: a decimal integer written
 * plainly ("12", "-3") becomes that number, an empty string is absent, and anything else stays as it came, to be
 * refused, whatever Number() would make of it ("0x10" is 16 and "1e3" is 1,000 to Number(), "" is 0).
 */
export function plainIntegerInput(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  const text = raw.trim();
  if (text === "") return undefined;
  return /^-?\d{1,16}$/.test(text) ? Number(text) : raw;
}

/** The refusal of a number above its bound, naming the bound. */
export function tooLargeMessage(field: string, limit: number): string {
  return `${field} must be at most ${limit.toLocaleString("en-US")}`;
}

/** buy_products `type`: 1 country, 2 region, 3 hexagon. */
export const PACKAGE_TYPES: Record<1 | 2 | 3, LocationKind> = { 1: "country", 2: "region", 3: "hexagon" };
export const PACKAGE_GROUP_NAMES: Record<LocationKind, "Country" | "Region" | "Granular"> = {
  country: "Country",
  region: "Region",
  hexagon: "Granular",
};

export interface PackageDefinition {
  id: number;
  kind: LocationKind;
  /** Locations the package adds; null for the custom package, whose count the buyer chooses. */
  locations: number | null;
  /** Package price, or the price per location for the custom package. */
  priceMinor: number;
  name: string;
}

export const PACKAGES: readonly PackageDefinition[] = [
  { id: 101, kind: "country", locations: 1, priceMinor: 15_000, name: "1 country" },
  { id: 102, kind: "country", locations: 5, priceMinor: 60_000, name: "5 countries" },
  { id: 103, kind: "country", locations: null, priceMinor: 15_000, name: "Custom number of countries" },
  { id: 201, kind: "region", locations: 5, priceMinor: 20_000, name: "5 regions" },
  { id: 202, kind: "region", locations: 20, priceMinor: 64_000, name: "20 regions" },
  { id: 203, kind: "region", locations: null, priceMinor: 4_500, name: "Custom number of regions" },
  { id: 301, kind: "hexagon", locations: 10, priceMinor: 9_000, name: "10 hexagons" },
  { id: 302, kind: "hexagon", locations: 100, priceMinor: 60_000, name: "100 hexagons" },
  { id: 303, kind: "hexagon", locations: null, priceMinor: 900, name: "Custom number of hexagons" },
];

/** Select lists start with a placeholder of id 0 and price 0. */
export const PLACEHOLDER_ITEM = { id: 0, price: "0.00", get_name: "Select a package", is_custom: false } as const;

export interface PackageItem {
  id: number;
  price: string;
  get_name: string;
  is_custom: boolean;
}

/** package_register: the three groups, each with the placeholder first and then sorted by price ascending. */
export function packageRegister(): {
  group: "Country" | "Region" | "Granular";
  kind: LocationKind;
  packages: PackageItem[];
}[] {
  return (["country", "region", "hexagon"] as const).map((kind) => ({
    group: PACKAGE_GROUP_NAMES[kind],
    kind,
    packages: [
      { ...PLACEHOLDER_ITEM },
      ...PACKAGES.filter((p) => p.kind === kind)
        .slice()
        .sort((a, b) => a.priceMinor - b.priceMinor || a.id - b.id)
        .map((p) => ({
          id: p.id,
          price: formatMinorUnits(p.priceMinor),
          get_name: p.name,
          is_custom: p.locations === null,
        })),
    ],
  }));
}

export function findPackage(id: number): PackageDefinition | undefined {
  return PACKAGES.find((p) => p.id === id);
}

/** A custom count is parsed as an integer; anything unparsable or negative counts as 0. */
export function parseCustomCount(raw: unknown): number {
  // Parsed as an integer, as a number field's value reads: a decimal part is cut off; hex, exponents and words are 0.
  const n = plainIntegerInput(typeof raw === "string" ? raw.trim().replace(/^(\d+)\.\d*$/, "$1") : raw);
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : 0;
}

export interface PackageChoice {
  id: number;
  /** Only for the custom package. */
  count?: number;
}

export interface PricedPackage {
  id: number;
  kind: LocationKind;
  name: string;
  locations: number;
  priceMinor: number;
}

/** The price and size of one chosen package; the placeholder and a custom count of 0 cost 0 and add nothing. */
export function pricePackage(choice: PackageChoice): PricedPackage | null {
  if (choice.id === 0) return null;
  const def = findPackage(choice.id);
  if (!def) return null;
  if (def.locations === null) {
    const count = parseCustomCount(choice.count);
    if (count === 0) return null;
    return {
      id: def.id,
      kind: def.kind,
      name: `${count} × ${def.name}`,
      locations: count,
      priceMinor: def.priceMinor * count,
    };
  }
  return { id: def.id, kind: def.kind, name: def.name, locations: def.locations, priceMinor: def.priceMinor };
}

/** buy_products {type, amount}: a fixed package of exactly that size, else the custom package's unit price. */
export function priceLocationAmount(kind: LocationKind, amount: number): PricedPackage | null {
  const fixed = PACKAGES.find((p) => p.kind === kind && p.locations === amount);
  if (fixed) return pricePackage({ id: fixed.id });
  const custom = PACKAGES.find((p) => p.kind === kind && p.locations === null)!;
  return pricePackage({ id: custom.id, count: amount });
}

/** purchased_packages of the upgrade call: [{id, count?}] or {country: {id, count?}, region: …, hexagon: …}. */
export function parsePackageChoices(raw: unknown): PackageChoice[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? Object.values(raw) : [];
  return list
    .map((v) =>
      typeof v === "number"
        ? { id: v }
        : v && typeof v === "object"
          ? { id: Number((v as { id?: unknown }).id), count: parseCustomCount((v as { count?: unknown }).count) }
          : null,
    )
    .filter((c): c is PackageChoice => c !== null && Number.isInteger(c.id));
}
