/**
 * The /dashboard selection read from the URL: which place, scenario, period and duration, with the spec's
 * defaults. Apart from dashboard.ts, which the page imports: only the loader reads the URL.
 */
import { UNLOCK_DISMISSED, UNLOCK_KINDS, type UnlockKind } from "./unlock-kinds";
import { classifyLocationCode, type CodeLists, type LocationRef } from "../commerce/entitlements";
import { readDecimalDegrees } from "../forms/validation";
import { MESSAGES } from "../forms/validation-messages";
import { SAMPLE_DEFAULT_LOCATION } from "../geo/default-location";
import {
  DURATIONS,
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  parseDuration,
  parsePeriod,
  parseScenario,
  type FuturePeriodId,
  type FutureScenarioId,
} from "../hazards/scenarios";

/** The spec's latitude/longitude rule (3-4 decimals allowed; fewer decimals accepted too so a link "51.5" works). */
export function parseCoordinate(raw: string | null, limit: 90 | 180): { value?: number; error?: string } {
  if (raw === null || raw.trim() === "") return {};
  const v = raw.trim();
  const message = limit === 90 ? MESSAGES.latitude : MESSAGES.longitude;
  const n = readDecimalDegrees(v);
  if (n === null) return { error: message };
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
  /** The purchase dialog was declined for this place (Cancel): a picked locked level does not open it again. */
  unlockDismissed: boolean;
}

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
    unlockDismissed: params.get("unlock") === UNLOCK_DISMISSED,
  };
}

/** First ordered code, preferring the configured default when it is ordered. */
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
