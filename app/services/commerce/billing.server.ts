/** Billing info (one row per user) and the terms consent history. */
import { desc, eq } from "drizzle-orm";
import { billingInfo, termsConsents } from "#db/schema/index";
import { EMPTY_BILLING, isBillingFilled, type BillingInfoValue } from "~/domain/commerce/billing";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { getDb } from "../infra/db.server";
import type { Executor } from "./ledger.server";

export async function getBillingInfo(
  userId: string,
  executor?: Executor,
): Promise<BillingInfoValue & { filled: boolean }> {
  const db = executor ?? (await getDb());
  const [row] = await db.select().from(billingInfo).where(eq(billingInfo.userId, userId));
  const value: BillingInfoValue = row
    ? {
        appeal: row.appeal,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        phone: row.phone,
        company: {
          name: row.companyName,
          country: row.companyCountry,
          zip: row.companyZip,
          city: row.companyCity,
          street: row.companyStreet,
          vat_number: row.companyVatNumber,
        },
      }
    : EMPTY_BILLING;
  return { ...value, filled: isBillingFilled(value) };
}

export async function saveBillingInfo(userId: string, v: BillingInfoValue) {
  const db = await getDb();
  const row = {
    appeal: v.appeal,
    email: v.email,
    firstName: v.first_name,
    lastName: v.last_name,
    phone: v.phone,
    companyName: v.company.name,
    companyCountry: v.company.country.toUpperCase(),
    companyZip: v.company.zip,
    companyCity: v.company.city,
    companyStreet: v.company.street,
    companyVatNumber: v.company.vat_number,
    updatedAt: new Date(),
  };
  await db
    .insert(billingInfo)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: billingInfo.userId, set: row });
  return getBillingInfo(userId);
}

export async function getTermsConsent(
  userId: string,
  executor?: Executor,
): Promise<{ terms_conditions: boolean; version: string | null; accepted_at: string | null; current_version: string }> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select()
    .from(termsConsents)
    .where(eq(termsConsents.userId, userId))
    .orderBy(desc(termsConsents.id))
    .limit(1);
  return {
    terms_conditions: Boolean(row?.accepted && row.version === TERMS_VERSION),
    version: row?.version ?? null,
    accepted_at: row ? row.createdAt.toISOString() : null,
    current_version: TERMS_VERSION,
  };
}

export async function setTermsConsent(userId: string, accepted: boolean) {
  const db = await getDb();
  await db.insert(termsConsents).values({ userId, accepted, version: TERMS_VERSION });
  return getTermsConsent(userId);
}
