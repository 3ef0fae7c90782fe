import { apiUrl } from "~/domain/api/api-paths";
import { API_OPERATIONS } from "~/domain/api/openapi";
import { apiJson } from "./api-response.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

function pathPattern(path: string) {
  return new RegExp(
    `^${apiUrl(path)
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\\?\{\w+\\?\}|\{\w+\}/g, "[^/]+")}$`,
  );
}
const KNOWN = API_OPERATIONS.map((op) => ({ pattern: pathPattern(op.path), method: op.method.toUpperCase() }));

/** The API's one 405: JSON, with the methods the path does take in Allow. */
export function apiMethodNotAllowed(request: Request, allow: readonly string[]) {
  const { pathname } = new URL(request.url);
  return apiJson(
    { ...API_ERROR_MARK, error: `Method ${request.method} is not allowed on ${pathname}` },
    { status: 405, headers: { Allow: allow.join(", ") } },
  );
}

/**
 * The `action` of a route that only reads: Remix sends every method but GET/HEAD to the action, and a route
 * without one would answer an HTML error page.
 */
export const getOnlyAction = ({ request }: { request: Request }) => apiMethodNotAllowed(request, ["GET"]);

/** A documented path asked with a method it does not take → 405 with Allow; anything else → 404. */
export function apiNotFoundOrNotAllowed(request: Request) {
  const { pathname } = new URL(request.url);
  const allowed = [
    ...new Set(KNOWN.filter((k) => k.pattern.test(pathname) || k.pattern.test(`${pathname}/`)).map((k) => k.method)),
  ];
  if (allowed.length && !allowed.includes(request.method)) return apiMethodNotAllowed(request, allowed);
  return apiJson({ ...API_ERROR_MARK, error: `No API endpoint at ${pathname}` }, { status: 404 });
}
