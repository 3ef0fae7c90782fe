/** Shared rules of the public (anonymous) forms: honeypot field and rate limits. Pure constants. */

/** A field hidden from people; a filled value marks the submission as automated. */
export const HONEYPOT_FIELD = "website";

/** Hidden field that tells an API route the post came from a page form without JavaScript: answer with a redirect. */
export const REDIRECT_FIELD = "_redirect";

export const PUBLIC_FORM_LIMIT = { perIp: 5, windowMinutes: 10 } as const;

export type PublicForm = "document" | "newsletter" | "contact";

export function rateLimitMessage(windowMinutes: number = PUBLIC_FORM_LIMIT.windowMinutes) {
  return `Too many requests from your connection. Please try again in ${windowMinutes} minutes.`;
}
