/** Answers and bodies of the named-key calls (/v1/keys): a key is shown in full only in the answer that made it. */
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_SCOPE_TEXT,
  API_KEY_ROTATION_OVERLAP_TEXT,
} from "../api/keys/api-keys";
import {
  API_KEY_MAX_ALLOWED_ADDRESSES,
  API_KEY_MAX_EXPIRY_DAYS,
  API_KEY_MODES,
  LIVEMODE_HEADER,
} from "../api/keys/key-options";
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
  prefix: z.string().openapi({
    description: "crk_ (crk_test_ for a test-mode key) and 8 characters: names the key without revealing it.",
  }),
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
      description: `When the key stops working: the expiry chosen at its creation, or for a rotated key the end of its overlap (${API_KEY_ROTATION_OVERLAP_TEXT} after the rotation) if sooner; null for a key that does not expire. A call with a key past it is a 401 key_expired naming this time.`,
    }),
  rotated: z.boolean().openapi({
    description: "true once the key was rotated: it works on until expires_at; rotate the key that replaced it.",
  }),
  allowed_addresses: z.array(z.string()).nullable().openapi({
    description:
      "The IPv4/IPv6 addresses and CIDR ranges the key may be used from; null for any. A call from another address is a 403 address_not_allowed.",
  }),
  livemode: z.boolean().openapi({
    description: `false for a test-mode key (crk_test_…): it reads what a live key reads, and buying, paying or billing with it is a 403 test_mode_key. Every answer to a key carries the \`${LIVEMODE_HEADER}\` header with this value.`,
  }),
};

const example = {
  id: "5b0f3c52-6a1e-4c43-9d3e-2f0d6c1a7b90",
  name: "nightly export",
  prefix: "crk_Q2xpbWF0",
  scopes: ["read"] as ("read" | "billing")[],
  created_at: "2026-11-01T10:00:00.000Z",
  last_used_at: "2026-11-26T02:00:00Z",
  expires_at: "2027-11-01T10:00:00.000Z",
  rotated: false,
  allowed_addresses: ["203.0.113.0/24", "2001:db8::/32"],
  livemode: true,
};

export const ApiKeyItem = obj(keyFields).openapi("ApiKeyItem", { example });

export const ApiKeysListResponse = obj({ status: ok, keys: z.array(ApiKeyItem) }).openapi("ApiKeysListResponse", {
  example: { status: "ok", keys: [example] },
});

export const ApiKeyCreatedResponse = obj({
  status: ok,
  key: z.string().nullable().openapi({
    description:
      "The full key: shown in this answer only, stored hashed. null in an answer replayed for a repeated Idempotency-Key (the key is never stored): a client that lost the first answer revokes or rotates the key by its id.",
  }),
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
    expires_at: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({
        description: `When the key stops working: a future date and time with its offset, at most ${API_KEY_MAX_EXPIRY_DAYS} days ahead. Give this or expires_in_days, or neither for a key that does not expire.`,
        example: "2027-11-01T10:00:00Z",
      }),
    expires_in_days: z
      .number()
      .int()
      .min(1)
      .max(API_KEY_MAX_EXPIRY_DAYS)
      .optional()
      .openapi({ description: "The key stops working this many days from its creation.", example: 365 }),
    allowed_addresses: z
      .union([z.array(z.string()), z.string()])
      .optional()
      .openapi({
        description: `Up to ${API_KEY_MAX_ALLOWED_ADDRESSES} IPv4/IPv6 addresses or CIDR ranges the key may be used from (a list, or one string separated by commas or white space; in a form, a textarea or one field per entry); none: any address. The address is the client's as the rate limits see it (behind the proxies the server trusts, the X-Forwarded-For client). A bad entry is a 400 on field allowed_addresses naming it.`,
        example: ["203.0.113.0/24", "2001:db8::/32"],
      }),
    mode: z.enum(API_KEY_MODES).optional().openapi({
      description:
        "live (default) or test: a test-mode key (crk_test_…) reads every score a live key reads and never buys, pays or changes billing (403 test_mode_key); it holds the read scope only.",
      example: "live",
    }),
  })
  .openapi("CreateApiKeyBody");
