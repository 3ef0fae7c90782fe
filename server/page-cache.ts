/** The in-process cache of anonymous public pages: a fresh CSP nonce per answer, ETag and 304. */
import crypto from "node:crypto";
import type { NextFunction } from "express";
import { CONSENT_COOKIE_NAME } from "~/domain/content/cookie-consent";
import { LOCALE_COOKIE_NAME, LOCALE_REDIRECT_COOKIE_NAME } from "~/domain/http/locale";
import { isPagePath, publicPageQuery } from "~/domain/http/page-query";
import { origin, pathnameOf, plainHeaders, sendResponse, type Req, type Res } from "./http";
import { loadContext } from "./remix";
import { app, remixFetchHandler } from "./runtime";

const NONCE_PATTERN = /'nonce-([^']+)'/;
// The locale cookies change nothing on a page (the site is English only), so they do not make a visitor personal.
const CACHEABLE_COOKIES = new Set([CONSENT_COOKIE_NAME, LOCALE_COOKIE_NAME, LOCALE_REDIRECT_COOKIE_NAME]);

/**
 * The URL an anonymous page is drawn for: its path and the query parameters a public page reads. Any other
 * parameter (`?z=<random>`) neither makes a new cache entry nor a new render. Remix's manifest requests and resource
 * files keep their whole query, which is their input.
 */
function pageUrl(url: string, pathname: string) {
  if (!isPagePath(pathname)) return url;
  return pathname + publicPageQuery(url.slice(pathname.length));
}

/** Cache key of an anonymous page request, or null when the visitor carries anything personal. */
export function pageCacheKey(req: Req, pathname: string): string | null {
  if (req.method !== "GET" || req.headers.authorization) return null;
  if (pathname.startsWith("/api/") || pathname.startsWith("/dashboard") || req.url!.includes("_data=")) return null;
  let consent = "";
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq === -1 ? undefined : eq).trim();
    if (!name) continue;
    if (!CACHEABLE_COOKIES.has(name)) return null;
    if (name === CONSENT_COOKIE_NAME) consent = part.slice(eq + 1).trim();
  }
  return `${consent}\n${req.headers.host ?? ""}\n${pageUrl(req.url!, pathname)}`;
}

export function isCacheablePage(response: Response) {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "") &&
    !response.headers.has("Set-Cookie")
  );
}

function etagOf(body: string, nonce: string | null) {
  const canonical = nonce ? body.replaceAll(nonce, "") : body;
  return `W/"${crypto.createHash("sha1").update(canonical).digest("base64url")}"`;
}

function matchesEtag(req: Req, etag: string) {
  const header = req.headers["if-none-match"];
  return Boolean(header && header.split(",").some((t) => t.trim() === etag || t.trim() === "*"));
}

/** Sends a stored page with a fresh CSP nonce, or 304 when the browser already has it. */
export function sendCachedPage(
  req: Req,
  res: Res,
  page: { status: number; headers: [string, string][]; body: string; nonce: string | null; etag: string },
) {
  if (matchesEtag(req, page.etag)) {
    // No CSP here: a 304 refreshes the stored headers, and the stored body carries the old nonce.
    const keep = page.headers.filter(([name]) => name === "cache-control" || name === "vary");
    res.writeHead(304, Object.fromEntries([...keep, ["etag", page.etag]]));
    res.end();
    return;
  }
  const nonce = page.nonce ? crypto.randomBytes(16).toString("base64") : null;
  const body = page.nonce && nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
  for (const [name, value] of page.headers)
    res.setHeader(name, page.nonce && nonce ? value.replaceAll(page.nonce, nonce) : value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.statusCode = page.status;
  res.end(body);
}

export async function storeAndSendPage(req: Req, res: Res, key: string, generation: number, response: Response) {
  const body = await response.text();
  const nonce = NONCE_PATTERN.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
  const headers = [...response.headers].filter(([name]) => name !== "content-length" && name !== "date") as [
    string,
    string,
  ][];
  const page = { status: response.status, headers, body, nonce, etag: etagOf(body, nonce) };
  app.publicPageCache.set(key, page, generation);
  if (matchesEtag(req, page.etag)) return sendCachedPage(req, res, page);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.statusCode = page.status;
  res.end(body);
}

/**
 * Anonymous public pages the cache holds, answered before admission: a stored page needs no app turn, so it is
 * served at once however long the queue (a database stall holding every turn included).
 */
export function cachedPages(req: Req, res: Res, next: NextFunction) {
  const key = pageCacheKey(req, pathnameOf(req.url ?? "/"));
  const cached = key ? app.publicPageCache.get(key) : undefined;
  if (cached) return sendCachedPage(req, res, cached);
  next();
}

/**
 * Anonymous public pages (GET without a body) from the cache, or drawn by Remix's own handler and kept when they
 * may be: the cache needs the whole Response before anything is sent (its ETag, a 304, the stored copy), which the
 * Express adapter does not hand out. Every other request goes on to the Express adapter (remix.ts).
 */
export function pageCache(req: Req, res: Res, next: NextFunction) {
  const pathname = pathnameOf(req.url ?? "/");
  const key = pageCacheKey(req, pathname);
  if (!key) return next();
  // Stored while this request waited for its turn.
  const cached = app.publicPageCache.get(key);
  if (cached) return sendCachedPage(req, res, cached);
  const generation = app.publicPageCache.generation;
  void (async () => {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const request = new Request(origin(req) + pageUrl(req.url!, pathname), {
      headers: plainHeaders(req),
      signal: controller.signal,
    });
    const response = await remixFetchHandler(request, loadContext(req));
    if (isCacheablePage(response)) return storeAndSendPage(req, res, key, generation, response);
    await sendResponse(req, res, response);
  })().catch(next);
}
