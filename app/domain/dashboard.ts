/**
 * The /dashboard selection (spec §4): which place, scenario, period and duration, read from URL search params named
 * as in the API, with the spec's defaults. Pure: shared by the loader, the page and tests.
 */
import { classifyLocationCode, type CodeLists, type LocationKind, type LocationRef } from "./entitlements";
import { MESSAGES } from "./validation-messages";
import { SAMPLE_DEFAULT_LOCATION } from "./default-location";
import {
  DURATIONS, FUTURE_PERIOD_IDS, FUTURE_SCENARIO_IDS, GLOBAL_WARMING_LEVEL, parseDuration, parsePeriod, parseScenario,
  type FuturePeriodId, type FutureScenarioId,
} from "./scenarios";

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
  return `+${GLOBAL_WARMING_LEVEL[scenario][period].toFixed(2)} °C global warming`;
}

const DECIMAL_DEGREES = /^[-+]?\d{1,3}(\.\d{1,4})?$/;

/** The spec's latitude/longitude rule (3-4 decimals allowed; fewer decimals accepted too so a link "51.5" works). */
export function parseCoordinate(raw: string | null, limit: 90 | 180): { value?: number; error?: string } {
  if (raw === null || raw.trim() === "") return {};
  const v = raw.trim();
  const message = limit === 90 ? MESSAGES.latitude : MESSAGES.longitude;
  if (!DECIMAL_DEGREES.test(v)) return { error: message };
  const n = Number(v);
  return n >= -limit && n <= limit ? { value: n } : { error: message };
}

export interface DashboardSelection {
  location: LocationRef | null;
  /** The raw location_code when it could not be classified. */
  invalidLocationCode: string | null;
  lat?: number;
  lon?: number;
  latError?: string;
  lonError?: string;
  scenario: FutureScenarioId;
  period: FuturePeriodId;
  duration: string;
  q: string;
  /** The level whose purchase the user asked to confirm ("Unlock this hexagon"); the dialog is this URL state. */
  unlock: UnlockKind | null;
}

/** What "Unlock" can buy at a place: countries are open to everyone. */
export const UNLOCK_KINDS = ["hexagon", "region"] as const satisfies readonly LocationKind[];
export type UnlockKind = (typeof UNLOCK_KINDS)[number];

function parseUnlock(raw: string | null): UnlockKind | null {
  return (UNLOCK_KINDS as readonly string[]).includes(raw ?? "") ? (raw as UnlockKind) : null;
}

/** Reads the URL; unknown scenario/period/duration fall back to the spec's defaults (first scenario, first future period). */
export function parseDashboardSelection(params: URLSearchParams): DashboardSelection {
  const rawCode = params.get("location_code")?.trim() ?? "";
  const location = rawCode ? classifyLocationCode(rawCode) : null;
  const lat = parseCoordinate(params.get("lat"), 90);
  const lon = parseCoordinate(params.get("lon"), 180);
  const s = parseScenario(params.get("scenario"));
  const p = parsePeriod(params.get("period"));
  return {
    location,
    invalidLocationCode: rawCode && !location ? rawCode : null,
    lat: lat.value,
    lon: lon.value,
    latError: lat.error,
    lonError: lon.error,
    scenario: s && s !== "hist" ? s : FUTURE_SCENARIO_IDS[0]!,
    period: p && p !== "hist" ? p : FUTURE_PERIOD_IDS[0]!,
    duration: parseDuration(params.get("duration")) ?? DURATIONS[0]!.id,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    unlock: parseUnlock(params.get("unlock")),
  };
}

/** First ordered code, preferring the configured default when it is ordered (spec §4). */
export function defaultCode(ordered: readonly string[], preferred: string): string | null {
  return ordered.includes(preferred) ? preferred : (ordered[0] ?? null);
}

/** Default location on load: a country from the ordered list, preferring GB; same rule for hexagons. */
export function defaultLocation(orderList: CodeLists): { country: string | null; hexagon: string | null } {
  return {
    country: defaultCode(orderList.country, SAMPLE_DEFAULT_LOCATION.country),
    hexagon: defaultCode(orderList.hexagon, SAMPLE_DEFAULT_LOCATION.hexagon),
  };
}

/** The hexagon field's value: the hexagon on show, else the user's default ordered hexagon (spec §4), else empty. */
export function hexagonFieldValue(location: LocationRef | null, isPoint: boolean, defaultHexagon: string | null): string {
  if (location?.kind === "hexagon" && !isPoint) return location.code;
  return defaultHexagon ?? "";
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

/** Spec §5: 'Can`t get hazard scores hexagon' shows only when neither the historical nor the future response has a hazards list. */
export function cantGetHazardScores(hist: { hazards?: unknown } | null | undefined, future: { hazards?: unknown } | null | undefined): boolean {
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
  const pair = (a: T | undefined, b: T | undefined): ScorePair<T> => ({ hist: a ?? noDataLike(b!), future: b ?? noDataLike(a!) });
  const ids = [...new Set([...(h?.hazards ?? []), ...(f?.hazards ?? [])].map((x) => x.hazard_id))];
  return {
    aggregate: pair(h?.aggregate, f?.aggregate),
    hazards: ids.map((id) => pair(h?.hazards.find((x) => x.hazard_id === id), f?.hazards.find((x) => x.hazard_id === id))),
  };
}

/** Picking an area on the map: its code as location_code, keeping scenario and period, dropping a point's lat/lon. */
export function mapPickHref(current: URLSearchParams, sel: Pick<DashboardSelection, "scenario" | "period">, code: string): string {
  return dashboardHref(current, { location_code: code, lat: undefined, lon: undefined, scenario: sel.scenario, period: sel.period });
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
  shownLevel: (kind: LocationKind, name: string) => `${kind === "country" ? "Country" : kind === "region" ? "Region" : "Hexagon"}-level scores: ${name}.`,
  finerLocked: (kinds: readonly LocationKind[]) =>
    `The ${kinds.map((k) => LEVEL_NOUN[k]).join(" and ")} of this place ${kinds.length > 1 ? "are" : "is"} not in your plan yet.`,
  confirmTitle: (kind: UnlockKind) => `Unlock this ${LEVEL_NOUN[kind]}?`,
  /** What the order spends and what is left after it (plan allowance and purchased credits of that kind together). */
  spend: (kind: UnlockKind, left: number) =>
    `This uses 1 of your ${left} ${LEVEL_NOUN[kind]} order${left === 1 ? "" : "s"}; ${left - 1} will remain.`,
  confirm: (kind: UnlockKind) => `Yes, unlock this ${LEVEL_NOUN[kind]}`,
  noneLeft: (kind: UnlockKind) => `Your plan has no ${LEVEL_NOUN[kind]} orders left. Add credits to unlock this ${LEVEL_NOUN[kind]}; the cart shows the price before you pay.`,
  unlocked: (kind: LocationKind, code: string, left: number) =>
    `The ${LEVEL_NOUN[kind]} ${code} is unlocked. ${left} ${LEVEL_NOUN[kind]} order${left === 1 ? "" : "s"} left.`,
  cancel: "Cancel",
  report: "Single-location report (PDF)",
} as const;

/** The URL that opens the confirmation of an unlock, and the one Cancel goes back to (the same URL without it). */
export function unlockHrefs(current: URLSearchParams, kind: UnlockKind): { open: string; cancel: string } {
  return { open: dashboardHref(current, { unlock: kind }), cancel: dashboardHref(current, { unlock: undefined }) };
}

/** Where the place view offers the single-location report: the point (or hexagon centre) and its name prefilled. */
export function locationReportHref(point: { lat: number; lon: number }, name: string): string {
  const round = (v: number) => String(Math.round(v * 1e4) / 1e4);
  return `/dashboard/location-report?${new URLSearchParams({ lat: round(point.lat), lon: round(point.lon), address: name })}`;
}
