import { redirect } from "@remix-run/node";
import { serialize } from "cookie";
import {
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
  LOCALE_REDIRECT_COOKIE_NAME,
  SITE_LOCALE,
  stripLocalePrefix,
} from "~/domain/http/locale";
import { isProduction } from "~/env.server";

/** The locale cookie: the site's one locale, kept 365 days. */
export function localeCookie(): string {
  return serialize(LOCALE_COOKIE_NAME, SITE_LOCALE, {
    path: "/",
    sameSite: "lax",
    secure: isProduction(),
    maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
  });
}

/** A link with a locale prefix goes to the unprefixed page, setting the locale and the locale redirect cookies. */
export function localeRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const stripped = stripLocalePrefix(`${url.pathname}${url.search}`);
  if (!stripped) return null;
  const headers = new Headers();
  headers.append("Set-Cookie", localeCookie());
  // For this visit only: the locale the visitor asked for, so the page may say it is shown in English.
  headers.append(
    "Set-Cookie",
    serialize(LOCALE_REDIRECT_COOKIE_NAME, stripped.locale, { path: "/", sameSite: "lax", secure: isProduction() }),
  );
  return redirect(stripped.path, { status: 308, headers });
}
