import { parse } from "cookie";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { TOAST_COOKIE_NAME } from "~/domain/forms/toast";

/** Browsers keep a public page a minute; shared caches (CDN, proxy) five minutes, serving it stale while refetching. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Cache headers for a public page. Shared caches may keep it for a minute only when the visitor carries nothing
 * that personalises the HTML (a session or a flashed toast); `Vary: Cookie` keeps the two kinds of answer apart.
 */
export function publicCacheHeaders(request: Request): Headers {
  const cookies = parse(request.headers.get("Cookie") ?? "");
  const personal = Boolean(cookies[SESSION_COOKIE_NAME] || cookies[TOAST_COOKIE_NAME]);
  return new Headers({ "Cache-Control": personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL, Vary: "Cookie" });
}

/**
 * A response that sets a cookie is never for a shared cache, whatever the route asked for: a public
 * Cache-Control there becomes `private, no-store`.
 */
export function withoutSharedCachingWhenSettingCookies(headers: Headers): Headers {
  if (headers.has("Set-Cookie") && /\bpublic\b|s-maxage/i.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  return headers;
}
