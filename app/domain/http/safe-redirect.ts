/**
 * The one normaliser for every post-action destination (`redirectTo`, `returnTo`, `_redirect`): a same-site path or
 * null. Anything a browser could resolve off-site is refused: schemes, `//` and `/\`, backslashes, tabs, CR/LF and
 * other control characters (browsers strip them: `/%09/evil.example` → `//evil.example`), in raw or percent-encoded
 * form. The answer is re-serialised by the URL parser, so it is always a valid ASCII header value.
 */
const BASE = "http://same-site.invalid";
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

export function normaliseRedirectPath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return null;
  const decoded = decodeFully(target);
  if (decoded === null) return null;
  for (const form of [target, decoded]) {
    if (!form.startsWith("/") || form.startsWith("//") || FORBIDDEN.test(form)) return null;
    // Browsers drop tabs and newlines anywhere; "/ /x" style tricks are refused as well.
    if (/^\/\s*[/\\]/.test(form)) return null;
  }
  // Dot segments can collapse into "//host" ("/..//evil.example" → "//evil.example"): resolve, then resolve the
  // answer once more, and keep it only when both stay on our origin.
  const path = resolveOnOrigin(target);
  if (path === null || resolveOnOrigin(decoded) === null) return null;
  return resolveOnOrigin(path) === path ? path : null;
}

function resolveOnOrigin(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
