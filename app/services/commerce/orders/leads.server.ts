/** Leads: a prospective purchase (an uploaded portfolio or one postal address) that orders attach to. */
import { eq } from "drizzle-orm";
import { leads, type Lead } from "#db/schema/index";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { getDb } from "../../infra/db.server";
import { NotFoundError } from "../../http/errors.server";

export interface CreateLeadInput {
  userId: string | null;
  kind: "portfolio" | "single_location";
  /** For a portfolio: the upload id. */
  reference?: string | null;
  postalAddress?: string | null;
  lat?: number | null;
  lon?: number | null;
}

export async function createLead(input: CreateLeadInput): Promise<{ leadId: number }> {
  const db = await getDb();
  const [row] = await db
    .insert(leads)
    .values({
      userId: input.userId,
      kind: input.kind,
      reference: input.reference ?? null,
      postalAddress: input.postalAddress ?? null,
      lat: input.lat ?? null,
      lon: input.lon ?? null,
    })
    .returning({ id: leads.id });
  return { leadId: row!.id };
}

export async function getLead(leadId: number): Promise<Lead | null> {
  const db = await getDb();
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row ?? null;
}

export async function requireLead(leadId: number): Promise<Lead> {
  const lead = await getLead(leadId);
  if (!lead) throw new NotFoundError(COMMERCE_MESSAGES.leadNotFound);
  return lead;
}
