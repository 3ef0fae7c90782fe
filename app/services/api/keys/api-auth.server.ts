/** Who is calling the JSON API: the session cookie, a Bearer session token or a Bearer API key. */
import type { RateLimitState } from "~/domain/api/keys/api-limits";
import { takeAnonymousRequest } from "./anonymous-rate-limit.server";
import { giveBackAccountRequests, takeAccountRequests } from "./api-key-rate-limit.server";
import { assertCredentialAttemptsLeft, countInvalidCredential } from "./invalid-credential-limit.server";
import { isApiKeyShaped, verifyApiKeyGrant } from "./api-keys.server";
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  keyMay,
  type ApiCallScope,
  type ApiKeyScope,
} from "~/domain/api/keys/api-keys";
import { API_KEY_OPTION_MESSAGES, addressAllowed } from "~/domain/api/keys/key-options";
import { UNKNOWN_CLIENT } from "~/domain/http/client-address";
import type { AccessCaller } from "../../commerce/entitlements.server";
import { ForbiddenError, UnauthorizedError, withErrorCode } from "../../http/errors.server";
import { getSessionUser, type SessionUser } from "../../auth/session.server";

export interface ApiCaller extends AccessCaller {
  user: SessionUser;
  via: "session" | "api_key";
  /** A key's scopes; a session holds them all. */
  scopes: readonly ApiKeyScope[];
  /** false for a test-mode key: it reads, and is refused (403 test_mode_key) what buys, pays or changes billing. */
  livemode: boolean;
}

export const API_AUTH_MESSAGES = {
  invalidCredential: "The Authorization header holds an unknown, revoked or expired token or API key",
  required: "Authentication required: send the session cookie or Authorization: Bearer <token or API key>",
  outOfScope:
    "This API key may read data only: buying and changing billing need a key with the billing scope or the user's own session",
  outOfWebhooksScope:
    "This API key may not manage webhooks: that needs a key with the webhooks scope or the user's own session",
  sessionOnly: API_KEY_MESSAGES.sessionOnly,
} as const;

/**
 * What a call does: read data, buy (orders, payments, plan changes), change billing, or manage keys. An API key sits
 * in scripts and servers: it may read, buy and change billing only with the billing scope, and never manage keys;
 * a session may do everything. The one place a key's scopes are enforced.
 */
export type ApiScope = ApiCallScope;

function assertScope(caller: ApiCaller | null, scope: ApiScope) {
  if (!caller || caller.via === "session") return;
  if (!caller.livemode && (scope === "purchase" || scope === "billing"))
    throw withErrorCode(new ForbiddenError(API_KEY_OPTION_MESSAGES.testMode), "test_mode_key");
  if (keyMay(caller.scopes, scope)) return;
  const message =
    scope === "keys"
      ? API_AUTH_MESSAGES.sessionOnly
      : scope === "webhooks"
        ? API_AUTH_MESSAGES.outOfWebhooksScope
        : API_AUTH_MESSAGES.outOfScope;
  throw withErrorCode(new ForbiddenError(message), "insufficient_scope");
}

export function readBearer(request: Request): string | null {
  return request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * null for an anonymous request. A Bearer credential that does not check out is a 401 rather than a silent
 * downgrade to anonymous, so a client with a wrong key learns it at once. A stale cookie just means anonymous.
 * A key's request is counted against its account's budget here, once per request, by `cost` (a batch by its items).
 */
export async function resolveApiCaller(
  request: Request,
  scope: ApiScope = "read",
  cost = 1,
): Promise<ApiCaller | null> {
  let counted = callerOf.get(request);
  if (!counted) callerOf.set(request, (counted = countKey(request, cost)));
  const caller = await counted;
  assertScope(caller, scope);
  return caller;
}

/**
 * One identification and one count per request: a handler that asks twice (the riskdb wrapper, then the data
 * function) neither queries twice nor counts the request twice against the key's limit.
 */
const callerOf = new WeakMap<Request, Promise<ApiCaller | null>>();
const identityOf = new WeakMap<Request, Promise<Identity>>();
const rateLimitOf = new WeakMap<Request, RateLimitState>();
const anonymousRateOf = new WeakMap<Request, RateLimitState>();

/** What the key that made this request has left, once the request was counted; null without a key. */
export function rateLimitStateOf(request: Request): RateLimitState | null {
  return rateLimitOf.get(request) ?? null;
}

/**
 * The account budget of a request made with a valid API key, counting the request now if no handler has; null for
 * any other request (no key, a key that does not check out, a budget already spent).
 */
export async function keyedRateStateOf(request: Request): Promise<RateLimitState | null> {
  const bearer = readBearer(request);
  if (!bearer || !isApiKeyShaped(bearer)) return null;
  try {
    await resolveApiCaller(request);
  } catch {
    return null;
  }
  return rateLimitOf.get(request) ?? null;
}

/** What the address of this anonymous request has left, once it was counted; null for a caller with credentials. */
export function anonymousRateStateOf(request: Request): RateLimitState | null {
  return anonymousRateOf.get(request) ?? null;
}

interface Identity {
  caller: ApiCaller | null;
  /** The API key the caller used, to count against its limit. */
  key: string | null;
}

function identify(request: Request): Promise<Identity> {
  let identity = identityOf.get(request);
  if (!identity) identityOf.set(request, (identity = identifyApiCaller(request)));
  return identity;
}

/** Whether the key of this request is live (true) or test-mode (false); null without a key that checked out. */
const livemodeOf = new WeakMap<Request, boolean>();

export function keyLivemodeOf(request: Request): boolean | null {
  return livemodeOf.get(request) ?? null;
}

async function countKey(request: Request, cost: number): Promise<ApiCaller | null> {
  const { caller, key } = await identify(request);
  if (key && caller) {
    livemodeOf.set(request, caller.livemode);
    rateLimitOf.set(request, await takeAccountRequests(caller.user.id, cost));
    costOf.set(request, cost);
  }
  return caller;
}

/** The client address of an API request, as the route wrapper handed it on (limitAnonymousCaller). */
const clientAddressOf = new WeakMap<Request, string>();

/** A Bearer credential that does not check out: counted against the client's address, then the 401. */
function invalidCredential(request: Request): UnauthorizedError {
  const address = clientAddressOf.get(request);
  if (address) countInvalidCredential(address);
  return withErrorCode(new UnauthorizedError(API_AUTH_MESSAGES.invalidCredential), "invalid_credential");
}

const costOf = new WeakMap<Request, number>();

/** A keyed request answered 304 is free: what it took goes back to the account's budget. */
export async function giveBackIfNotModified(request: Request, status: number) {
  if (status !== 304) return;
  const cost = costOf.get(request);
  const caller = await callerOf.get(request)?.catch(() => null);
  if (!cost || !caller) return;
  costOf.delete(request);
  giveBackAccountRequests(caller.user.id, cost);
  const state = rateLimitOf.get(request);
  if (state) rateLimitOf.set(request, { ...state, remaining: Math.min(state.limit, state.remaining + cost) });
}

async function identifyApiCaller(request: Request): Promise<Identity> {
  const bearer = readBearer(request);
  const address = clientAddressOf.get(request);
  if (bearer && address) assertCredentialAttemptsLeft(address);
  if (bearer && isApiKeyShaped(bearer)) {
    const grant = await verifyApiKeyGrant(bearer).catch((error: unknown) => {
      // An expired key is a credential that does not check out: counted as one, answered with its own words.
      if (address) countInvalidCredential(address);
      throw error;
    });
    if (!grant) throw invalidCredential(request);
    // The address the rate limiter keys by (TRUST_PROXY decides how far X-Forwarded-For is believed).
    const from = address ?? UNKNOWN_CLIENT;
    if (!addressAllowed(grant.allowedAddresses, from))
      throw withErrorCode(new ForbiddenError(API_KEY_OPTION_MESSAGES.addressNotAllowed(from)), "address_not_allowed");
    const caller: ApiCaller = {
      user: grant.user,
      via: "api_key",
      viaApiKey: true,
      scopes: grant.scopes,
      livemode: grant.livemode,
    };
    return { caller, key: bearer };
  }
  const user = await getSessionUser(request);
  if (!user) {
    if (bearer) throw invalidCredential(request);
    return { caller: null, key: null };
  }
  return { caller: { user, via: "session", viaApiKey: false, scopes: API_KEY_SCOPES, livemode: true }, key: null };
}

/**
 * Counts a request that turns out to have no caller (no credential, or a stale cookie) against its client address;
 * past the anonymous limit this throws the 429. A credential that does not check out is the 401 before any count.
 */
export async function limitAnonymousCaller(request: Request, address: string): Promise<void> {
  if (!clientAddressOf.has(request)) clientAddressOf.set(request, address);
  if (request.method === "OPTIONS" || anonymousRateOf.has(request)) return;
  if ((await identify(request)).caller) return;
  const state = takeAnonymousRequest(address);
  if (state) anonymousRateOf.set(request, state);
}

export async function requireApiCaller(request: Request, scope: ApiScope = "read", cost = 1): Promise<ApiCaller> {
  const caller = await resolveApiCaller(request, scope, cost);
  if (!caller) throw new UnauthorizedError(API_AUTH_MESSAGES.required);
  return caller;
}
