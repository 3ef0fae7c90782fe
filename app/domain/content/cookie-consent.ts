/** Cookie consent: categories and the consent cookie's value format. */
export const CONSENT_COOKIE_NAME = "cookie_consent";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const CONSENT_CATEGORIES = [
  { id: "necessary", label: "Necessary", description: "Sign-in, security and this consent choice. Always on.", required: true },
  { id: "analytics", label: "Analytics", description: "Anonymous usage statistics that help us improve the product.", required: false },
  { id: "marketing", label: "Marketing", description: "Measure our campaigns and show relevant offers.", required: false },
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]["id"];
export type Consent = Record<ConsentCategory, boolean>;

export const ACCEPT_ALL: Consent = { necessary: true, analytics: true, marketing: true };
export const NECESSARY_ONLY: Consent = { necessary: true, analytics: false, marketing: false };

/** Compact, readable cookie value, e.g. "v1:necessary,analytics". */
export function serializeConsent(consent: Consent): string {
  const granted = CONSENT_CATEGORIES.filter((c) => c.required || consent[c.id]).map((c) => c.id);
  return `v1:${granted.join(",")}`;
}

export function parseConsent(value: string | undefined | null): Consent | null {
  if (!value?.startsWith("v1:")) return null;
  const granted = new Set(value.slice(3).split(","));
  return {
    necessary: true,
    analytics: granted.has("analytics"),
    marketing: granted.has("marketing"),
  };
}
