import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { LOCATION_KINDS } from "../../app/domain/commerce/entitlements";
import { users } from "./accounts";

/** API keys: only the sha256 of the key is stored; `prefix` lets the owner recognise a key without revealing it. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    /** The owner's name for it; `default` is the key get_app_key reads and rotates. */
    name: text("name").notNull().default("default"),
    /** read always; billing also buys and changes billing (app/domain/api/keys/api-keys.ts). */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`'{read}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (API_KEY_LAST_USED_INTERVAL_MS). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Set when the key is rotated: it keeps working until then, so its scripts can move to the new key. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The end its owner chose at creation (kept by a rotation); null: no end of its own. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Client addresses or CIDR ranges the key may be used from; null: any. */
    allowedAddresses: text("allowed_addresses").array(),
    /** false for a test-mode key: it reads, never buys, pays or changes billing. */
    livemode: boolean("livemode").notNull().default(true),
  },
  (t) => [
    index("api_keys_user_idx").on(t.userId),
    // One current key per name, even when two creations or rotations race; a rotated key in its overlap is not current.
    uniqueIndex("api_keys_current_name_per_user")
      .on(t.userId, t.name)
      .where(sql`revoked_at is null and expires_at is null`),
  ],
);

/** report: a hexagon of a paid portfolio report, readable everywhere the report's figures are (never counted). */
export const ENTITLEMENT_SOURCES = ["order", "grant", "seed", "report"] as const;

/** Append-only ledger of the codes a user may read; a retried grant hits the unique key and changes nothing. */
export const locationEntitlements = pgTable(
  "location_entitlements",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LOCATION_KINDS }).notNull(),
    code: text("code").notNull(),
    source: text("source", { enum: ENTITLEMENT_SOURCES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("location_entitlements_user_kind_code").on(t.userId, t.kind, t.code)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type LocationEntitlement = typeof locationEntitlements.$inferSelect;
