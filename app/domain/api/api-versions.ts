/**
 * Dated API versions: a request pins one with the `API-Version` header, and every /api answer names the version it
 * follows in the same header. A change that can break a client ships only under a new date; an unpinned request
 * follows the newest. The one list the server, the changelog and the OpenAPI document read.
 */
export const API_VERSION_HEADER = "API-Version";

/** Every version still answered, oldest first. */
export const API_VERSIONS = ["2026-11-29", "2026-11-30", "2026-12-01"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

export const API_VERSION_MESSAGE = `Unknown API-Version: send one of ${API_VERSIONS.join(", ")} (YYYY-MM-DD), or none for the newest`;

/** The version a request follows: the one it pins, the newest when it pins none, null for a version we do not know. */
export function apiVersionOf(requested: string | null | undefined): ApiVersion | null {
  const value = requested?.trim();
  if (!value) return LATEST_API_VERSION;
  return (API_VERSIONS as readonly string[]).includes(value) ? (value as ApiVersion) : null;
}

/** Whether a request following `version` gets what `since` introduced (versions are ISO dates, so they sort as text). */
export function apiVersionAtLeast(version: ApiVersion, since: ApiVersion): boolean {
  return version >= since;
}

/** Since this version the batch CSV gives a point moved to land as snapped_lat, snapped_lon and snapped_distance_km. */
export const SNAPPED_COLUMNS_SINCE: ApiVersion = "2026-11-30";

/** Since this version the batch CSV says where each row's river and coastal flood came from: FD_source, SS_source. */
export const FLOOD_SOURCE_COLUMNS_SINCE: ApiVersion = "2026-12-01";

/**
 * Versions on their way out: the day each was deprecated (a newer one replaced it) and the day it stops being answered.
 * A request pinned to one is told so in `Deprecation` (RFC 9745) and `Sunset` (RFC 8594), with a link to the changelog.
 */
export const API_VERSION_RETIREMENTS: Partial<Record<ApiVersion, { deprecated: string; sunset: string }>> = {
  "2026-11-29": { deprecated: "2026-11-30", sunset: "2027-05-31" },
  "2026-11-30": { deprecated: "2026-12-01", sunset: "2027-06-01" },
};

/** Where the changes between versions are told: the changelog page (the deprecation link's target). */
export const API_CHANGELOG_PATH = "/api/changelog";

/** The headers every /api answer carries about its version: the one it follows and, for a retiring one, when it goes. */
export function apiVersionHeaders(requested: string | null | undefined): Record<string, string> {
  const version = apiVersionOf(requested) ?? LATEST_API_VERSION;
  const retirement = API_VERSION_RETIREMENTS[version];
  if (!retirement) return { [API_VERSION_HEADER]: version };
  return {
    [API_VERSION_HEADER]: version,
    Deprecation: `@${Math.floor(Date.parse(`${retirement.deprecated}T00:00:00Z`) / 1000)}`,
    Sunset: new Date(`${retirement.sunset}T00:00:00Z`).toUTCString(),
    Link: `<${API_CHANGELOG_PATH}>; rel="deprecation"; type="text/html", <${API_CHANGELOG_PATH}.json>; rel="sunset"; type="application/json"`,
  };
}
