/**
 * The options a key is created with besides its name and scopes: when it expires, the client addresses it may be
 * used from, and whether it is a test-mode key. Pure: read by the key service, the API's body schema, the account
 * page's form and the OpenAPI document.
 */
import proxyaddr from "proxy-addr";
import { type ApiKeyScope } from "./api-keys";

/** live: a key as ever. test: reads what a live key reads, never buys, pays or changes billing. */
export const API_KEY_MODES = ["live", "test"] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const API_KEY_MAX_EXPIRY_DAYS = 3650;
export const API_KEY_MAX_ALLOWED_ADDRESSES = 20;
const DAY_MS = 86_400_000;

/** Sent on every answer to an API key: `false` for a test-mode key, so a client can tell which it holds. */
export const LIVEMODE_HEADER = "Livemode";

export const API_KEY_OPTION_MESSAGES = {
  expiryBoth: "Give expires_at or expires_in_days, not both",
  expiresAtInvalid: "expires_at must be a date and time with its offset, e.g. 2027-06-30T23:59:59Z",
  expiresAtPast: "expires_at must be in the future",
  expiresAtTooFar: `A key expires at most ${API_KEY_MAX_EXPIRY_DAYS} days from now`,
  expiresInDaysInvalid: `Expiry in days is a whole number from 1 to ${API_KEY_MAX_EXPIRY_DAYS}, or empty for a key that does not expire`,
  addressInvalid: (entry: string) =>
    `“${entry}” is not an IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)`,
  tooManyAddresses: `A key may list at most ${API_KEY_MAX_ALLOWED_ADDRESSES} addresses or ranges`,
  modeInvalid: `mode is ${API_KEY_MODES.join(" or ")}`,
  testModeBilling:
    "A test-mode key only reads: it cannot have the billing scope. Leave billing off or create a live key",
  /** The 401 of a key past its end (its chosen expiry, or a rotated key's overlap). */
  expired: (at: Date) =>
    `This API key expired at ${at.toISOString()}: create a new key (or rotate a live one) on the account page`,
  /** The 403 of a key used from an address outside its allowed list. */
  addressNotAllowed: (address: string) =>
    `This API key may not be used from the address ${address}: it is outside the key's allowed addresses. Call from an allowed address or change the key on the account page`,
  testMode:
    "This is a test-mode API key: it reads data but cannot buy, pay or change billing. Use a live key (or the user's own session) for this call",
} as const;

/** Entries of a textarea or a comma-separated string: split on commas and white space. */
function addressEntries(raw: unknown): string[] | null {
  if (raw === undefined || raw === null) return [];
  const items = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : null;
  if (!items || items.some((i) => typeof i !== "string")) return null;
  return (items as string[]).flatMap((i) => i.split(/[\s,]+/)).filter(Boolean);
}

/** An address or a CIDR range, digits only: proxy-addr's names (loopback, uniquelocal) are not for keys. */
const ADDRESS_SHAPE = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

function validEntry(entry: string): boolean {
  if (!ADDRESS_SHAPE.test(entry)) return false;
  try {
    proxyaddr.compile([entry]);
    return true;
  } catch {
    return false;
  }
}

/** The allowed addresses as stored (lower-case, each once; null for any address), or the message for a bad entry. */
export function checkAllowedAddresses(raw: unknown): { addresses: string[] | null } | { error: string } {
  const entries = addressEntries(raw);
  if (!entries) return { error: API_KEY_OPTION_MESSAGES.addressInvalid(String(raw)) };
  const bad = entries.find((e) => !validEntry(e));
  if (bad !== undefined) return { error: API_KEY_OPTION_MESSAGES.addressInvalid(bad) };
  const addresses = [...new Set(entries.map((e) => e.toLowerCase()))];
  if (addresses.length > API_KEY_MAX_ALLOWED_ADDRESSES) return { error: API_KEY_OPTION_MESSAGES.tooManyAddresses };
  return { addresses: addresses.length ? addresses : null };
}

const matchers = new Map<string, (address: string) => boolean>();

/**
 * Whether a client address (as the rate limiter resolves it) is one of the key's: an IPv4 address also matches as its
 * IPv4-mapped IPv6 form. A key without a list is usable from anywhere; an unknown address matches no list.
 */
export function addressAllowed(allowed: readonly string[] | null, address: string): boolean {
  if (!allowed) return true;
  const id = allowed.join(",");
  let match = matchers.get(id);
  if (!match) {
    const trust = proxyaddr.compile([...allowed]);
    match = (a: string) => trust(a, 0);
    if (matchers.size > 1000) matchers.clear();
    matchers.set(id, match);
  }
  return match(address);
}

/** The end a key is created with: an instant (expires_at) or a number of days from now (expires_in_days), or none. */
export function checkExpiry(
  expiresAt: unknown,
  expiresInDays: unknown,
  now: Date,
): { validUntil: Date | null } | { error: string; field: "expires_at" | "expires_in_days" } {
  const given = (v: unknown) => v !== undefined && v !== null && v !== "";
  const latest = now.getTime() + API_KEY_MAX_EXPIRY_DAYS * DAY_MS;
  if (given(expiresAt) && given(expiresInDays))
    return { error: API_KEY_OPTION_MESSAGES.expiryBoth, field: "expires_at" };
  if (given(expiresInDays)) {
    const text = String(expiresInDays).trim();
    const days = typeof expiresInDays === "number" ? expiresInDays : /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > API_KEY_MAX_EXPIRY_DAYS)
      return { error: API_KEY_OPTION_MESSAGES.expiresInDaysInvalid, field: "expires_in_days" };
    return { validUntil: new Date(now.getTime() + days * DAY_MS) };
  }
  if (given(expiresAt)) {
    const text = typeof expiresAt === "string" ? expiresAt.trim() : "";
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? new Date(text) : null;
    if (!at || Number.isNaN(at.getTime()))
      return { error: API_KEY_OPTION_MESSAGES.expiresAtInvalid, field: "expires_at" };
    if (at.getTime() <= now.getTime()) return { error: API_KEY_OPTION_MESSAGES.expiresAtPast, field: "expires_at" };
    if (at.getTime() > latest) return { error: API_KEY_OPTION_MESSAGES.expiresAtTooFar, field: "expires_at" };
    return { validUntil: at };
  }
  return { validUntil: null };
}

export function checkMode(raw: unknown): { mode: ApiKeyMode } | { error: string } {
  if (raw === undefined || raw === null || raw === "") return { mode: "live" };
  return (API_KEY_MODES as readonly unknown[]).includes(raw)
    ? { mode: raw as ApiKeyMode }
    : { error: API_KEY_OPTION_MESSAGES.modeInvalid };
}

export interface KeyOptionsInput {
  expires_at?: unknown;
  expires_in_days?: unknown;
  allowed_addresses?: unknown;
  mode?: unknown;
}

export interface KeyOptions {
  validUntil: Date | null;
  allowedAddresses: string[] | null;
  mode: ApiKeyMode;
}

/** Every option checked at once: the options, or a message per field at fault (a form shows them all). */
export function checkKeyOptions(
  input: KeyOptionsInput,
  scopes: readonly ApiKeyScope[],
  now: Date,
): { options: KeyOptions } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const expiry = checkExpiry(input.expires_at, input.expires_in_days, now);
  if ("error" in expiry) errors[expiry.field] = expiry.error;
  const addresses = checkAllowedAddresses(input.allowed_addresses);
  if ("error" in addresses) errors.allowed_addresses = addresses.error;
  const mode = checkMode(input.mode);
  if ("error" in mode) errors.mode = mode.error;
  else if (mode.mode === "test" && scopes.includes("billing")) errors.scopes = API_KEY_OPTION_MESSAGES.testModeBilling;
  if ("error" in expiry || "error" in addresses || "error" in mode || Object.keys(errors).length) return { errors };
  return { options: { validUntil: expiry.validUntil, allowedAddresses: addresses.addresses, mode: mode.mode } };
}
