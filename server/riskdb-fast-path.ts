/** The read-only riskdb API answered before the page router and compression, with a shared in-process reply cache. */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { REQUEST_ID_HEADER, requestIdFrom } from "~/domain/api/api-errors";
import { API_VERSION_HEADER, LATEST_API_VERSION, apiVersionOf } from "~/domain/api/api-versions";
import { rateLimitHeaders, type RateLimitState } from "~/domain/api/keys/api-limits";
import { etagMatches } from "~/services/api/api-etag.server";
import type { NextFunction } from "express";
import type { RiskdbEndpoint } from "~/services/api/risk-data-api.server";
import {
  ReplyCache,
  publicReplyTtlMs,
  replyCacheKey,
  type StoredReply,
} from "~/services/api/riskdb-reply-cache.server";
import { apiRecorderEnabled, recordApiExchange } from "~/services/api/answer-recorder.server";
import { addressOf } from "./admission/body-gate";
import { origin, pathnameOf, plainHeaders, refuse, type Req, type Res } from "./http";
import { logFastRequest } from "./request-log";
import { riskdbEndpointsByPath } from "./riskdb-routes";
import { app, build } from "./runtime";

const gzip = promisify(zlib.gzip);

/** The endpoints of the build's riskdb routes, by path. */
const endpointsByPath = riskdbEndpointsByPath(build.routes);

/** The read-only riskdb API, before the page router and compression: same endpoints as the api+ routes. */
export function riskdbFastPath(req: Req, res: Res, next: NextFunction) {
  const endpoint = riskdbHandlerFor(req);
  if (!endpoint) return next();
  logFastRequest(req, res);
  handleRiskdb(req, res, endpoint).catch(next);
}

function riskdbHandlerFor(req: Req) {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") return undefined;
  return endpointsByPath.get(pathnameOf(req.url ?? "/"));
}

/**
 * Answers the API marked `Cache-Control: public` (the same for every caller), kept in-process (riskdb-reply-cache):
 * callers with credentials skip it.
 */
const publicReplies = new ReplyCache();

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

/**
 * What an answer varies by: what the endpoint said, the credentials (a keyed or signed-in caller may be answered
 * differently, and is counted against its own limit, so a shared cache must never hand it an anonymous answer) and
 * the encoding this path compresses by.
 */
const ALWAYS_VARY = ["Authorization", "Cookie", "Accept-Encoding"];

function varyOf(headers: Record<string, string>): string {
  const named = Object.entries(headers).find(([name]) => name.toLowerCase() === "vary")?.[1] ?? "";
  const names = new Map<string, string>();
  for (const name of [...named.split(","), ...ALWAYS_VARY].map((n) => n.trim()).filter(Boolean))
    names.set(name.toLowerCase(), name);
  return [...names.values()].join(", ");
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
    refuse(req, res, 429, error.message, false, {
      ...rateLimitHeaders(error.state),
      "Retry-After": String(error.retryAfterSeconds),
      ...REFUSAL_CORS,
    });
    return undefined;
  }
}

/** The reply's gzipped body, made once and counted in the cache's bytes while the reply is held. */
function gzipOnce(key: string, reply: StoredReply, body: Buffer): Promise<Buffer> {
  reply.gzipped = gzip(body);
  void reply.gzipped.then(
    (gzipped) => publicReplies.addGzipped(key, reply, gzipped),
    () => undefined,
  );
  return reply.gzipped;
}

async function handleRiskdb(req: Req, res: Res, endpoint: RiskdbEndpoint) {
  const anonymous = countAnonymous(req, res);
  if (anonymous === undefined) return;
  const shareable = req.method === "GET" && !req.headers.authorization && !req.headers.cookie;
  const url = req.url ?? "/";
  const pathname = pathnameOf(url);
  const key = shareable ? replyCacheKey(pathname, url.slice(pathname.length), endpoint.queryNames) : "";
  let stored = shareable ? publicReplies.get(key) : undefined;
  if (!stored) {
    const request = new Request(origin(req) + req.url, { method: req.method, headers: plainHeaders(req) });
    // Counted above when it carries no credential; otherwise the endpoint counts it if it turns out anonymous.
    const reply = await endpoint(
      request,
      anonymous === null && req.method !== "OPTIONS" ? { remoteAddress: req.socket.remoteAddress } : undefined,
    );
    stored = {
      status: reply.status,
      headers: reply.headers,
      body: reply.body === null ? null : Buffer.from(reply.body),
      expires: 0,
    };
    if (shareable) publicReplies.set(key, stored, publicReplyTtlMs(reply.status, reply.headers["Cache-Control"]));
  }
  if (apiRecorderEnabled()) {
    const contentType =
      Object.entries(stored.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? null;
    const text = req.method === "HEAD" || !stored.body ? null : stored.body.toString("utf8");
    recordApiExchange({
      method: req.method ?? "GET",
      path: pathname,
      status: stored.status,
      contentType,
      body: text,
      source: "server",
    });
  }
  for (const name in stored.headers) res.setHeader(name, stored.headers[name]!);
  if (anonymous) for (const [name, value] of Object.entries(rateLimitHeaders(anonymous))) res.setHeader(name, value);
  // A stored reply was made for another request: this one goes by its own id.
  if (stored.expires) {
    res.setHeader(REQUEST_ID_HEADER, requestIdFrom(headerText(req.headers[REQUEST_ID_HEADER.toLowerCase()])));
    res.setHeader(
      API_VERSION_HEADER,
      apiVersionOf(headerText(req.headers[API_VERSION_HEADER.toLowerCase()])) ?? LATEST_API_VERSION,
    );
  }
  res.setHeader("Vary", varyOf(stored.headers));
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
    body = await (stored.gzipped ?? gzipOnce(key, stored, body));
    res.setHeader("Content-Encoding", "gzip");
  }
  if (body) res.setHeader("Content-Length", body.length);
  res.statusCode = stored.status;
  res.end(body);
}
