/**
 * Data for /dashboard, loaded in the spec's order of dependence (§4): countries, durations, scenarios and hazard ids
 * in parallel; then available locations; then periods; then the default location; then the scores of the chosen
 * place, each read only when the entitlement service allows it.
 */
import { cellToLatLng } from "h3-js";
import { countryOfRegion, type LocationRef, type PurchaseModal } from "~/domain/entitlements";
import { defaultLocation, type DashboardSelection } from "~/domain/dashboard";
import { FUTURE_PERIOD_IDS, SLOTS } from "~/domain/scenarios";
import type { LocationMapData } from "~/domain/location-map";
import type { HazardScoresResult, LandSnap } from "~/risk/types";
import { cellLevelDistribution } from "~/risk/cell-distribution";
import { getRiskEngine, RiskNotFoundError } from "~/risk/engine.server";
import { checkAccess, getAvailableLocations } from "./entitlements.server";
import { isAppError } from "./errors.server";
import { locationMapData } from "./map-data.server";
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
  let point: { lat: number; lon: number; snappedToLand: LandSnap | null } | null = null;
  let location: LocationRef | null = sel.location;
  // A point picked by coordinates resolves to its hexagon; the hexagon's access rule then applies.
  if (sel.lat !== undefined && sel.lon !== undefined && (!location || location.kind === "hexagon")) {
    const r = locationCodes(sel.lat, sel.lon);
    if (r.status === "ok" && r.hexagon_code) {
      point = { lat: sel.lat, lon: sel.lon, snappedToLand: r.snapped_to_land };
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
      const code = location.code;
      const errors: string[] = [];
      const failed = (error: unknown) => errors.push(error instanceof Error ? error.message : String(error));
      // Each read on its own: a failing future slot must not hide the historical scores, nor the other way round.
      try {
        hist = engine.scores(code, "hist", "hist", { explain: true });
      } catch (error) {
        failed(error);
      }
      try {
        future = engine.scores(code, sel.scenario, sel.period, { explain: true });
      } catch (error) {
        failed(error);
      }
      series = SLOTS.flatMap((slot) => {
        try {
          const r = engine.scores(code, slot.scenario, slot.period);
          return [{ scenario: slot.scenario, period: slot.period, scores: Object.fromEntries([r.aggregate, ...r.hazards].map((h) => [h.hazard_id, h.score])) }];
        } catch (error) {
          failed(error);
          return [];
        }
      });
      notFound = errors[0] ?? null;
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
    /** The user's default ordered hexagon (spec §4), prefilled in the hexagon field. */
    defaultHexagon: defaults.hexagon,
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

/**
 * The chosen place's map: its outline and the hexagons the user may see (the entitlement rule is applied by
 * locationMapData), coloured by aggregate level for the chosen slot. null when there is no place to draw.
 */
export async function loadDashboardMap(
  user: DashboardUser,
  place: { location: LocationRef | null; point: { lat: number; lon: number } | null },
  sel: Pick<DashboardSelection, "scenario" | "period">,
): Promise<LocationMapData | null> {
  if (!place.location) return null;
  const slot = { scenario: sel.scenario, period: sel.period };
  try {
    return await locationMapData(
      { user, viaApiKey: false },
      place.point ? { ...slot, lat: place.point.lat, lon: place.point.lon } : { ...slot, locationCode: place.location.code },
    );
  } catch (error) {
    // An unknown or unlocated place has no map; the page already says why it has no scores.
    if (isAppError(error) || error instanceof RiskNotFoundError) return null;
    throw error;
  }
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

/** The place's H3 cells at each risk level, per hazard, for the chosen future slot (the "pies"). */
function levelDistribution(location: LocationRef, sel: DashboardSelection) {
  const counts = safe(() => cellLevelDistribution(getRiskEngine(), location.code, sel.scenario, sel.period));
  if (!counts) return null;
  const { L, M, H, S, E, none } = counts.AL;
  return { scenario: sel.scenario, period: sel.period, cells: L + M + H + S + E + none, counts };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
