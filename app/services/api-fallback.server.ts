import { apiUrl } from "~/domain/api-paths";
import { API_OPERATIONS } from "~/domain/openapi";
import { apiJson } from "./api-response.server";

function pathPattern(path: string) {
  return new RegExp(`^${apiUrl(path).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}|\{\w+\}/g, "[^/]+")}$`);
}
const KNOWN = API_OPERATIONS.map((op) => ({ pattern: pathPattern(op.path), method: op.method.toUpperCase() }));

/** A documented path asked with a method it does not take → 405 with Allow; anything else → 404. */
export function apiNotFoundOrNotAllowed(request: Request) {
  const { pathname } = new URL(request.url);
  const allowed = [...new Set(KNOWN.filter((k) => k.pattern.test(pathname) || k.pattern.test(`${pathname}/`)).map((k) => k.method))];
  if (allowed.length && !allowed.includes(request.method)) {
    return apiJson({ error: `Method ${request.method} is not allowed on ${pathname}` }, { status: 405, headers: { Allow: allowed.join(", ") } });
  }
  return apiJson({ error: `No API endpoint at ${pathname}` }, { status: 404 });
}
