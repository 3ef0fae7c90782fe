/**
 * The rules of API keys, pure: what a key's scopes allow, how many an account may hold, how names look, how long a
 * rotated key keeps working. Read by the key service, the API, the account page and the OpenAPI document.
 */

/**
 * read: every data read the account's dashboard can make (each key has it). billing: also buy (orders, payments,
 * plan changes) and change billing details. webhooks: also register and delete webhook endpoints. A key never
 * manages keys: that needs the user's own session, so a leaked key cannot replace itself and lock its owner out.
 */
export const API_KEY_SCOPES = ["read", "billing", "webhooks"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, string> = {
  read: "Read data: the risk data, locations, plan, reports, invoices and receipts the account's dashboard shows (always included); not the holder's billing details.",
  billing:
    "Buy and manage billing: orders, payments, plan upgrades, terms consent, and reading and changing the holder's billing details (name, phone, address).",
  webhooks: "Register, list and delete the account's webhook endpoints and read their deliveries.",
};

/** What a call does; a session may do all of it, a key what its scopes allow. */
export type ApiCallScope = "read" | "purchase" | "billing" | "webhooks" | "keys";

/** The key scope a call needs; null: only the user's own session. */
export const KEY_SCOPE_FOR_CALL: Record<ApiCallScope, ApiKeyScope | null> = {
  read: "read",
  purchase: "billing",
  billing: "billing",
  webhooks: "webhooks",
  keys: null,
};

export function keyMay(scopes: readonly string[], call: ApiCallScope): boolean {
  const needed = KEY_SCOPE_FOR_CALL[call];
  return needed !== null && scopes.includes(needed);
}

/** The scopes a key is stored with: read always, then the asked ones in list order, each once. */
export function normaliseScopes(asked: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => s === "read" || asked.includes(s));
}

/** Live keys an account may hold at once (a rotated key in its overlap window is not counted). */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_LIMIT_MESSAGE = `An account may hold at most ${MAX_ACTIVE_API_KEYS} API keys: revoke one before creating another`;

/** After a rotation the old key keeps working this long, so the scripts that use it can move to the new one. */
export const API_KEY_ROTATION_OVERLAP_MS = 24 * 3_600_000;
export const API_KEY_ROTATION_OVERLAP_TEXT = "24 hours";

/** last_used_at is written at most this often per key: keyed calls are hot, a write per call is not affordable. */
export const API_KEY_LAST_USED_INTERVAL_MS = 60_000;

/** A key's last use as answered: to the minute it is kept to (`2026-11-26T02:00:00Z`), no seconds that mean nothing. */
export function lastUsedToTheMinute(at: Date | null): string | null {
  return at ? `${at.toISOString().slice(0, 16)}:00Z` : null;
}

/** The key that `get_app_key` reads, creates, rotates and revokes. */
export const DEFAULT_API_KEY_NAME = "default";

export const API_KEY_NAME_MAX = 60;
/** Letters, digits, spaces and - _ . : — printable in a table and a log line. */
export const API_KEY_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._:-]*$/u;

export const API_KEY_MESSAGES = {
  nameRequired: "Name the key (e.g. the script or server that uses it)",
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX} characters`,
  nameInvalid: "A key's name may hold letters, digits, spaces and - _ . : and starts with a letter or digit",
  nameTaken: "A live key already has this name: choose another or rotate that key",
  notFound: "No live API key with this id on this account",
  sessionOnly:
    "API keys are created, rotated and revoked only by a signed-in user: an API key cannot manage keys. Sign in on the website (or send a session token) to do this",
  unknownScope: `Scopes are ${API_KEY_SCOPES.join(" and ")}`,
} as const;

/** The trimmed name, or the message that says what is wrong with it. */
export function checkKeyName(raw: unknown): { name: string } | { error: string } {
  const name = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (!name) return { error: API_KEY_MESSAGES.nameRequired };
  if (name.length > API_KEY_NAME_MAX) return { error: API_KEY_MESSAGES.nameTooLong };
  if (!API_KEY_NAME_PATTERN.test(name)) return { error: API_KEY_MESSAGES.nameInvalid };
  return { name };
}

/** A key's times on the account page: the spec's `ru` date with the time to the minute, in UTC. */
export function formatKeyTime(iso: string): string {
  return `${new Date(iso).toLocaleString("ru-RU", { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" })} UTC`;
}
