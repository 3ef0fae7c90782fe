import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What the start-up seed last wrote: when the fingerprint of its inputs is unchanged, the seed does nothing. */
export const seedState = pgTable("seed_state", {
  name: text("name").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});
