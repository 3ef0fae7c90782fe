/**
 * Data for /dashboard, loaded in the order of dependence: countries, durations, scenarios and hazard ids
 * in parallel; then available locations; then periods; then the default location; then the scores of the chosen
 * place, each read only when the entitlement service allows it.
 */
import { cellToLatLng } from "h3-js";
import {
  countryOfRegion,
  finestReadableLevel,
  purchaseModalFor,
  unlockableLevels,
  type LocationKind,
  type LocationRef,
  type PointLevelCodes,
  type PurchaseModal,
} from "~/domain/commerce/entitlements";
import { formatCoordinates, placeTitle, type UnlockKind } from "~/domain/dashboard/dashboard";
import { inlandPlaceOf, withoutAreaCoastalFigure, type InlandPlace } from "~/domain/geo/inland-place";
import { defaultLocation, type DashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { FUTURE_PERIOD_IDS, SLOTS } from "~/domain/hazards/scenarios";
import type { LocationMapData } from "~/domain/geo/map/location-map";
import type { HazardScoresResult, LandSnap } from "~/risk/types";
import { cellLevelDistribution } from "~/risk/regions/cell-distribution";
import { getRiskEngine, RiskNotFoundError } from "~/risk/engine/load-engine.server";
import { accessContextFor, getAvailableLocations, isLocationInDataset } from "../commerce/entitlements.server";
import { isAppError } from "../http/errors.server";
import { locationMapData } from "../maps/map-data.server";
import { nearestPlaceName } from "../maps/places.server";
import { floodLayersAt } from "../flood/flood-layer-scores.server";
import {
  listCountries,
  listDurations,
  listHazardIds,
  listPeriods,
  listRegions,
  listScenarios,
  locationCodes,
} from "../api/risk-data-api.server";

export interface DashboardUser {
  id: string;
  planCode: string;
}

/** The purchase the user asked to confirm ("Unlock this hexagon"): the spec's dialog, and what is left to spend. */
export interface PendingPurchase {
  modal: PurchaseModal;
  kind: UnlockKind;
  code: string;
  name: string;
  /** Orders of that kind still available (plan allowance plus purchased credits), before this one. */
  left: number;
}

type NamedLevel = LocationRef & { name: string };

/** The place on show: its title, the level whose scores are shown, and the finer levels the user could unlock. */
export interface PlaceView {
  title: string;
  shown: NamedLevel | null;
  unlockable: (NamedLevel & { kind: UnlockKind })[];
  /** Where a single-location report of this place is taken: the point, or the hexagon's centre. */
  reportPoint: { lat: number; lon: number } | null;
  /** The scores shown are the chosen point's own (a point in its hexagon), not the hexagon's. */
  atPoint?: boolean;
  /** An inland place read at its region or country: the coastal hazards whose area figure is not the place's. */
  inland: InlandPlace | null;
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

  const country = location
    ? location.kind === "hexagon"
      ? hexagonCountry(location.code)
      : location.kind === "region"
        ? countryOfRegion(location.code)
        : location.code
    : null;
  const regions = country ? (safe(() => listRegions(country).regions) ?? []) : [];

  const place = location ? await placeView(user, location, point, sel) : null;
  const purchase = place?.purchase ?? null;
  const shown = place?.view.shown ?? null;
  let hist: HazardScoresResult | null = null;
  let future: HazardScoresResult | null = null;
  let series: SlotScore[] = [];
  let notFound: string | null = null;
  if (shown) {
    const engine = getRiskEngine();
    const code = shown.code;
    const errors: string[] = [];
    const failed = (error: unknown) => errors.push(error instanceof Error ? error.message : String(error));
    // Each read on its own: a failing future slot must not hide the historical scores, nor the other way round.
    // a hexagon is named in the explanations by the town the chosen point is in or near
    const explain = {
      explain: true,
      place:
        shown.kind === "hexagon"
          ? {
              kind: point ? ("point" as const) : ("hexagon" as const),
              name: point ? safe(() => nearestPlaceName(point.lat, point.lon)) : null,
            }
          : undefined,
    };
    // an inland place read at its area: the area's coastal figures are not the place's (withoutAreaCoastalFigure)
    const inland = place?.view.inland ?? null;
    const forPlace = (r: HazardScoresResult): HazardScoresResult =>
      inland ? { ...r, hazards: r.hazards.map((h) => withoutAreaCoastalFigure(h, inland)) } : r;
    // a chosen point in its hexagon is scored from its own drivers, placed as every path places it
    const placed = shown.kind === "hexagon" && point ? safe(() => engine.placePoint(point.lat, point.lon)) : null;
    const at = placed?.status === "ok" && placed.hexagon_code === code ? placed : null;
    // river and coastal flood of the point from a depth layer where one covers it, in every slot the page reads
    const slotsRead = [{ scenario: "hist", period: "hist" }, { scenario: sel.scenario, period: sel.period }, ...SLOTS];
    const layers = at ? await floodLayersAt(at, slotsRead) : [];
    const layersOf = (scenario: string, period: string) =>
      layers[slotsRead.findIndex((s) => s.scenario === scenario && s.period === period)];
    const read = (scenario: string, period: string, opts?: typeof explain) =>
      at
        ? engine.scoreAt(at, { kind: "hexagon", code }, scenario, period, {
            ...opts,
            floodLayers: layersOf(scenario, period),
          })
        : engine.scores(code, scenario, period, opts);
    try {
      hist = forPlace(read("hist", "hist", explain));
    } catch (error) {
      failed(error);
    }
    try {
      future = forPlace(read(sel.scenario, sel.period, explain));
    } catch (error) {
      failed(error);
    }
    series = SLOTS.flatMap((slot) => {
      try {
        const r = forPlace(read(slot.scenario, slot.period));
        return [
          {
            scenario: slot.scenario,
            period: slot.period,
            scores: Object.fromEntries([r.aggregate, ...r.hazards].map((h) => [h.hazard_id, h.score])),
          },
        ];
      } catch (error) {
        failed(error);
        return [];
      }
    });
    notFound = errors[0] ?? null;
  }
  const distribution = shown && shown.kind !== "hexagon" ? levelDistribution(shown, sel) : null;

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
    /** The user's default ordered hexagon, prefilled in the hexagon field. */
    defaultHexagon: defaults.hexagon,
    country,
    point,
    pointError,
    place: place?.view ?? null,
    purchase,
    hist,
    future,
    series,
    distribution,
    notFound,
    datasetVersion: getRiskEngine().datasetVersion,
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
      place.point
        ? { ...slot, lat: place.point.lat, lon: place.point.lon }
        : { ...slot, locationCode: place.location.code },
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

/** The place's code and name at each level it has: a point or hexagon has all three, a region two, a country one. */
function placeLevels(location: LocationRef, point: { lat: number; lon: number } | null) {
  const engine = getRiskEngine();
  const codes: PointLevelCodes = { hexagon: null, region: null, country: null };
  const names: Record<LocationKind, string | null> = { hexagon: null, region: null, country: null };
  if (location.kind === "hexagon") {
    const [lat, lon] = point ? [point.lat, point.lon] : cellToLatLng(location.code);
    const r = safe(() => engine.locate(lat, lon));
    codes.hexagon = location.code;
    if (r?.status === "ok") {
      codes.region = r.region_code;
      codes.country = r.country_code;
      names.region = r.region_name;
      names.country = r.country_name;
    }
    names.hexagon = `Hexagon ${location.code}`;
  } else if (location.kind === "region") {
    codes.region = location.code;
    codes.country = countryOfRegion(location.code);
    names.region =
      safe(() => engine.regions(codes.country).find((r) => r.region_code === location.code)?.region_name) ??
      location.code;
  } else {
    codes.country = location.code;
  }
  if (codes.country && !names.country)
    names.country =
      safe(() => engine.countries().find((c) => c.country_code === codes.country)?.country_name) ?? codes.country;
  return { codes, names };
}

/**
 * What the place view shows: the finest level the user may read (the one access rule), the finer levels they could
 * unlock, the title, and the purchase to confirm when the URL asks for one (`unlock`).
 */
async function placeView(
  user: DashboardUser,
  location: LocationRef,
  point: { lat: number; lon: number } | null,
  sel: Pick<DashboardSelection, "unlock" | "unlockDismissed" | "location">,
): Promise<{ view: PlaceView; purchase: PendingPurchase | null }> {
  const ctx = await accessContextFor({ user, viaApiKey: false });
  const { codes, names } = placeLevels(location, point);
  const named = (ref: LocationRef): NamedLevel => ({ ...ref, name: names[ref.kind] ?? ref.code });
  const shownRef = finestReadableLevel(ctx, codes);
  const unlockable = unlockableLevels(ctx, codes)
    .filter((l): l is LocationRef & { kind: UnlockKind } => l.kind !== "country")
    // A hexagon at sea is not in the data: there is nothing to unlock there.
    .filter((l) => isLocationInDataset(l.code))
    .map((l) => ({ ...named(l), kind: l.kind }));
  const first = point
    ? (safe(() => nearestPlaceName(point.lat, point.lon)) ?? formatCoordinates(point.lat, point.lon))
    : names[location.kind];
  const title = placeTitle([first, location.kind !== "country" ? names.region : null, names.country]) || location.code;
  const centre = location.kind === "hexagon" ? cellToLatLng(location.code) : null;
  const reportPoint = point ? { lat: point.lat, lon: point.lon } : centre ? { lat: centre[0], lon: centre[1] } : null;
  // Picking a region or hexagon the plan does not hold opens the purchase dialog at once (buyDataModal
  // while allowance is left, else addCreditsModal), the pick kept as the pending purchase; `unlock` asks for it too.
  const picked =
    !point &&
    !sel.unlockDismissed &&
    sel.location &&
    sel.location.kind !== "country" &&
    sel.location.code === location.code
      ? sel.location.kind
      : null;
  const wanted = sel.unlock ?? picked;
  const asked = wanted ? unlockable.find((l) => l.kind === wanted) : undefined;
  const purchase = asked
    ? {
        modal: purchaseModalFor(ctx.limits, asked.kind),
        kind: asked.kind,
        code: asked.code,
        name: asked.name,
        left: ctx.limits[asked.kind],
      }
    : null;
  const inland =
    location.kind === "hexagon" && shownRef && shownRef.kind !== "hexagon"
      ? inlandPlace(location.code, first ?? location.code, named(shownRef).name)
      : null;
  return {
    view: {
      title,
      shown: shownRef ? named(shownRef) : null,
      unlockable,
      reportPoint,
      inland,
      atPoint: shownRef?.kind === "hexagon" && !!point,
    },
    purchase,
  };
}

/** The coastal hazards that do not apply at a hexagon, when its area's figures are shown for it; null when none. */
function inlandPlace(hexagon: string, place: string, area: string): InlandPlace | null {
  return inlandPlaceOf(
    safe(() => getRiskEngine().coastalExposure(hexagon)),
    place,
    area,
  );
}

/** The place's H3 cells at each risk level, per hazard, for the chosen future slot (the "pies"). */
function levelDistribution(location: LocationRef, sel: DashboardSelection) {
  const counts = safe(() => cellLevelDistribution(getRiskEngine(), location.code, sel.scenario, sel.period));
  if (!counts) return null;
  const { L, M, H, S, E, none } = counts.AL;
  return { scenario: sel.scenario, period: sel.period, cells: L + M + H + S + E + none, counts };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
