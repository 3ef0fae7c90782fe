import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Column index of each role of an upload besides latitude, longitude, id and name (absent: no such column). */
export interface UploadColumnRoles {
  value?: number | null;
  country?: number | null;
  address?: number | null;
  city?: number | null;
  postcode?: number | null;
  sector?: number | null;
  collateral?: number | null;
  carrying?: number | null;
  maturity?: number | null;
  stage?: number | null;
  impairment?: number | null;
}

/** An uploaded portfolio file: its detected columns and the preview answer. Visitors' uploads have no user. */
export const portfolioUploads = pgTable(
  "portfolio_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the access token handed to the uploader; the token itself is never stored. */
    accessTokenHash: text("access_token_hash").notNull().unique(),
    fileName: text("file_name").notNull(),
    fileKind: text("file_kind", { enum: ["csv", "xlsx"] }).notNull(),
    fileSha256: text("file_sha256").notNull(),
    fileBytes: integer("file_bytes").notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    numericColumns: jsonb("numeric_columns").$type<string[]>().notNull(),
    latColumn: integer("lat_column").notNull(),
    lonColumn: integer("lon_column").notNull(),
    nameColumn: integer("name_column"),
    idColumn: integer("id_column"),
    /** Columns of the other roles (value, country, address, city, postcode), by index, as detected or chosen. */
    columnRoles: jsonb("column_roles").$type<UploadColumnRoles>().notNull().default({}),
    swapped: boolean("swapped").notNull().default(false),
    weightColumn: text("weight_column"),
    /** ISO 4217 currency of the weighting column when it holds asset values: the disclosure's amounts are in it. */
    valueCurrency: text("value_currency"),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    leadId: text("lead_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portfolio_uploads_user_idx").on(t.userId)],
);

/** Every row of an upload, in order, gzip-compressed JSON chunks: the job streams them back one at a time. */
export const portfolioUploadChunks = pgTable(
  "portfolio_upload_chunks",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => portfolioUploads.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    rowCount: integer("row_count").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

export const REPORT_STATUSES = ["queued", "running", "done", "failed"] as const;

/**
 * A full report of an upload, built by a background job; progress counts processed rows. An upload has one first
 * report and, once the hazard dataset changes, at most one new assessment per dataset version.
 */
export const portfolioReports = pgTable(
  "portfolio_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => portfolioUploads.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weightColumn: text("weight_column"),
    /** The hazard dataset version the report is built with (the engine's, when it was queued). */
    datasetVersion: text("dataset_version"),
    /** For a new assessment at no cost: the report it was made from. With created_at and user_id, its audit record. */
    reassessedFrom: uuid("reassessed_from"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("queued"),
    processed: integer("processed").notNull().default(0),
    total: integer("total").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    files: jsonb("files").$type<{ kind: string; path: string; name: string; bytes: number }[]>(),
    error: text("error"),
    jobId: text("job_id"),
    /** The attempt that holds the report while it runs: its writes count only while it still holds it. */
    runId: uuid("run_id"),
    /** Database time of the holder's last sign of life (or of queueing): stale means the worker is gone. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("portfolio_reports_user_idx").on(t.userId),
    uniqueIndex("portfolio_reports_first_idx")
      .on(t.uploadId)
      .where(sql`${t.reassessedFrom} IS NULL`),
    uniqueIndex("portfolio_reports_reassessed_idx")
      .on(t.uploadId, t.datasetVersion)
      .where(sql`${t.reassessedFrom} IS NOT NULL`),
    index("portfolio_reports_upload_idx").on(t.uploadId, t.createdAt),
    index("portfolio_reports_unfinished_idx")
      .on(t.heartbeatAt)
      .where(sql`${t.status} IN ('queued', 'running')`),
    // Named as migration 0021 created it.
    foreignKey({
      name: "portfolio_reports_reassessed_from_fk",
      columns: [t.reassessedFrom],
      foreignColumns: [t.id],
    }).onDelete("set null"),
  ],
);

export type PortfolioUpload = typeof portfolioUploads.$inferSelect;
export type PortfolioReport = typeof portfolioReports.$inferSelect;

/** An upload being read right now: a lease its reader renews, so an account's cap holds across instances. */
export const uploadSlots = pgTable(
  "upload_slots",
  {
    id: uuid("id").primaryKey(),
    account: text("account").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("upload_slots_account_idx").on(t.account)],
);
