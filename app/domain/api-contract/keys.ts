/** Answers and bodies of the named-key calls (/v1/keys): a key is shown in full only in the answer that made it. */
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_SCOPE_TEXT,
  API_KEY_ROTATION_OVERLAP_TEXT,
} from "../api/keys/api-keys";
import { ok } from "./common";
import { z, obj } from "./zod";

const Scope = z
  .enum(API_KEY_SCOPES)
  .openapi({ description: API_KEY_SCOPES.map((s) => `${s}: ${API_KEY_SCOPE_TEXT[s]}`).join(" ") });

const keyFields = {
  id: z
    .string()
    .uuid()
    .openapi({ description: "The key's id: DELETE /v1/keys/{id} revokes it, POST /v1/keys/{id}/rotate rotates it." }),
  name: z
    .string()
    .openapi({ description: "The owner's name for the key; `default` is the key get_app_key reads and rotates." }),
  prefix: z.string().openapi({ description: "crk_ and 8 characters: names the key without revealing it." }),
  scopes: z.array(Scope).openapi({ description: "What the key may do; read is always there." }),
  created_at: z.string().datetime(),
  last_used_at: z.string().datetime().regex(/:00Z$/).nullable().openapi({
    description:
      "When a call last used the key, to the minute (seconds always 00, e.g. 2026-11-26T02:00:00Z); null if never.",
  }),
  expires_at: z
    .string()
    .datetime()
    .nullable()
    .openapi({
      description: `A rotated key keeps working until this time (${API_KEY_ROTATION_OVERLAP_TEXT} after the rotation); null for a current key.`,
    }),
};

const example = {
  id: "5b0f3c52-6a1e-4c43-9d3e-2f0d6c1a7b90",
  name: "nightly export",
  prefix: "crk_Q2xpbWF0",
  scopes: ["read"] as ("read" | "billing")[],
  created_at: "2026-11-01T10:00:00.000Z",
  last_used_at: "2026-11-26T02:00:00Z",
  expires_at: null,
};

export const ApiKeyItem = obj(keyFields).openapi("ApiKeyItem", { example });

export const ApiKeysListResponse = obj({ status: ok, keys: z.array(ApiKeyItem) }).openapi("ApiKeysListResponse", {
  example: { status: "ok", keys: [example] },
});

export const ApiKeyCreatedResponse = obj({
  status: ok,
  key: z.string().openapi({ description: "The full key: shown in this answer only, stored hashed." }),
  ...keyFields,
}).openapi("ApiKeyCreatedResponse", {
  example: {
    status: "ok",
    key: "crk_Q2xpbWF0ZVJpc2tEZW1vS2V5Rm9yRG9jc09ubHkxMjM0NTY3",
    ...example,
    last_used_at: null,
  },
});

export const ApiKeyRevokedItemResponse = obj({ status: ok, revoked: ApiKeyItem }).openapi("ApiKeyRevokedItemResponse", {
  example: { status: "ok", revoked: example },
});

export const CreateApiKeyBody = z
  .object({
    name: z
      .string()
      .max(API_KEY_NAME_MAX)
      .openapi({
        description: `1-${API_KEY_NAME_MAX} letters, digits, spaces and - _ . :, unique among the account's current keys.`,
        example: "nightly export",
      }),
    scopes: z
      .array(Scope)
      .optional()
      .openapi({
        description: "read (default) and optionally billing; in a form, one scopes field per scope.",
        example: ["read"],
      }),
  })
  .openapi("CreateApiKeyBody");
