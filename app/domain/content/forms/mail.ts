/** What kind of mail a message is: each kind to an outside address has its own per-recipient limit. */
export const MAIL_KINDS = ["signup", "password-reset", "document", "newsletter-confirmation", "contact-confirmation", "team", "purchase", "other"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * At most `perRecipient` messages of a kind to one address per window, whoever asks: a stranger cannot turn our
 * forms into a mail cannon aimed at a third party. `team` goes to our own mailbox and is limited per client instead.
 */
export const RECIPIENT_LIMITS: Partial<Record<MailKind, { perRecipient: number; windowMinutes: number }>> = {
  signup: { perRecipient: 3, windowMinutes: 60 },
  "password-reset": { perRecipient: 3, windowMinutes: 60 },
  document: { perRecipient: 6, windowMinutes: 60 },
  "newsletter-confirmation": { perRecipient: 3, windowMinutes: 60 },
  "contact-confirmation": { perRecipient: 3, windowMinutes: 60 },
  other: { perRecipient: 10, windowMinutes: 60 },
  // "purchase" has none: one confirmation per paid order, to the buyer's own billing address.
};

export const MAIL_MESSAGES = {
  recipientLimited: "We have already sent several e-mails to this address in the last hour. Please check the inbox (and the spam folder), or try again later.",
} as const;

/** Delivery attempts and the wait before each retry (seconds): about a day in all. */
export const MAIL_RETRY_DELAYS_SECONDS = [30, 120, 600, 1_800, 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_SECONDS.length + 1;

/** When the n-th failed attempt (1-based) should be retried; null once attempts are used up. */
export function nextRetryDelaySeconds(failedAttempts: number): number | null {
  return failedAttempts >= MAIL_MAX_ATTEMPTS ? null : MAIL_RETRY_DELAYS_SECONDS[failedAttempts - 1]!;
}

/** The outbox keeps at most this many delivered or stored messages, and none older than the retention. */
export const OUTBOX_RETENTION = { maxRows: 2_000, maxAgeDays: 30 } as const;
