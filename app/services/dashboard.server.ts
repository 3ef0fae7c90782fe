/**
 * Data for /dashboard, loaded in the spec's order of dependence (§4): countries, durations, scenarios and hazard ids
 * in parallel; then available locations; then periods; then the default location; then the scores of the chosen
 * place, each read only when the entitlement service allows it.
 */
import { cellToLatLng } from "h3-js";
import { countryOfRegion, type LocationRef, type PurchaseModal } from "~/domain/entitlements";
import { defaultLocation, type DashboardSelection } from "~/domain/dashboard";
import { FUTURE_PERIOD_IDS, SLOTS } from "~/domain/scenarios";
import type { HazardScoresResult } from "~/risk/types";
import { getRiskEngine } from "~/risk/engine.server";
import { checkAccess, getAvailableLocations } from "./entitlements.server";
import { listCountries, listDurations, listHazardIds, listPeriods, listRegions, listScenarios, locationCodes } from "./riskdb.server";

export interface DashboardUser {
  id: string;
  planCode: string;
}

export interface PendingPurchase {
  modal: PurchaseModal;
  kind: LocationRef["kind"];
  code: string;
}

export interface SlotScore {
  scenario: string;
  period: string;
  /** Per hazard id: 1-5 score or null (not applicable / no data). */
  scores: Record<string, number | null>;
}

export async function loadDashboard(user: DashboardUser, sel: DashboardSelection) {
  const [countries, durations, scenarios, hazardIds] = await Promise.all([
    listCountries(),
    listDurations(),
    listScenarios(),
    listHazardIds(),
  ]);
  const available = await getAvailableLocations(user);
  const periods = {
    future: listPeriods(sel.scenario, sel.duration).periods,
    hist: listPeriods("hist", sel.duration).periods,
  };
  const defaults = defaultLocation(available.order_list);

  let pointError: string | null = null;
  let point: { lat: number; lon: number } | null = null;
  let location: LocationRef | null = sel.location;
  // A point picked by coordinates resolves to its hexagon; the hexagon's access rule then applies.
  if (sel.lat !== undefined && sel.lon !== undefined && (!location || location.kind === "hexagon")) {
    const r = locationCodes(sel.lat, sel.lon);
    if (r.status === "ok" && r.hexagon_code) {
      point = { lat: sel.lat, lon: sel.lon };
      if (!location || location.code !== r.hexagon_code) location = { kind: "hexagon", code: r.hexagon_code };
    } else {
      pointError = "message" in r && r.message ? r.message : "This point is outside the covered land area";
    }
  }
  if (!location && !pointError) location = defaults.country ? { kind: "country", code: defaults.country } : null;

  const country = location ? (location.kind === "hexagon" ? hexagonCountry(location.code) : location.kind === "region" ? countryOfRegion(location.code) : location.code) : null;
  const regions = country ? safe(() => listRegions(country).regions) ?? [] : [];

  let purchase: PendingPurchase | null = null;
  let hist: HazardScoresResult | null = null;
  let future: HazardScoresResult | null = null;
  let series: SlotScore[] = [];
  let notFound: string | null = null;
  if (location) {
    const decision = await checkAccess({ user, viaApiKey: false }, location);
    if (!decision.allowed) {
      purchase = { modal: decision.modal ?? "addCreditsModal", kind: location.kind, code: location.code };
    } else {
      const engine = getRiskEngine();
      try {
        hist = engine.scores(location.code, "hist", "hist", { explain: true });
        future = engine.scores(location.code, sel.scenario, sel.period, { explain: true });
        series = SLOTS.map((slot) => {
          const r = engine.scores(location!.code, slot.scenario, slot.period);
          return {
            scenario: slot.scenario,
            period: slot.period,
            scores: Object.fromEntries([r.aggregate, ...r.hazards].map((h) => [h.hazard_id, h.score])),
          };
        });
      } catch (error) {
        notFound = error instanceof Error ? error.message : String(error);
      }
    }
  }
  const distribution = location && location.kind !== "hexagon" && !purchase ? levelDistribution(location, sel) : null;

  return {
    countries: countries.countries,
    regions,
    durations: durations.durations,
    scenarios: scenarios.scenarios.filter((s) => s.id !== "hist"),
    hazardIds: hazardIds.hazards,
    available,
    periods,
    futurePeriodIds: FUTURE_PERIOD_IDS,
    location,
    country,
    point,
    pointError,
    purchase,
    hist,
    future,
    series,
    distribution,
    notFound,
    datasetVersion: getRiskEngine().header.version,
  };
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

function hexagonCountry(hex: string): string | null {
  const [lat, lon] = cellToLatLng(hex);
  const r = safe(() => locationCodes(lat, lon));
  return r && r.status === "ok" ? (r.country_code ?? null) : null;
}

/** Share of the place's regions at each risk level, per hazard, for the chosen future slot (the "pies"). */
function levelDistribution(location: LocationRef, sel: DashboardSelection): Record<string, number[]> | null {
  if (location.kind !== "country") return null;
  const engine = getRiskEngine();
  const regions = safe(() => engine.regions(location.code)) ?? [];
  if (regions.length === 0) return null;
  const out: Record<string, number[]> = {};
  for (const r of regions) {
    const s = safe(() => engine.scores(r.region_code, sel.scenario, sel.period));
    if (!s) continue;
    for (const h of [s.aggregate, ...s.hazards]) {
      const counts = (out[h.hazard_id] ??= [0, 0, 0, 0, 0]);
      if (h.score) counts[h.score - 1]!++;
    }
  }
  return out;
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
