import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Double opt-in: a row exists from the first request; confirmedAt is set when the e-mailed link is opened. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    /** sha256 of the token in the confirmation link; the token itself is only in the e-mail. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_idx").on(t.email), index("newsletter_token_idx").on(t.confirmTokenHash)],
);

export const documentRequests = pgTable(
  "document_requests",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    documentId: text("document_id").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("document_requests_email_idx").on(t.email)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
