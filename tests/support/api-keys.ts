/** API keys in tests: who a key stands for. */
import { verifyApiKeyGrant } from "~/services/api/keys/api-keys.server";
import type { SessionUser } from "~/services/auth/session.server";

/** The owner of a live key, or null (the grant's user, as the API's authentication reads it). */
export async function verifyApiKey(key: string): Promise<SessionUser | null> {
  return (await verifyApiKeyGrant(key))?.user ?? null;
}
