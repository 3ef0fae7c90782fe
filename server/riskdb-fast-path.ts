/** The read-only riskdb API answered before the page router and compression, with a shared in-process reply cache. */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { REQUEST_ID_HEADER, requestIdFrom } from "~/domain/api/api-errors";
import { API_VERSION_HEADER, LATEST_API_VERSION, apiVersionOf } from "~/domain/api/api-versions";
import { rateLimitHeaders, type RateLimitState } from "~/domain/api/keys/api-limits";
import { etagMatches } from "~/services/api/api-etag.server";
import type { NextFunction } from "express";
import type { RiskdbReply } from "~/services/api/riskdb.server";
import { apiRecorderEnabled, recordApiExchange } from "~/services/api-contract/recorder.server";
import { addressOf } from "./admission/body-gate";
import { origin, pathnameOf, plainHeaders, refuse, type Req, type Res } from "./http";
import { logFastRequest } from "./request-log";
import { app } from "./runtime";

const gzip = promisify(zlib.gzip);

/** The read-only riskdb API, before the page router and compression: same handlers as the api+ routes. */
export function riskdbFastPath(req: Req, res: Res, next: NextFunction) {
  const endpoint = riskdbHandlerFor(req);
  if (!endpoint) return next();
  logFastRequest(req, res);
  handleRiskdb(req, res, endpoint).catch(next);
}

function riskdbHandlerFor(req: Req) {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") return undefined;
  return app.riskdbRepliesByPath.get(pathnameOf(req.url ?? "/"));
}

interface StoredReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
  gzipped?: Promise<Buffer>;
  expires: number;
}

/**
 * Answers the API marked `Cache-Control: public` (the same for every caller) kept in-process for their max-age,
 * at most five minutes, exactly as a shared cache in front of the server would. Callers with credentials skip it.
 */
const publicReplies = new Map<string, StoredReply>();
const PUBLIC_REPLY_MAX_ENTRIES = 5_000;
const PUBLIC_REPLY_MAX_SECONDS = 300;

function publicReplyTtlMs(reply: RiskdbReply): number {
  const cacheControl = reply.headers["Cache-Control"] ?? "";
  if (reply.status !== 200 || !/\bpublic\b/.test(cacheControl)) return 0;
  const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return Math.min(maxAge, PUBLIC_REPLY_MAX_SECONDS) * 1000;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The client address of a request, remembered per connection with the X-Forwarded-For it came with: a keep-alive
 * connection's requests (or a proxy's, for one user) resolve to the same address, so a cached answer does not build a
 * Headers object and walk the forwarded chain with proxy-addr again on every request.
 */
const addressBySocket = new WeakMap<object, { forwardedFor: string | undefined; address: string }>();

function clientAddressOf(req: Req): string {
  const forwardedFor = headerText(req.headers["x-forwarded-for"]);
  const known = addressBySocket.get(req.socket);
  if (known && known.forwardedFor === forwardedFor) return known.address;
  const address = addressOf(req);
  addressBySocket.set(req.socket, { forwardedFor, address });
  return address;
}

/** The CORS header a refusal needs so that a page calling the API from another origin can read it. */
const REFUSAL_CORS = { "Access-Control-Allow-Origin": "*" };

/**
 * A request with no credential at all is anonymous for certain: it is counted against its client address here, before
 * the reply cache, so a cached answer costs its share like any other. One with a credential goes to the endpoint,
 * which counts it only when the credential names no caller (a stale cookie). Undefined when the request was refused.
 */
function countAnonymous(req: Req, res: Res): RateLimitState | null | undefined {
  if (req.method === "OPTIONS" || req.headers.authorization || req.headers.cookie) return null;
  try {
    return app.takeAnonymousRequest(clientAddressOf(req));
  } catch (error) {
    if (!(error instanceof app.AnonymousRateLimitError)) throw error;
    refuse(req, res, 429, error.message, false, { ...rateLimitHeaders(error.state), "Retry-After": String(error.retryAfterSeconds), ...REFUSAL_CORS });
    return undefined;
  }
}

async function handleRiskdb(req: Req, res: Res, endpoint: (request: Request, context?: { remoteAddress?: string }) => Promise<RiskdbReply>) {
  const anonymous = countAnonymous(req, res);
  if (anonymous === undefined) return;
  const shareable = req.method === "GET" && !req.headers.authorization && !req.headers.cookie;
  const key = req.url ?? "/";
  let stored = shareable ? publicReplies.get(key) : undefined;
  if (stored && stored.expires < Date.now()) {
    publicReplies.delete(key);
    stored = undefined;
  }
  if (!stored) {
    const request = new Request(origin(req) + req.url, { method: req.method, headers: plainHeaders(req) });
    // Counted above when it carries no credential; otherwise the endpoint counts it if it turns out anonymous.
    const reply = await endpoint(request, anonymous === null && req.method !== "OPTIONS" ? { remoteAddress: req.socket.remoteAddress } : undefined);
    stored = { status: reply.status, headers: reply.headers, body: reply.body === null ? null : Buffer.from(reply.body), expires: 0 };
    const ttl = shareable ? publicReplyTtlMs(reply) : 0;
    if (ttl) {
      stored.expires = Date.now() + ttl;
      if (publicReplies.size >= PUBLIC_REPLY_MAX_ENTRIES) publicReplies.delete(publicReplies.keys().next().value!);
      publicReplies.set(key, stored);
    }
  }
  if (apiRecorderEnabled()) {
    const contentType = Object.entries(stored.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? null;
    const text = req.method === "HEAD" || !stored.body ? null : stored.body.toString("utf8");
    recordApiExchange({ method: req.method ?? "GET", path: pathnameOf(key), status: stored.status, contentType, body: text, source: "server" });
  }
  for (const name in stored.headers) res.setHeader(name, stored.headers[name]!);
  if (anonymous) for (const [name, value] of Object.entries(rateLimitHeaders(anonymous))) res.setHeader(name, value);
  // A stored reply was made for another request: this one goes by its own id.
  if (stored.expires) {
    res.setHeader(REQUEST_ID_HEADER, requestIdFrom(headerText(req.headers[REQUEST_ID_HEADER.toLowerCase()])));
    res.setHeader(API_VERSION_HEADER, apiVersionOf(headerText(req.headers[API_VERSION_HEADER.toLowerCase()])) ?? LATEST_API_VERSION);
  }
  res.setHeader("Vary", "Accept-Encoding");
  // A stored answer is checked against If-None-Match as the endpoint checks a fresh one: the same function decides.
  const etag = stored.headers.ETag;
  if (stored.status === 200 && etag && etagMatches(headerText(req.headers["if-none-match"]), etag)) {
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.end();
    return;
  }
  let body = req.method === "HEAD" ? null : stored.body;
  if (body && body.length > 1024 && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    stored.gzipped ??= gzip(body);
    body = await stored.gzipped;
    res.setHeader("Content-Encoding", "gzip");
  }
  if (body) res.setHeader("Content-Length", body.length);
  res.statusCode = stored.status;
  res.end(body);
}
