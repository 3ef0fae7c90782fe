/**
 * What the server can build a URL from. Node hands on any request line and Host header that parse as HTTP, but the
 * app needs `http://<host><path>`: a Host with spaces or a stray bracket, or a target that is not a path, would only
 * fail later, inside the app, as a 500.
 */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export type TargetVerdict =
  | { ok: true }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 204; allow: string };

export const BAD_HOST_MESSAGE = "The Host header is not a valid host name.";
export const BAD_TARGET_MESSAGE = "The request target must be a path starting with /.";
/** What `OPTIONS *` (a question about the server as a whole) is told. */
export const SERVER_METHODS = "GET, HEAD, POST, OPTIONS";

export function checkRequestTarget(method: string, url: string, host: string | undefined): TargetVerdict {
  if (method === "OPTIONS" && url === "*") return { ok: false, status: 204, allow: SERVER_METHODS };
  if (!url.startsWith("/")) return { ok: false, status: 400, message: BAD_TARGET_MESSAGE };
  if (host !== undefined && !HOST_PATTERN.test(host)) return { ok: false, status: 400, message: BAD_HOST_MESSAGE };
  return { ok: true };
}
