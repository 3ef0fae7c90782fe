/**
 * The named-key operations of the OpenAPI document (/v1/keys) and the words of the `apiKey` security scheme. Kept
 * apart so each subject's operations live in a file of their own.
 */
import {
  API_KEY_ROTATION_OVERLAP_TEXT,
  API_KEY_SCOPE_TEXT,
  API_KEY_SCOPES,
  MAX_ACTIVE_API_KEYS,
} from "../keys/api-keys";
import { API_KEY_MAX_EXPIRY_DAYS, LIVEMODE_HEADER } from "../keys/key-options";
import { API_PATHS } from "../api-paths";
import * as keys from "../../api-contract/keys";
import type { ErrorStatus } from "../../api-contract/common";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";

export const API_KEY_SCHEME_TEXT = [
  "A PREMIUM API key (crk_…) in `Authorization: Bearer`. An account may hold several named keys, each with scopes; an operation's security names the scope it needs:",
  ...API_KEY_SCOPES.map((s) => `- \`${s}\`: ${API_KEY_SCOPE_TEXT[s]}`),
  "A key never creates, rotates or revokes keys: that needs the user's own session. A key reads exactly what its account's dashboard shows.",
  "",
  "A key may be created with:",
  `- an expiry (expires_at, or expires_in_days up to ${API_KEY_MAX_EXPIRY_DAYS}): past it, every call is a 401 \`key_expired\` that names when it ended;`,
  "- allowed addresses (IPv4/IPv6 addresses or CIDR ranges): a call from any other client address is a 403 `address_not_allowed` that names the address. The address is the one the rate limits key by: the TCP peer, or behind the proxies the server trusts the client they forward for;",
  `- test mode (crk_test_… keys): it reads every score a live key reads; buying, paying and billing are a 403 \`test_mode_key\`, so nothing is spent or charged. Every answer to a key carries \`${LIVEMODE_HEADER}: true\` or \`false\`.`,
].join("\n");

const SESSION_ONLY_TEXT =
  "Needs the user's own session (cookie or Bearer session token), never an API key: a leaked key cannot replace itself or lock its owner out.";
const PREMIUM_ONLY_TEXT =
  "Answers 403 'Only users with the PREMIUM Subscription Plan can use this option' for other plans.";

/** A creation may be retried safely: the same Idempotency-Key and body replay the first answer, without the secret. */
const createIdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(8).max(200).optional().openapi({
    description:
      "Optional, 8-200 letters, digits or - _ : . chosen by the client: a retry with the same key and body creates nothing and answers the same key's record with `key` null (the secret is shown once and never stored; if the first answer was lost, revoke or rotate that key by its id); the same key with another body answers 422 idempotency_key_reused. An `idempotency_key` body field is accepted instead.",
    example: "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e",
  }),
});

/** A caller refused (401/403) or over a key's rate (429). */
const SIGNED_IN_ERRORS: ErrorStatus[] = [401, 403, 429];
const idParams = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ description: "The key's id, from GET /v1/keys.", example: "5b0f3c52-6a1e-4c43-9d3e-2f0d6c1a7b90" }),
});

export function apiKeyOperations(): ApiOperation[] {
  return [
    {
      id: "apiKeysList",
      method: "get",
      path: API_PATHS.apiKeys,
      tag: "Account",
      summary: "API keys of the account",
      description:
        "Every live key, oldest first: name, prefix, scopes, created, last used (to the minute) and, for a rotated key still in its overlap, when it stops working. Never a key itself.",
      access: "required",
      response: { schema: keys.ApiKeysListResponse, description: "The live keys." },
      errors: SIGNED_IN_ERRORS,
    },
    {
      id: "apiKeysCreate",
      method: "post",
      path: API_PATHS.apiKeys,
      tag: "Account",
      summary: "Create a named API key (PREMIUM only)",
      description: `The key is in this answer only; it is stored hashed. Up to ${MAX_ACTIVE_API_KEYS} current keys per account (409 beyond, and for a name a current key already has). Optionally an expiry, the client addresses it may be used from, and test mode (see the apiKey scheme); a bad field is a 400 naming it in \`field\`. ${SESSION_ONLY_TEXT} ${PREMIUM_ONLY_TEXT}`,
      access: "session",
      headers: createIdempotencyHeaders,
      body: { schema: keys.CreateApiKeyBody, types: ["application/json", "application/x-www-form-urlencoded"] },
      response: {
        schema: keys.ApiKeyCreatedResponse,
        description: "The new key, shown once (`key` null in an answer replayed for a repeated Idempotency-Key).",
      },
      errors: [400, 401, 403, 409, 413, 415, 422, 429],
    },
    {
      id: "apiKeysRevoke",
      method: "delete",
      path: API_PATHS.apiKeyItem("{id}"),
      tag: "Account",
      summary: "Revoke an API key",
      description: `The key stops working at once (a rotated key in its overlap too). ${SESSION_ONLY_TEXT}`,
      access: "session",
      params: idParams,
      response: { schema: keys.ApiKeyRevokedItemResponse, description: "The revoked key." },
      errors: [...SIGNED_IN_ERRORS, 404],
    },
    {
      id: "apiKeysRotate",
      method: "post",
      path: API_PATHS.apiKeyRotate("{id}"),
      tag: "Account",
      summary: "Rotate an API key",
      description: `A new key with the same name, scopes, expiry, allowed addresses and mode, shown once; the old key keeps working for ${API_KEY_ROTATION_OVERLAP_TEXT} (its expires_at), then stops. A key already rotated answers 409: rotate the key that replaced it. ${SESSION_ONLY_TEXT} ${PREMIUM_ONLY_TEXT}`,
      access: "session",
      params: idParams,
      response: { schema: keys.ApiKeyCreatedResponse, description: "The new key, shown once." },
      errors: [...SIGNED_IN_ERRORS, 404, 409],
    },
  ];
}

export const registerApiKeyPaths: RegisterPaths = (add) => add(...apiKeyOperations());
