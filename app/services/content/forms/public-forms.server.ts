import { HONEYPOT_FIELD, PUBLIC_FORM_LIMIT, rateLimitMessage, type PublicForm } from "~/domain/content/forms/public-forms";
import { TooManyRequestsError } from "../../http/errors.server";
import { logger } from "../../infra/logger.server";
import { isLimited, recordEvent } from "../../http/rate-limit.server";

/** True when the hidden honeypot field was filled: the caller answers as if all went well and does nothing. */
export function isHoneypotFilled(values: Record<string, unknown>): boolean {
  const value = values[HONEYPOT_FIELD];
  if (typeof value === "string" && value.trim() !== "") {
    logger.info("public form honeypot filled; submission dropped");
    return true;
  }
  return false;
}

/** Counts one submission of a public form from this IP; throws once the window's allowance is used up. */
export async function guardPublicForm(form: PublicForm, ip: string) {
  const key = `public-form:${form}:${ip}`;
  if (await isLimited(key, PUBLIC_FORM_LIMIT.perIp, PUBLIC_FORM_LIMIT.windowMinutes)) {
    throw new TooManyRequestsError(rateLimitMessage(), PUBLIC_FORM_LIMIT.windowMinutes * 60);
  }
  await recordEvent(key);
}
