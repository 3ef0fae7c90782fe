/**
 * The rules of webhooks, pure: the events an endpoint may subscribe to, what a target URL may look like, how a
 * delivery is signed and how often it is tried. Read by the webhook service, the API document and the account page.
 */

export const WEBHOOK_EVENTS = ["dataset.published"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_TEXT: Record<WebhookEvent, string> = {
  "dataset.published":
    "A new hazard dataset version is served: sent once per version, when the first server instance starts with it.",
};

/** The request header that carries a delivery's signature, as `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = "Climate-Risk-Signature";
export const WEBHOOK_EVENT_HEADER = "Climate-Risk-Event";
export const WEBHOOK_DELIVERY_HEADER = "Climate-Risk-Delivery";
/** A receiver should refuse a signature older than this: a replayed delivery then fails. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Characters of a secret shown after it was created: names it without revealing it. */
export const WEBHOOK_SECRET_HINT_LENGTH = 10;

export const WEBHOOK_SIGNATURE_TEXT = `Every delivery is a POST with a JSON body and the header \`${WEBHOOK_SIGNATURE_HEADER}: t=<timestamp>,v1=<signature>\`: <timestamp> is the Unix time in seconds when it was sent, <signature> the lower-case hex HMAC-SHA256, keyed with the endpoint's secret (the whole \`${WEBHOOK_SECRET_PREFIX}…\` string as UTF-8), of \`<timestamp>.<body>\` (the timestamp, a full stop, then the raw body bytes as received). To verify: split the header on commas, compute the HMAC of the timestamp, ".", and the raw body, compare it with v1 in constant time, and refuse a timestamp more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS} s from your clock. Answer 2xx within 10 s; anything else is retried.`;

/** How long one delivery attempt may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Waits after the 1st, 2nd, … failed attempt; after the last the delivery is marked failed. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 120, 600, 3_600, 6 * 3_600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** Seconds until the next try after `failedAttempts` failures; null when the delivery has failed for good. */
export function nextWebhookRetrySeconds(failedAttempts: number): number | null {
  return failedAttempts >= WEBHOOK_MAX_ATTEMPTS ? null : WEBHOOK_RETRY_DELAYS_SECONDS[failedAttempts - 1]!;
}

export const WEBHOOK_RETRY_TEXT = `A delivery that does not get a 2xx is tried again after ${WEBHOOK_RETRY_DELAYS_SECONDS.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(", ")}; after ${WEBHOOK_MAX_ATTEMPTS} attempts it is marked failed.`;

export const MAX_WEBHOOK_ENDPOINTS = 5;
export const WEBHOOK_URL_MAX = 2_048;
export const WEBHOOK_DESCRIPTION_MAX = 100;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Give the endpoint's URL, e.g. https://example.com/hooks/climate-risk",
  urlInvalid: "The endpoint must be an absolute https:// URL without a user name or password",
  urlTooLong: `An endpoint URL is at most ${WEBHOOK_URL_MAX} characters`,
  privateTarget:
    "The endpoint must be reachable on the public internet: private, loopback and link-local addresses are refused",
  unresolvable: "The endpoint's host name does not resolve",
  unknownEvent: `Events are ${WEBHOOK_EVENTS.join(", ")}`,
  descriptionTooLong: `A description is at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  tooMany: `An account may register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`,
  notFound: "No webhook endpoint with this id on this account",
} as const;

/**
 * The URL's shape: absolute, https (plain http only where private targets are allowed: a test's local receiver),
 * no credentials. Whether its host is public is the service's check (it resolves the name).
 */
export function checkWebhookUrl(
  raw: unknown,
  allowPrivate: boolean,
): { url: URL } | { error: (typeof WEBHOOK_MESSAGES)[keyof typeof WEBHOOK_MESSAGES] } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) return { error: WEBHOOK_MESSAGES.urlRequired };
  if (text.length > WEBHOOK_URL_MAX) return { error: WEBHOOK_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: WEBHOOK_MESSAGES.urlInvalid };
  }
  const schemeOk = url.protocol === "https:" || (allowPrivate && url.protocol === "http:");
  if (!schemeOk || url.username || url.password || !url.hostname) return { error: WEBHOOK_MESSAGES.urlInvalid };
  url.hash = "";
  return { url };
}

/** The events asked for: every known one when none is named; an unknown one is refused. */
export function checkWebhookEvents(raw: unknown): { events: WebhookEvent[] } | { error: string } {
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
    return { events: [...WEBHOOK_EVENTS] };
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.some((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e)))
    return { error: WEBHOOK_MESSAGES.unknownEvent };
  return { events: WEBHOOK_EVENTS.filter((e) => list.includes(e)) };
}

/** A secret as listed after creation: its first characters and an ellipsis. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, WEBHOOK_SECRET_HINT_LENGTH)}…`;
}
