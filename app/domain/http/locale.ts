/**
 * Locale: the product speaks English only, with no locale prefix in its routes. The locale cookie
 * remembers the choice for 365 days; links from localised sites (/fr/pricing, /en-gb/about) are redirected to the
 * one English page, and the locale redirect cookie records the locale the visitor asked for.
 */
export const SITE_LOCALE = "en";
export const LOCALE_COOKIE_NAME = "locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const LOCALE_REDIRECT_COOKIE_NAME = "locale_redirect";

/** Locale prefixes that links from localised sites use; the product has no other real path of this shape. */
const LOCALE_PREFIX = /^\/(en|fr|de|es|it|ru)(?:-([a-z]{2}))?(?=\/|$)/i;

/** "/fr/pricing?x=1" -> { locale: "fr", path: "/pricing?x=1" }; null when the path carries no locale prefix. */
export function stripLocalePrefix(pathWithQuery: string): { locale: string; path: string } | null {
  const m = LOCALE_PREFIX.exec(pathWithQuery);
  if (!m) return null;
  const rest = pathWithQuery.slice(m[0].length);
  const path = rest.startsWith("/") ? rest : `/${rest}`;
  // "//evil.example" after the prefix must stay on this site.
  return {
    locale: m[2] ? `${m[1]!.toLowerCase()}-${m[2].toUpperCase()}` : m[1]!.toLowerCase(),
    path: path.replace(/^\/{2,}/, "/"),
  };
}
