/** Newsletter subscription with double opt-in. Pure. */
import { z } from "zod";
import { field } from "../../forms/validation";

export const NEWSLETTER_MESSAGES = {
  /** Shown when the answer has no message, and when a failure names no e-mail error. */
  error: "Error has occured!",
  confirmSent: "Thank you! We have sent you an e-mail: click the link in it to confirm your subscription.",
  alreadyConfirmed: "You are already subscribed to our newsletter. Thank you!",
  confirmed: "Your subscription is confirmed. Welcome to our newsletter!",
  alreadyConfirmedLink: "Your subscription was already confirmed. Nothing else to do.",
  invalidToken: "This confirmation link is not valid. Subscribe again to receive a new one.",
  expiredToken: "This confirmation link has expired. Subscribe again to receive a new one.",
} as const;

/** Form id of the subscribe forms; no-JavaScript errors come back under it. */
export const NEWSLETTER_FORM_ID = "newsletter";

/** Confirmation links stay valid for a week. */
export const CONFIRM_TOKEN_TTL_HOURS = 7 * 24;

/** Body of `POST /api/v1/blog/newsletter/subscribe/` and the subscribe forms. */
export const NewsletterSchema = z.object({
  email: field.email(),
  first_name: field.optionalText(100),
});

/** How the subscribe box turns an API answer into a message. */
export function newsletterResultMessage(ok: boolean, body: unknown): { success: boolean; message: string } {
  const data = (typeof body === "object" && body !== null ? body : {}) as {
    message?: unknown;
    error?: unknown;
    field?: unknown;
    email?: unknown;
  };
  if (ok) {
    return typeof data.message === "string" && data.message
      ? { success: true, message: data.message }
      : { success: false, message: NEWSLETTER_MESSAGES.error };
  }
  if (Array.isArray(data.email) && typeof data.email[0] === "string") return { success: false, message: data.email[0] };
  if (data.field === "email" && typeof data.error === "string") return { success: false, message: data.error };
  return { success: false, message: NEWSLETTER_MESSAGES.error };
}
