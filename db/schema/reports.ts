import { bigint, customType, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Generated report files. The bytes live in the file store (app/services/file-storage): a folder under DATA_DIR,
 * PostgreSQL large objects or an S3 bucket; storage_path is the store's locator. Every store streams both ways,
 * which a bytea column would not allow for a 100k-row workbook without holding it whole in memory.
 */
export const reportFiles = pgTable(
  "report_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A ReportFileKind (domain/reports/types). */
    kind: text("kind").notNull(),
    /** The portfolio report, order or lead the file was made from. */
    sourceId: text("source_id"),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    storagePath: text("storage_path").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("report_files_user_idx").on(t.userId, t.createdAt), index("report_files_source_idx").on(t.sourceId)],
);

export type ReportFile = typeof reportFiles.$inferSelect;

const oid = customType<{ data: number; driverData: string }>({
  dataType: () => "oid",
  fromDriver: (value) => Number(value),
});

/** Large objects holding report files and when each was stored (the orphan sweep needs the time). */
export const reportFileObjects = pgTable("report_file_objects", {
  oid: oid("oid").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
