import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { LOCATION_KINDS } from "../../app/domain/commerce/entitlements";
import type { BillingInfoValue } from "../../app/domain/commerce/billing";
import type { SellerIdentity } from "../../app/domain/commerce/invoicing/invoice";
import { users } from "./accounts";

/** Append-only: each purchased package adds `amount` to what a user may order of `kind`. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LOCATION_KINDS }).notNull(),
    amount: integer("amount").notNull(),
    orderId: integer("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_ledger_user_idx").on(t.userId)],
);

/** The first answer to a request with a given key; a repeat replays it instead of running again. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    owner: text("owner").notNull(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    state: text("state", { enum: ["pending", "done"] })
      .notNull()
      .default("pending"),
    response: jsonb("response"),
    /** sha256 of the request's meaningful parameters: the same key with other parameters is refused. */
    requestHash: text("request_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "idempotency_keys_pk", columns: [t.owner, t.scope, t.key] })],
);

export const LEAD_KINDS = ["portfolio", "single_location"] as const;

export const leads = pgTable("leads", {
  id: serial("id").primaryKey(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  kind: text("kind", { enum: LEAD_KINDS }).notNull(),
  reference: text("reference"),
  postalAddress: text("postal_address"),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ORDER_KINDS = ["self_service", "packages", "upgrade"] as const;
export const ORDER_STATUSES = ["pending", "paid", "cancelled"] as const;

export interface OrderItemRecord {
  code: string;
  name: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  /** For data packages: the kind and number of locations it adds. */
  kind?: (typeof LOCATION_KINDS)[number];
  locations?: number;
}

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ORDER_KINDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    items: jsonb("items").$type<OrderItemRecord[]>().notNull().default([]),
    planCode: text("plan_code"),
    totalLocations: integer("total_locations"),
    validLocations: integer("valid_locations"),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    vatMinor: integer("vat_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    billingCountry: text("billing_country"),
    /** A location to order from the new allowance once paid (cart `pending`). */
    pendingLocation: text("pending_location"),
    provider: text("provider"),
    providerReference: text("provider_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("orders_user_idx").on(t.userId), index("orders_lead_idx").on(t.leadId)],
);

/**
 * A price given for unlocking a book's hexagons at point level: the hexagons quoted, which were missing, how the plan's
 * allowance and a purchase cover them. Bought at most once; the order it became opens the hexagons when paid.
 */
export const unlockQuotes = pgTable(
  "unlock_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hexagons: jsonb("hexagons").$type<string[]>().notNull(),
    missing: jsonb("missing").$type<string[]>().notNull(),
    allowanceUsed: integer("allowance_used").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("unlock_quotes_user_idx").on(t.userId), index("unlock_quotes_order_idx").on(t.orderId)],
);

/** One row per numbered document series; bumped in the transaction that issues the document, so numbers have no gaps. */
export const documentCounters = pgTable("document_counters", {
  name: text("name").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

export const invoices = pgTable(
  "invoices",
  {
    number: integer("number").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id"),
    totalMinor: integer("total_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** The seller and buyer as they were when the invoice was issued: an issued invoice never changes. */
    seller: jsonb("seller").$type<SellerIdentity>(),
    buyer: jsonb("buyer").$type<BillingInfoValue>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("invoices_order_unique").on(t.orderId)],
);

/** The proof of payment of an invoice; shares its number. */
export const receipts = pgTable("receipts", {
  number: integer("number")
    .primaryKey()
    .references(() => invoices.number, { onDelete: "restrict" }),
  orderId: integer("order_id").notNull(),
  userId: uuid("user_id"),
  totalMinor: integer("total_minor").notNull(),
  currency: text("currency").notNull().default("EUR"),
  provider: text("provider").notNull(),
  providerReference: text("provider_reference"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const billingInfo = pgTable("billing_info", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  appeal: text("appeal").notNull().default(""),
  email: text("email").notNull().default(""),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone").notNull().default(""),
  companyName: text("company_name").notNull().default(""),
  companyCountry: text("company_country").notNull().default(""),
  companyZip: text("company_zip").notNull().default(""),
  companyCity: text("company_city").notNull().default(""),
  companyStreet: text("company_street").notNull().default(""),
  companyVatNumber: text("company_vat_number").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only: the latest row is the current consent. A checkout writes one row per acceptance, tied to its order
 * (version, time and user: what a dispute needs).
 */
export const termsConsents = pgTable(
  "terms_consents",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accepted: boolean("accepted").notNull(),
    version: text("version").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("terms_consents_user_idx").on(t.userId), index("terms_consents_order_idx").on(t.orderId)],
);

export const supportRequests = pgTable("support_requests", {
  id: serial("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type Lead = typeof leads.$inferSelect;
