/** Who is calling the JSON API: the session cookie, a Bearer session token or a Bearer API key. */
import { enforceApiKeyRateLimit } from "./api-key-rate-limit.server";
import { isApiKeyShaped, verifyApiKey } from "./api-keys.server";
import type { AccessCaller } from "./entitlements.server";
import { UnauthorizedError } from "./errors.server";
import { getSessionUser, type SessionUser } from "./session.server";

export interface ApiCaller extends AccessCaller {
  user: SessionUser;
  via: "session" | "api_key";
}

export const API_AUTH_MESSAGES = {
  invalidCredential: "The Authorization header holds an unknown, revoked or expired token or API key",
  required: "Authentication required: send the session cookie or Authorization: Bearer <token or API key>",
} as const;

export function readBearer(request: Request): string | null {
  return request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * null for an anonymous request. A Bearer credential that does not check out is a 401 rather than a silent
 * downgrade to anonymous, so a client with a wrong key learns it at once. A stale cookie just means anonymous.
 */
export async function resolveApiCaller(request: Request): Promise<ApiCaller | null> {
  const bearer = readBearer(request);
  if (bearer && isApiKeyShaped(bearer)) {
    const user = await verifyApiKey(bearer);
    if (!user) throw new UnauthorizedError(API_AUTH_MESSAGES.invalidCredential);
    await enforceApiKeyRateLimit(bearer);
    return { user, via: "api_key", viaApiKey: true };
  }
  const user = await getSessionUser(request);
  if (!user) {
    if (bearer) throw new UnauthorizedError(API_AUTH_MESSAGES.invalidCredential);
    return null;
  }
  return { user, via: "session", viaApiKey: false };
}

export async function requireApiCaller(request: Request): Promise<ApiCaller> {
  const caller = await resolveApiCaller(request);
  if (!caller) throw new UnauthorizedError(API_AUTH_MESSAGES.required);
  return caller;
}
