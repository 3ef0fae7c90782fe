import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** When each user last closed the intro tour, and (DISCOVERY) the available locations they had then. */
export const introTours = pgTable("intro_tours", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  locationsFingerprint: text("locations_fingerprint"),
});
