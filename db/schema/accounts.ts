import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const plans = pgTable("plans", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceMinor: integer("price_minor").notNull(),
  currency: text("currency").notNull().default("EUR"),
  limitCountry: integer("limit_country").notNull(),
  limitRegion: integer("limit_region").notNull(),
  limitHexagon: integer("limit_hexagon").notNull(),
  apiAccess: boolean("api_access").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  planCode: text("plan_code")
    .notNull()
    .references(() => plans.code),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the token the browser holds; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_user_idx").on(t.userId)],
);

/**
 * A sign-up waiting for its e-mail address to be confirmed: the account is created only from the e-mailed link, so
 * sign-up answers the same whether or not the address already has an account. `id` is the hash of the link's token.
 */
export const signupRequests = pgTable(
  "signup_requests",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    redirectTo: text("redirect_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("signup_requests_email_idx").on(t.email)],
);

export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_key_time_idx").on(t.key, t.createdAt)],
);

/** API-key requests per key and minute window: one upsert counts a request and says how many are left. */
export const apiRateWindows = pgTable(
  "api_rate_windows",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    used: integer("used").notNull(),
  },
  (t) => [
    primaryKey({ name: "api_rate_windows_pk", columns: [t.bucket, t.windowStart] }),
    index("api_rate_windows_start_idx").on(t.windowStart),
  ],
);

export type MailAttachmentRecord = { filename: string; contentType: string; contentBase64: string };

/**
 * Every message is stored here first. With SMTP a worker claims due rows (`status` pending → sending → sent, retried
 * with backoff, `failed` after the last attempt); without SMTP the row stays `stored` for the outbox page.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments")
      .$type<MailAttachmentRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull().default("other"),
    replyTo: text("reply_to"),
    status: text("status", { enum: ["stored", "pending", "sending", "sent", "failed"] })
      .notNull()
      .default("stored"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Plan = typeof plans.$inferSelect;
