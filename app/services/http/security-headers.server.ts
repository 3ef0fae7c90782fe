import { getEnv, isProduction } from "~/env.server";

/** Content-Security-Policy plus the usual hardening headers, applied to every document and data response. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  const tileOrigin = tileServerOrigin();
  const dev = !isProduction();
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ""}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  headers.set("Content-Security-Policy", directives.join("; "));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  const hsts = strictTransportSecurity();
  if (hsts) headers.set("Strict-Transport-Security", hsts);
  return headers;
}

/**
 * HSTS for a site served over https (PUBLIC_URL says so), whatever the environment: browsers then never try plain
 * http again. The production server sets it on every answer (static files and API included), the app on its own.
 */
export function strictTransportSecurity(): string | null {
  return getEnv().PUBLIC_URL.startsWith("https://") ? "max-age=63072000; includeSubDomains" : null;
}

function tileServerOrigin() {
  const url = getEnv().MAP_TILE_URL;
  if (!url) return undefined;
  try {
    return new URL(url.replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return undefined;
  }
}

/** Headers every resource route answer carries (feeds, PDFs, health): no sniffing, no framing. */
export function applyResourceHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return headers;
}

/** Wraps a resource route's loader or action so its Response (returned or thrown) gets applyResourceHeaders. */
export function resourceHandler<A extends unknown[]>(handler: (...args: A) => Response | Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      const response = await handler(...args);
      applyResourceHeaders(response.headers);
      return response;
    } catch (thrown) {
      if (thrown instanceof Response) applyResourceHeaders(thrown.headers);
      throw thrown;
    }
  };
}
