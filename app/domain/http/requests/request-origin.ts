/**
 * Cross-site request refusal (Origin / Fetch-Metadata). A browser always sends `Origin` or `Sec-Fetch-Site` on a
 * state-changing request, so a foreign value proves another site made the visitor's browser send it. Requests with
 * neither header (curl, API clients with a Bearer token) carry no ambient cookies worth forging and pass.
 */
export const CROSS_SITE_MESSAGE =
  "This request came from another website and was refused. Reload the page and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  /** The `Origin` request header, if any. */
  origin: string | null | undefined;
  /** The `Sec-Fetch-Site` request header, if any. */
  secFetchSite: string | null | undefined;
  /** The `Host` request header (host[:port]) the request was addressed to. */
  host: string | null | undefined;
  /** The site's configured public URL (PUBLIC_URL). */
  publicUrl: string;
}

export type OriginCheckResult = { allowed: true } | { allowed: false; reason: "cross-site" | "foreign-origin" };

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Host (with port) of an origin, lower-case; null when the origin is not a URL (e.g. the literal "null"). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export function checkRequestOrigin(input: OriginCheckInput): OriginCheckResult {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  const fetchSite = input.secFetchSite?.trim().toLowerCase();
  if (fetchSite === "cross-site") return { allowed: false, reason: "cross-site" };
  const origin = input.origin?.trim();
  if (!origin) return { allowed: true };
  // Same origin as the configured public URL (behind a proxy the Host may be an internal name).
  if (origin.toLowerCase() === originOf(input.publicUrl)?.toLowerCase()) return { allowed: true };
  // Same host as the request was addressed to (local runs, previews on another port).
  const originHost = hostOf(origin);
  const requestHost = input.host?.trim().toLowerCase();
  if (originHost && requestHost && originHost === requestHost) return { allowed: true };
  return { allowed: false, reason: "foreign-origin" };
}
