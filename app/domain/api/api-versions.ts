/**
 * Dated API versions: a request pins one with the `API-Version` header, and every /api answer names the version it
 * follows in the same header. A change that can break a client ships only under a new date; an unpinned request
 * follows the newest. The one list the server, the changelog and the OpenAPI document read.
 */
export const API_VERSION_HEADER = "API-Version";

/** Every version still answered, oldest first. */
export const API_VERSIONS = ["2026-11-29"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

export const API_VERSION_MESSAGE = `Unknown API-Version: send one of ${API_VERSIONS.join(", ")} (YYYY-MM-DD), or none for the newest`;

/** The version a request follows: the one it pins, the newest when it pins none, null for a version we do not know. */
export function apiVersionOf(requested: string | null | undefined): ApiVersion | null {
  const value = requested?.trim();
  if (!value) return LATEST_API_VERSION;
  return (API_VERSIONS as readonly string[]).includes(value) ? (value as ApiVersion) : null;
}
