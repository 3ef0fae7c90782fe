/** Small pieces shared by the server modules: request URLs and headers, short refusals, sending a Response. */
import http from "node:http";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { REQUEST_ID_HEADER, apiErrorCodeForStatus, requestIdFrom } from "~/domain/api/api-errors";
import { API_ERROR_MARK } from "~/domain/forms/errors";
import { apiRecorderEnabled, recordApiExchange, recordApiResponse } from "~/services/api/answer-recorder.server";
import type { BodyRefusal } from "./admission/request-body";
import { env } from "./runtime";

export type Req = http.IncomingMessage;
export type Res = http.ServerResponse;

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function pathnameOf(url: string) {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** Node joins repeated request headers already; only Set-Cookie stays a list, and requests do not carry it. */
export function plainHeaders(req: Req): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

export function origin(req: Req) {
  return `http://${req.headers.host ?? `localhost:${env.PORT}`}`;
}

/** A short refusal: JSON under /api/, a small text page elsewhere. The connection closes if a body is unread. */
/** How long a refused request's client may go on sending its body before the connection is cut. */
const LINGER_MS = 2_000;

/**
 * Closing a socket while the client is still sending resets the connection, and the reset can discard the answer
 * before the client has read it. So once the answer is out the socket is only closed for writing, and what the
 * client still sends is read and dropped (Node drains a request the app left unread) for up to LINGER_MS.
 */
function lingerBeforeClosing(req: Req) {
  if (req.complete) return;
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function refuse(
  req: Req,
  res: Res,
  status: number,
  message: string,
  closeConnection = false,
  extraHeaders: Record<string, string> = {},
) {
  if (res.headersSent) return;
  if (closeConnection) lingerBeforeClosing(req);
  const api = req.url?.startsWith("/api/");
  // An API refusal is an API error answer like the app's: its code and the request's id, also in X-Request-Id.
  const requestId = api ? requestIdFrom(firstHeader(req.headers[REQUEST_ID_HEADER.toLowerCase()])) : null;
  const body = requestId
    ? JSON.stringify({ ...API_ERROR_MARK, error: message, code: apiErrorCodeForStatus(status), request_id: requestId })
    : `${message}\n`;
  if (api && apiRecorderEnabled()) {
    recordApiExchange({
      method: req.method ?? "GET",
      path: pathnameOf(req.url!),
      status,
      contentType: "application/json; charset=utf-8",
      body,
      source: "server",
    });
  }
  res.writeHead(status, {
    "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(closeConnection ? { Connection: "close" } : {}),
    ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
    ...extraHeaders,
  });
  res.end(body);
}

export async function sendResponse(req: Req, res: Res, response: Response) {
  // A client that has gone reads no answer (Remix answers its aborted request with a bare 500): nothing to send or record.
  if (res.destroyed || req.socket.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  if (apiRecorderEnabled())
    await recordApiResponse({ method: req.method ?? "GET", url: req.url ?? "/" }, response, "server");
  res.statusCode = response.status;
  res.statusMessage = response.statusText || http.STATUS_CODES[response.status] || "";
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  // Again here: a static file that failed (serve-static clears the headers) falls through to the app.
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.method === "HEAD" || !response.body) {
    res.end();
    return;
  }
  await writeReadableStreamToWritable(response.body, res);
}

export function refuseBody(req: Req, res: Res, refusal: BodyRefusal) {
  if (refusal.status === null) return;
  refuse(req, res, refusal.status, refusal.message, true);
}
