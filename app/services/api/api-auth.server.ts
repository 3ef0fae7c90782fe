/** Who is calling the JSON API: the session cookie, a Bearer session token or a Bearer API key. */
import type { RateLimitState } from "~/domain/api/api-limits";
import { takeApiKeyRequests } from "./api-key-rate-limit.server";
import { isApiKeyShaped, verifyApiKey } from "./api-keys.server";
import type { AccessCaller } from "../commerce/entitlements.server";
import { ForbiddenError, UnauthorizedError, withErrorCode } from "../http/errors.server";
import { getSessionUser, type SessionUser } from "../auth/session.server";

export interface ApiCaller extends AccessCaller {
  user: SessionUser;
  via: "session" | "api_key";
}

export const API_AUTH_MESSAGES = {
  invalidCredential: "The Authorization header holds an unknown, revoked or expired token or API key",
  required: "Authentication required: send the session cookie or Authorization: Bearer <token or API key>",
  outOfScope: "An API key may read data only: buying and changing billing need the user's own session",
} as const;

/**
 * What a call does: read data, buy (orders, payments, plan changes), or change billing. An API key sits in scripts
 * and servers, so a leaked one may read but never spend money or redirect invoices; a session may do everything.
 */
export type ApiScope = "read" | "purchase" | "billing";
const SCOPES_OF: Record<ApiCaller["via"], readonly ApiScope[]> = { api_key: ["read"], session: ["read", "purchase", "billing"] };

function assertScope(caller: ApiCaller | null, scope: ApiScope) {
  if (caller && !SCOPES_OF[caller.via].includes(scope)) throw withErrorCode(new ForbiddenError(API_AUTH_MESSAGES.outOfScope), "insufficient_scope");
}

export function readBearer(request: Request): string | null {
  return request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * null for an anonymous request. A Bearer credential that does not check out is a 401 rather than a silent
 * downgrade to anonymous, so a client with a wrong key learns it at once. A stale cookie just means anonymous.
 */
export async function resolveApiCaller(request: Request, scope: ApiScope = "read", cost = 1): Promise<ApiCaller | null> {
  let identified = callerOf.get(request);
  if (!identified) callerOf.set(request, (identified = identifyApiCaller(request, cost)));
  const caller = await identified;
  assertScope(caller, scope);
  return caller;
}

/**
 * One identification per request: a handler that asks twice (the riskdb wrapper, then the data function) neither
 * queries twice nor counts the request twice against the key's limit.
 */
const callerOf = new WeakMap<Request, Promise<ApiCaller | null>>();
const rateLimitOf = new WeakMap<Request, RateLimitState>();

/** What the key that made this request has left, once the request was counted; null without a key. */
export function rateLimitStateOf(request: Request): RateLimitState | null {
  return rateLimitOf.get(request) ?? null;
}

async function identifyApiCaller(request: Request, cost: number): Promise<ApiCaller | null> {
  const bearer = readBearer(request);
  if (bearer && isApiKeyShaped(bearer)) {
    const user = await verifyApiKey(bearer);
    if (!user) throw withErrorCode(new UnauthorizedError(API_AUTH_MESSAGES.invalidCredential), "invalid_credential");
    rateLimitOf.set(request, await takeApiKeyRequests(bearer, cost));
    return { user, via: "api_key", viaApiKey: true };
  }
  const user = await getSessionUser(request);
  if (!user) {
    if (bearer) throw withErrorCode(new UnauthorizedError(API_AUTH_MESSAGES.invalidCredential), "invalid_credential");
    return null;
  }
  return { user, via: "session", viaApiKey: false };
}

export async function requireApiCaller(request: Request, scope: ApiScope = "read", cost = 1): Promise<ApiCaller> {
  const caller = await resolveApiCaller(request, scope, cost);
  if (!caller) throw new UnauthorizedError(API_AUTH_MESSAGES.required);
  return caller;
}
