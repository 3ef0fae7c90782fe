/**
 * The /dashboard page's rules and words: labels, links, the place view and the pairing of scores. Pure:
 * shared by the loader, the page and tests. Reading the URL is in dashboard-selection.ts.
 */
import type { DashboardSelection } from "./dashboard-selection";
import { classifyLocationCode, type LocationKind, type LocationRef } from "../geo/location-codes";
import { UNLOCK_DISMISSED, type UnlockKind } from "./unlock-kinds";
import { slotWarmingLabel, type FuturePeriodId, type FutureScenarioId } from "../hazards/scenarios";

export const CANT_GET_HAZARD_SCORES = "Can`t get hazard scores hexagon";

/** Rounds to 3 decimals and names the hemisphere: 51.507°N, 0.128°W. */
export function formatCoordinates(lat: number, lon: number): string {
  const part = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(3)}°${v < 0 ? neg : pos}`;
  return `${part(lat, "N", "S")}, ${part(lon, "E", "W")}`;
}

/** A point picked in the water near the shore is scored at the nearest land; the page says so. */
export function snappedToLandNote(snap: { lat: number; lon: number; distance_km: number }): string {
  const km = snap.distance_km < 1 ? "less than 1 km" : `${snap.distance_km.toFixed(1)} km`;
  return `This point is in the water, ${km} from land: the scores are those of the nearest land, at ${formatCoordinates(snap.lat, snap.lon)}.`;
}

export function warmingLabel(scenario: FutureScenarioId, period: FuturePeriodId): string {
  return slotWarmingLabel(scenario, period);
}

export { UNLOCK_DISMISSED, type UnlockKind } from "./unlock-kinds";

/**
 * The hexagon field's value: the hexagon of the place on show (a picked hexagon, or the cell a point lies in), else
 * the user's default ordered hexagon, else empty. Never another place's hexagon while a point is shown.
 */
export function hexagonFieldValue(location: LocationRef | null, defaultHexagon: string | null): string {
  if (location?.kind === "hexagon") return location.code;
  return defaultHexagon ?? "";
}

/** The keys of the place selects' options among the server-drawn parts of the page (app/utils/server-drawn.tsx). */
export const PLACE_SELECT_KEYS = { country: "country-options", region: "region-options" } as const;

export interface PlaceSelectOption {
  value: string;
  label: string;
}

/**
 * The dashboard's country and region selects: every country (open to everyone), and the chosen country's regions
 * after "Whole country", each region the plan has not ordered marked "(locked)". `value` is the entry shown chosen.
 */
/** The country select's option when no country is on show. */
export const NO_COUNTRY_LABEL = "— no country —";

export function placeSelectOptions(input: {
  countries: readonly { country_code: string; country_name: string }[];
  regions: readonly { region_code: string; region_name: string }[];
  orderedRegions: readonly string[];
  country: string | null;
  location: LocationRef | null;
}): {
  country: { options: PlaceSelectOption[]; value: string };
  region: { options: PlaceSelectOption[]; value: string } | null;
} {
  const country = input.country ?? "";
  const ordered = new Set(input.orderedRegions);
  return {
    // No country (a point at sea, nothing picked): an empty first option, so the select never falls on the first country.
    country: {
      options: [
        ...(country ? [] : [{ value: "", label: NO_COUNTRY_LABEL }]),
        ...input.countries.map((c) => ({ value: c.country_code, label: c.country_name })),
      ],
      value: country,
    },
    region: input.regions.length
      ? {
          options: [
            { value: country, label: "Whole country" },
            ...input.regions.map((r) => ({
              value: r.region_code,
              label: ordered.has(r.region_code) ? r.region_name : `${r.region_name} (locked)`,
            })),
          ],
          value: input.location?.kind === "region" ? input.location.code : country,
        }
      : null,
  };
}

/** Scores without their explanations: the page receives those as server-drawn markup, once. */
export function withoutExplanations<I extends { explanation?: unknown }, R extends { aggregate: I; hazards: I[] }>(
  result: R | null,
): R | null {
  if (!result) return null;
  const bare = (item: I): I => ({ ...item, explanation: undefined });
  return { ...result, aggregate: bare(result.aggregate), hazards: result.hazards.map(bare) };
}

/** The parts of a hazard score the dashboard pairs and shows; structural so the domain needs no engine types. */
export interface ScoreItemLike {
  hazard_id: string;
  value: number | null;
  score: number | null;
  level: string | null;
  state: "ok" | "not_applicable" | "no_data";
  explanation?: unknown;
}
export interface ScoresLike<T extends ScoreItemLike> {
  hazards: T[];
  aggregate: T;
}

/** A scores response that has a hazards list to show. */
export function hasHazardList(r: { hazards?: unknown } | null | undefined): boolean {
  return !!r && Array.isArray(r.hazards) && r.hazards.length > 0;
}

/** 'Can`t get hazard scores hexagon' shows only when neither the historical nor the future response has a hazards list. */
export function cantGetHazardScores(
  hist: { hazards?: unknown } | null | undefined,
  future: { hazards?: unknown } | null | undefined,
): boolean {
  return !hasHazardList(hist) && !hasHazardList(future);
}

/** The side that failed to load: the same hazard in its own "no data" state, never a made-up level. */
export function noDataLike<T extends ScoreItemLike>(other: T): T {
  return { ...other, value: null, score: null, level: null, state: "no_data", explanation: undefined };
}

export interface ScorePair<T> {
  hist: T;
  future: T;
}

/**
 * Historical and future items side by side, matched by hazard id. When one response failed, the other still shows,
 * its missing side marked "no data". Empty when neither has a hazards list.
 */
export function pairHazardScores<T extends ScoreItemLike>(
  hist: ScoresLike<T> | null | undefined,
  future: ScoresLike<T> | null | undefined,
): { aggregate: ScorePair<T> | null; hazards: ScorePair<T>[] } {
  const h = hasHazardList(hist) ? hist! : null;
  const f = hasHazardList(future) ? future! : null;
  if (!h && !f) return { aggregate: null, hazards: [] };
  const pair = (a: T | undefined, b: T | undefined): ScorePair<T> => ({
    hist: a ?? noDataLike(b!),
    future: b ?? noDataLike(a!),
  });
  const ids = [...new Set([...(h?.hazards ?? []), ...(f?.hazards ?? [])].map((x) => x.hazard_id))];
  return {
    aggregate: pair(h?.aggregate, f?.aggregate),
    hazards: ids.map((id) =>
      pair(
        h?.hazards.find((x) => x.hazard_id === id),
        f?.hazards.find((x) => x.hazard_id === id),
      ),
    ),
  };
}

/** Picking an area on the map: its code as location_code, keeping scenario and period, dropping a point's lat/lon. */
export function mapPickHref(
  current: URLSearchParams,
  sel: Pick<DashboardSelection, "scenario" | "period">,
  code: string,
): string {
  return dashboardHref(current, {
    location_code: code,
    lat: undefined,
    lon: undefined,
    scenario: sel.scenario,
    period: sel.period,
  });
}

/** Builds a /dashboard URL from the current params with some replaced (undefined/empty removes). */
export function dashboardHref(current: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === "") next.delete(k);
    else next.set(k, v);
  }
  const s = next.toString();
  return s ? `/dashboard?${s}` : "/dashboard";
}

/** A place's title from the finest part to the coarsest, each name once: "Chittagong, Chattogram, Bangladesh". */
export function placeTitle(parts: readonly (string | null | undefined)[]): string {
  const out: string[] = [];
  for (const p of parts) {
    const name = p?.trim();
    if (name && !out.some((x) => x.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out.join(", ");
}

const LEVEL_NOUN: Record<LocationKind, string> = { country: "country", region: "region", hexagon: "hexagon" };

/** The words of the place view and of its confirmation step: one source for the page, the dialogs and tests. */
export const PLACE_VIEW_TEXT = {
  unlock: (kind: UnlockKind) => `Unlock this ${LEVEL_NOUN[kind]}`,
  /**
   * The heading of the scores: a place's own name only over its own figures (hexagon level, which a point reads);
   * figures of the country or region it lies in are headed with that area and its level, never as the place's.
   */
  scoresHeading: (title: string, shown: { kind: LocationKind; name: string } | null, atPoint = false) =>
    !shown || !title
      ? title
        ? `Hazard scores: ${title}`
        : "Hazard scores"
      : atPoint && shown.kind === "hexagon"
        ? `Hazard scores of this point: ${title} (in ${shown.name})`
        : shown.kind === "hexagon" || title.startsWith(shown.name)
          ? `Hazard scores: ${title} (${shown.kind} level)`
          : `Hazard scores of ${shown.name} (${shown.kind} level), not of ${title} itself`,
  shownLevel: (kind: LocationKind, name: string, atPoint = false) =>
    atPoint && kind === "hexagon"
      ? `Scores of this point, from its own drivers (in ${name}; the hexagon's own scores may differ).`
      : `${kind === "country" ? "Country" : kind === "region" ? "Region" : "Hexagon"}-level scores: ${name}.`,
  finerLocked: (kinds: readonly LocationKind[]) =>
    `The ${kinds.map((k) => LEVEL_NOUN[k]).join(" and ")} of this place ${kinds.length > 1 ? "are" : "is"} not in your plan yet.`,
  confirmTitle: (kind: UnlockKind) => `Unlock this ${LEVEL_NOUN[kind]}?`,
  /** What the order spends and what is left after it (plan allowance and purchased credits of that kind together). */
  spend: (kind: UnlockKind, left: number) =>
    `This uses 1 of your ${left} ${LEVEL_NOUN[kind]} order${left === 1 ? "" : "s"}; ${left - 1} will remain.`,
  confirm: (kind: UnlockKind) => `Yes, unlock this ${LEVEL_NOUN[kind]}`,
  noneLeft: (kind: UnlockKind) =>
    `Your plan has no ${LEVEL_NOUN[kind]} orders left. Add credits to unlock this ${LEVEL_NOUN[kind]}; the cart shows the price before you pay.`,
  unlocked: (kind: LocationKind, code: string, left: number) =>
    `The ${LEVEL_NOUN[kind]} ${code} is unlocked. ${left} ${LEVEL_NOUN[kind]} order${left === 1 ? "" : "s"} left.`,
  cancel: "Cancel",
  report: "Single-location report (PDF)",
} as const;

/**
 * The URL that opens the confirmation of an unlock, and the one Cancel goes back to: the same URL without it, or,
 * where a picked region or hexagon opens the dialog by itself (a location_code finer than a country, no point), the
 * same place with the dialog declined; and where a confirmed order returns: the place, now open, without either.
 */
export function unlockHrefs(
  current: URLSearchParams,
  kind: UnlockKind,
): { open: string; cancel: string; ordered: string } {
  const picked = classifyLocationCode(current.get("location_code") ?? "");
  const opensByItself = picked !== null && picked.kind !== "country" && !current.get("lat");
  return {
    open: dashboardHref(current, { unlock: kind }),
    cancel: dashboardHref(current, { unlock: opensByItself ? UNLOCK_DISMISSED : undefined }),
    ordered: dashboardHref(current, { unlock: undefined }),
  };
}

/** Where the place view offers the single-location report: the point (or hexagon centre) and its name prefilled. */
export function locationReportHref(point: { lat: number; lon: number }, name: string): string {
  const round = (v: number) => String(Math.round(v * 1e4) / 1e4);
  return `/dashboard/location-report?${new URLSearchParams({ lat: round(point.lat), lon: round(point.lon), address: name })}`;
}
