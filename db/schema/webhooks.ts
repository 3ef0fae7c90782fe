import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** An account's HTTPS endpoint for events. The secret signs deliveries, so it is kept (shown to its owner once). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * One event to one endpoint: the outbox a worker drains (claimed with FOR UPDATE SKIP LOCKED and a lease, as mail
 * is). The body is stored as sent, so every retry signs and sends the same bytes; (endpoint, event) is unique, so an
 * event reaches an endpoint once however many instances announce it.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "sending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** Dataset versions whose `dataset.published` event has been made: the first instance to insert a version announces it. */
export const datasetAnnouncements = pgTable("dataset_announcements", {
  version: text("version").primaryKey(),
  checksum: text("checksum").notNull(),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
