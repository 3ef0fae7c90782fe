/** Tariff plans: the one definition used by the seed, entitlement rules and the UI. */
export const PLAN_CODES = ["DISCOVERY", "PREMIUM", "GRANULAR", "COUNTRY+"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const FREE_PLAN: PlanCode = "DISCOVERY";
/** The only plan allowed to create API keys. */
export const API_KEY_PLAN: PlanCode = "PREMIUM";

export interface PlanDefinition {
  code: PlanCode;
  name: string;
  description: string;
  /** Yearly price in minor units (cents). */
  priceMinor: number;
  currency: "EUR";
  limitCountry: number;
  limitRegion: number;
  limitHexagon: number;
  apiAccess: boolean;
  sortOrder: number;
}

export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    code: "DISCOVERY",
    name: "DISCOVERY",
    description: "Free exploration: country scores for every country, one location at a time.",
    priceMinor: 0,
    currency: "EUR",
    limitCountry: 0,
    limitRegion: 0,
    limitHexagon: 0,
    apiAccess: false,
    sortOrder: 1,
  },
  {
    code: "PREMIUM",
    name: "PREMIUM",
    description: "Countries, regions and hexagons for a team, with an API key for integrations.",
    priceMinor: 99_000,
    currency: "EUR",
    limitCountry: 5,
    limitRegion: 20,
    limitHexagon: 50,
    apiAccess: true,
    sortOrder: 2,
  },
  {
    code: "GRANULAR",
    name: "GRANULAR",
    description: "Hexagon-level detail for portfolios of sites.",
    priceMinor: 249_000,
    currency: "EUR",
    limitCountry: 10,
    limitRegion: 50,
    limitHexagon: 500,
    apiAccess: false,
    sortOrder: 3,
  },
  {
    code: "COUNTRY+",
    name: "COUNTRY+",
    description: "Every region of the countries you choose, for national-scale screening.",
    priceMinor: 490_000,
    currency: "EUR",
    limitCountry: 30,
    limitRegion: 500,
    limitHexagon: 100,
    apiAccess: false,
    sortOrder: 4,
  },
];

/** Where a plan stands in the ladder (DISCOVERY lowest); 0 for an unknown code. */
export function planRank(code: string): number {
  return PLAN_DEFINITIONS.find((p) => p.code === code)?.sortOrder ?? 0;
}

export function isPlanCode(value: string): value is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(value);
}
