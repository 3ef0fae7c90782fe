import crypto from "node:crypto";
import { plans, portfolioUploads, users, type User } from "#db/schema/index";
import type { UploadLocationSummary } from "~/domain/commerce/orders";
import type { BillingInfoValue } from "~/domain/commerce/billing";
import { PLAN_DEFINITIONS, type PlanCode } from "~/domain/commerce/plans";
import type { Database } from "./database";
import { hashPassword } from "~/services/auth/password.server";

export async function upsertPlans(db: Database) {
  for (const plan of PLAN_DEFINITIONS) {
    const { code, ...rest } = plan;
    await db
      .insert(plans)
      .values({ code, ...rest })
      .onConflictDoUpdate({ target: plans.code, set: rest });
  }
}

export interface UserInput {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  planCode?: PlanCode;
  role?: User["role"];
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/** Creates a user; existing e-mail addresses are left untouched (returns undefined). */
export async function createUser(db: Database, input: UserInput = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email: (input.email ?? uniqueEmail()).toLowerCase(),
      passwordHash: await hashPassword(input.password ?? "Correct-horse-9"),
      firstName: input.firstName ?? "Test",
      lastName: input.lastName ?? "User",
      planCode: input.planCode ?? "DISCOVERY",
      role: input.role ?? "user",
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/**
 * A stored CSV upload whose own scan counted these rows (what a portfolio report is priced for).
 * @internal
 */
export async function createUpload(db: Database, summary: UploadLocationSummary, userId: string | null = null) {
  const [upload] = await db
    .insert(portfolioUploads)
    .values({
      userId,
      accessTokenHash: `hash-${crypto.randomBytes(8).toString("hex")}`,
      fileName: "assets.csv",
      fileKind: "csv",
      fileSha256: "0".repeat(64),
      fileBytes: 100,
      columns: ["lat", "lon"],
      numericColumns: ["lat", "lon"],
      latColumn: 0,
      lonColumn: 1,
      summary: { ...summary },
    })
    .returning();
  return upload!;
}

/**
 * A buyer's billing details as the billing form accepts them (France, no VAT number): what a purchase needs first.
 * @internal
 */
export function sampleBillingInfo(company: Partial<BillingInfoValue["company"]> = {}): BillingInfoValue {
  return {
    appeal: "",
    email: "ana@example.org",
    first_name: "Ana",
    last_name: "Lopez",
    phone: "+33 1 23 45 67 89",
    company: {
      name: "Acme SA",
      country: "FR",
      zip: "",
      city: "",
      street: "1 rue de Rivoli",
      vat_number: "",
      ...company,
    },
  };
}
