import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { newsletterSubscriptions } from "#db/schema/index";
import { CONFIRM_TOKEN_TTL_HOURS, NEWSLETTER_MESSAGES } from "~/domain/content/forms/newsletter";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { SITE_NAME } from "~/domain/content/site";
import { getEnv } from "~/env.server";
import { getDb } from "../../infra/db.server";
import { BadRequestError } from "../../http/errors.server";
import { sendMail } from "../../mail/mail.server";
import { guardPublicForm, isHoneypotFilled } from "./public-forms.server";
import { escapeHtml } from "~/utils/html";

export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function confirmUrl(token: string) {
  const url = new URL(NEWSLETTER_CONFIRM_PATH, getEnv().PUBLIC_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

export interface SubscribeInput {
  email: string;
  firstName: string;
  ip: string;
  honeypot?: unknown;
}

/**
 * Starts (or restarts) the double opt-in: stores the address unconfirmed and e-mails a confirmation link.
 * A confirmed address gets a friendly answer and no new mail.
 */
export async function subscribeToNewsletter(input: SubscribeInput): Promise<{ message: string; status: "confirmation_sent" | "already_confirmed" | "ignored" }> {
  if (isHoneypotFilled({ [HONEYPOT_FIELD]: input.honeypot })) return { message: NEWSLETTER_MESSAGES.confirmSent, status: "ignored" };
  await guardPublicForm("newsletter", input.ip);
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).limit(1);
  if (existing?.confirmedAt) return { message: NEWSLETTER_MESSAGES.alreadyConfirmed, status: "already_confirmed" };

  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const values = { confirmTokenHash: hashToken(token), confirmSentAt: now, updatedAt: now, firstName: input.firstName || existing?.firstName || "" };
  if (existing) await db.update(newsletterSubscriptions).set(values).where(eq(newsletterSubscriptions.id, existing.id));
  else
    await db
      .insert(newsletterSubscriptions)
      .values({ email, ...values })
      .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: values });

  const link = confirmUrl(token);
  const greeting = input.firstName ? `Hello ${input.firstName},` : "Hello,";
  await sendMail({
    to: email,
    subject: `Confirm your subscription to the ${SITE_NAME} newsletter`,
    kind: "newsletter-confirmation",
    text: [
      greeting,
      "",
      `Please confirm that you want to receive the ${SITE_NAME} newsletter by opening this link:`,
      link,
      "",
      `The link is valid for ${CONFIRM_TOKEN_TTL_HOURS / 24} days. If you did not ask for this, ignore this e-mail: you will not be subscribed.`,
    ].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p><p>Please confirm that you want to receive the ${SITE_NAME} newsletter:</p><p><a href="${link}">Confirm my subscription</a></p><p>The link is valid for ${CONFIRM_TOKEN_TTL_HOURS / 24} days. If you did not ask for this, ignore this e-mail: you will not be subscribed.</p>`,
  });
  return { message: NEWSLETTER_MESSAGES.confirmSent, status: "confirmation_sent" };
}

/** Marks the subscription confirmed. Opening the link twice is fine; unknown or stale links are refused. */
export async function confirmNewsletter(token: string | null | undefined): Promise<{ message: string; email: string }> {
  if (!token) throw new BadRequestError(NEWSLETTER_MESSAGES.invalidToken, "token");
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token))).limit(1);
  if (!row) throw new BadRequestError(NEWSLETTER_MESSAGES.invalidToken, "token");
  if (row.confirmedAt) return { message: NEWSLETTER_MESSAGES.alreadyConfirmedLink, email: row.email };
  const sentAt = row.confirmSentAt?.getTime() ?? 0;
  if (Date.now() - sentAt > CONFIRM_TOKEN_TTL_HOURS * 3_600_000) throw new BadRequestError(NEWSLETTER_MESSAGES.expiredToken, "token");
  const now = new Date();
  await db.update(newsletterSubscriptions).set({ confirmedAt: now, updatedAt: now }).where(eq(newsletterSubscriptions.id, row.id));
  return { message: NEWSLETTER_MESSAGES.confirmed, email: row.email };
}

