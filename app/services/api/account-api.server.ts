/** Response handlers of the signed-in JSON endpoints: available locations and the API key (both key paths). */
import { ApiKeyResponse, ApiKeyRevokedResponse, AvailableLocationsResponse } from "~/domain/api-contract/account";
import { apiAnswer, apiError, apiJson } from "./api-response.server";
import { requireApiCaller } from "./keys/api-auth.server";
import { describeApiKey, revokeApiKey, rotateApiKey } from "./keys/api-keys.server";
import { getAvailableLocations } from "../commerce/entitlements.server";

export async function availableLocationsLoader({ request }: { request: Request }) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(AvailableLocationsResponse, await getAvailableLocations(caller.user));
  } catch (error) {
    return apiError(error);
  }
}

/** GET: the default key's name; 404 when the user has none (a GET never creates one). */
export async function appKeyLoader({ request }: { request: Request }) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(ApiKeyResponse, { status: "ok", ...(await describeApiKey(caller.user)) });
  } catch (error) {
    return apiError(error);
  }
}

/**
 * POST rotates (the new key is shown once), DELETE revokes. Only a signed-in session may do either: a leaked key
 * must not be able to replace itself and lock its owner out.
 */
export async function appKeyAction({ request }: { request: Request }) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return apiJson({ error: `Method ${request.method} is not allowed` }, { status: 405, headers: { Allow: "GET, POST, DELETE" } });
  }
  try {
    const caller = await requireApiCaller(request, "keys");
    if (request.method === "POST") return apiAnswer(ApiKeyResponse, { status: "ok", ...(await rotateApiKey(caller.user)) });
    return apiAnswer(ApiKeyRevokedResponse, { status: "ok", revoked: await revokeApiKey(caller.user.id) });
  } catch (error) {
    return apiError(error);
  }
}
