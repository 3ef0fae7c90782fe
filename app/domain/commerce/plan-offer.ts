/** What each plan includes and what reports cost, in the words /pricing and the cart both use. */
import { formatMinorUnits } from "./invoicing/money";
import { API_KEY_PLAN, FREE_PLAN, PLAN_DEFINITIONS, type PlanCode, type PlanDefinition } from "./plans";
import { CURRENCY, findSelfServiceProduct } from "./orders";

/** The report prices, the same on every plan: no plan includes reports (ADR: plans, reports and the API key). */
export function reportPrices() {
  const portfolio = findSelfServiceProduct("portfolio_report")!;
  const single = findSelfServiceProduct("single_pdf")!;
  return {
    portfolio: `${formatMinorUnits(portfolio.priceMinor)} ${CURRENCY} per location`,
    single: `${formatMinorUnits(single.priceMinor)} ${CURRENCY} per report`,
  };
}

export const API_KEY_NOTE = `The API key comes with ${API_KEY_PLAN} only. GRANULAR and COUNTRY+ cost more because they open more locations on the dashboard; they do not include an API key.`;

/** Every plan, DISCOVERY included, reads the country scores of every country (ADR 012, `OPEN_LEVELS`). */
export const COUNTRY_SCORES_INCLUDED = "Country-level scores of every country";

/** What a plan includes, and what it does not, in the words /pricing and the cart both use. */
export function planIncludes(plan: PlanDefinition): string[] {
  const reports = reportPrices();
  const locations =
    plan.code === FREE_PLAN
      ? "Regions and hexagons through packages, bought in the cart"
      : `${plan.limitCountry} countries, ${plan.limitRegion} regions and ${plan.limitHexagon} hexagons to open on the dashboard, for 12 months`;
  return [
    COUNTRY_SCORES_INCLUDED,
    locations,
    plan.apiAccess ? "API key for the hazard API included" : `No API key (only ${API_KEY_PLAN} has one)`,
    `Portfolio report: ${reports.portfolio}, not included in the plan`,
    `Single-location report: ${reports.single}, not included in the plan`,
  ];
}

/** Tariff ids of the API (spec "Tariff plan: id, price, name") are the plans' sort order. */
export function tariffList() {
  return PLAN_DEFINITIONS.map((p) => ({
    id: p.sortOrder,
    name: p.name,
    price: formatMinorUnits(p.priceMinor),
    limit_country: p.limitCountry,
    limit_region: p.limitRegion,
    limit_hexagon: p.limitHexagon,
    api_access: p.apiAccess,
  }));
}
export function planByTariffId(id: number): PlanCode | null {
  return PLAN_DEFINITIONS.find((p) => p.sortOrder === id)?.code ?? null;
}
