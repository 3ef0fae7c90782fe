/**
 * What the server can build a URL from. Node hands on any request line and Host header that parse as HTTP, but the
 * app needs `http://<host><path>`: a Host with spaces or a stray bracket, a target that is not a path, a path with a
 * `%` that starts no escape, or a method the Fetch API refuses to build a Request with (TRACE, TRACK) would only fail
 * later, inside the app, as a 500.
 */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export type TargetVerdict =
  | { ok: true }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 405; message: string; allow: string }
  | { ok: false; status: 204; allow: string };

export const BAD_HOST_MESSAGE = "The Host header is not a valid host name.";
export const BAD_TARGET_MESSAGE = "The request target must be a path starting with /.";
export const BAD_ESCAPE_MESSAGE = "The request path holds a % that starts no valid escape.";
export const UNSUPPORTED_METHOD_MESSAGE = "This method is not supported.";
/** Methods no Request can be made with (Fetch's forbidden methods that Node's parser hands on). */
const UNSUPPORTED_METHODS = new Set(["TRACE", "TRACK"]);
/** What `OPTIONS *` (a question about the server as a whole) is told. */
export const SERVER_METHODS = "GET, HEAD, POST, OPTIONS";

export function checkRequestTarget(method: string, url: string, host: string | undefined): TargetVerdict {
  if (method === "OPTIONS" && url === "*") return { ok: false, status: 204, allow: SERVER_METHODS };
  if (!url.startsWith("/")) return { ok: false, status: 400, message: BAD_TARGET_MESSAGE };
  if (UNSUPPORTED_METHODS.has(method.toUpperCase()))
    return { ok: false, status: 405, message: UNSUPPORTED_METHOD_MESSAGE, allow: SERVER_METHODS };
  if (!hasValidEscapes(pathOf(url))) return { ok: false, status: 400, message: BAD_ESCAPE_MESSAGE };
  if (host !== undefined && !HOST_PATTERN.test(host)) return { ok: false, status: 400, message: BAD_HOST_MESSAGE };
  return { ok: true };
}

function pathOf(url: string) {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** Whether every `%` in the path begins an escape that decodes (as UTF-8): the router decodes the path as a whole. */
function hasValidEscapes(path: string) {
  if (!path.includes("%")) return true;
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}
