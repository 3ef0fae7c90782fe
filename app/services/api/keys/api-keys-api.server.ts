/** Response handlers of /v1/keys: list (a key may read), create, rotate and revoke (the user's own session only). */
import { API_KEY_MESSAGES, API_KEY_SCOPES } from "~/domain/api/keys/api-keys";
import { ApiKeyCreatedResponse, ApiKeyRevokedItemResponse, ApiKeysListResponse } from "~/domain/api-contract/keys";
import { apiAnswer, apiError } from "../api-response.server";
import { apiMethodNotAllowed } from "../api-fallback.server";
import { requireApiCaller } from "./api-auth.server";
import { createApiKey, listApiKeys, revokeApiKeyById, rotateApiKeyById } from "./api-keys.server";
import { BadRequestError } from "../../http/errors.server";
import { readBody } from "../../http/forms/form-flash.server";

type Args = { request: Request; params: Record<string, string | undefined> };

/** The scopes a JSON array or repeated form fields ask for; an unknown one is a 400 rather than silently dropped. */
function askedScopes(values: Record<string, unknown>, formData: FormData | null): string[] {
  const raw = formData ? formData.getAll("scopes").map(String) : values.scopes;
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((s) => !(API_KEY_SCOPES as readonly unknown[]).includes(s))) throw new BadRequestError(API_KEY_MESSAGES.unknownScope, "scopes");
  return raw as string[];
}

export async function apiKeysLoader({ request }: Args) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(ApiKeysListResponse, { status: "ok", keys: await listApiKeys(caller.user.id) });
  } catch (error) {
    return apiError(error);
  }
}

export async function apiKeysAction({ request }: Args) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["GET", "POST"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    const { values, formData } = await readBody(request);
    const created = await createApiKey(caller.user, { name: values.name, scopes: askedScopes(values, formData) });
    return apiAnswer(ApiKeyCreatedResponse, { status: "ok", ...created });
  } catch (error) {
    return apiError(error);
  }
}

export async function apiKeyItemAction({ request, params }: Args) {
  if (request.method !== "DELETE") return apiMethodNotAllowed(request, ["DELETE"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    return apiAnswer(ApiKeyRevokedItemResponse, { status: "ok", revoked: await revokeApiKeyById(caller.user.id, params.id ?? "") });
  } catch (error) {
    return apiError(error);
  }
}

export async function apiKeyRotateAction({ request, params }: Args) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    return apiAnswer(ApiKeyCreatedResponse, { status: "ok", ...(await rotateApiKeyById(caller.user, params.id ?? "")) });
  } catch (error) {
    return apiError(error);
  }
}

/** GET on a path that only takes DELETE or POST. */
export const onlyMethods = (allow: readonly string[]) => ({ request }: Args) => apiMethodNotAllowed(request, allow);
