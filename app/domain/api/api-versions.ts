/**
 * Dated API versions: a request pins one with the `API-Version` header, and every /api answer names the version it
 * follows in the same header. A change that can break a client ships only under a new date; an unpinned request
 * follows the newest. The one list the server, the changelog and the OpenAPI document read.
 */
export const API_VERSION_HEADER = "API-Version";

/** Every version still answered, oldest first. */
export const API_VERSIONS = ["2026-11-29", "2026-11-30"] as const;
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
