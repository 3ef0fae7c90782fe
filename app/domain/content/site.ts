/** Site-wide constants used by layouts, meta tags and e-mails. */
export const SITE_NAME = "ClimateRisk";
export const SITE_TAGLINE = "Physical climate risk scores for any inland location";
export const OFFICES_TEXT = "London - Paris";

export type DocumentKind = "methodology" | "technical-documentation" | "pricing";

export type MenuItem =
  | { label: string; to: string; newTab?: boolean }
  | { label: string; document: DocumentKind };

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

/** Public header menu, in the product's order. */
export const HEADER_MENU: (MenuItem | MenuGroup)[] = [
  { label: "Home", to: "/" },
  {
    label: "Services",
    items: [
      { label: "Access platform free", to: "/dashboard" },
      { label: "Products", to: "/products" },
      { label: "Detailed flood maps", to: "/products/flood-map" },
      { label: "Methodology", document: "methodology" },
      { label: "Technical documentation", document: "technical-documentation" },
      { label: "Pricing", document: "pricing" },
    ],
  },
  { label: "Api", to: "/api" },
  { label: "Technology", to: "/technology" },
  {
    label: "Company",
    items: [
      { label: "Contact", to: "/contact" },
      { label: "About", to: "/about" },
      { label: "Team", to: "/team" },
      { label: "Blog", to: "/blog" },
    ],
  },
  { label: "FAQ", to: "/faq" },
];

export const HEADER_BUTTONS = [
  { label: "Free Scan", to: "/dashboard" },
  { label: "Book a call", to: "/dashboard" },
] as const;

/** Open-data partners whose work the scores are built on. */
export const PARTNER_SITES = [
  { label: "Natural Earth", href: "https://www.naturalearthdata.com/" },
  { label: "GeoNames", href: "https://www.geonames.org/" },
] as const;

export interface SocialLink {
  label: string;
  href: string;
}

export const SOCIAL_LINKS_FORMAT = "SOCIAL_LINKS must be Label=https://… pairs separated by commas";

/**
 * The company's own pages, from SOCIAL_LINKS ("LinkedIn=https://www.linkedin.com/company/x,GitHub=https://github.com/x").
 * Unset: no social links at all, rather than links to the networks' home pages. Throws on a malformed value.
 */
export function parseSocialLinks(raw: string | undefined): SocialLink[] {
  if (!raw || !raw.trim()) return [];
  return raw.split(",").map((pair) => {
    const at = pair.indexOf("=");
    const label = pair.slice(0, at).trim();
    const href = pair.slice(at + 1).trim();
    if (at < 1 || !label || !/^https:\/\/[^\s]+$/.test(href)) throw new Error(SOCIAL_LINKS_FORMAT);
    return { label, href };
  });
}

export const LEGAL_LINKS = [
  { label: "Privacy Policy", to: "/privacy_policy" },
  { label: "Terms & Conditions", to: "/terms", newTab: true },
  { label: "Cookies Policy", to: "/cookies_policy" },
] as const;

export function isGroup(item: MenuItem | MenuGroup): item is MenuGroup {
  return "items" in item;
}

/** Query parameter that opens the e-mail collection modal for a document, with or without JavaScript. */
export const DOCUMENT_QUERY_PARAM = "document";
/** Query parameters that open the newsletter form, the cookie settings and the sign-in panel on a public page. */
export const NEWSLETTER_QUERY = "newsletter";
export const COOKIE_SETTINGS_QUERY = "cookie-settings";
export const AUTH_QUERY = "auth";

export function documentModalHref(pathname: string, document: DocumentKind) {
  return `${pathname}?${DOCUMENT_QUERY_PARAM}=${document}`;
}
