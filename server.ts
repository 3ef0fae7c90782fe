/**
 * Production HTTP server: static assets with long cache headers, the read-only riskdb API answered before the page
 * router, request body limits and the cross-site check before any action runs, an in-process cache of anonymous
 * public pages, a JSON access log and a graceful shutdown. Everything else goes to Remix's request handler.
 * Compiled to build/server.js by `npm run build`; `npm start` runs it. docs/decisions/005-server-entry.md says why.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import serveStatic from "serve-static";
import { CONSENT_COOKIE_NAME } from "~/domain/cookie-consent";
import { LOCALE_COOKIE_NAME, LOCALE_REDIRECT_COOKIE_NAME } from "~/domain/locale";
import { clientAddress } from "~/domain/client-address";
import { bodyLimitFor, bodyTooLargeMessage } from "~/domain/request-limits";
import { API_ERROR_MARK, ERROR_MESSAGES } from "~/domain/errors";
import { CROSS_SITE_MESSAGE } from "~/domain/request-origin";
import type { ServerRuntime } from "~/entry.server";
import { SERVER_ENTRY_STARTS_RUNTIME } from "~/server-entry-mark";
import type { RiskdbReply } from "~/services/riskdb.server";
import { apiRecorderEnabled, recordApiExchange, recordApiResponse } from "~/services/api-contract/recorder.server";
import { getEnv } from "~/env.server";
import { Admission } from "./server/admission";
import { BodyArrivals, TOO_MANY_BODIES_MESSAGE, TOO_MANY_BODIES_RETRY_AFTER_SECONDS } from "./server/body-arrivals";
import { readWholeBody, streamedBody, type BodyRefusal } from "./server/request-body";
import { checkRequestTarget } from "./server/request-target";

const ROOT = process.cwd();
const BUILD_PATH = path.resolve(ROOT, "build/index.js");
const PUBLIC_DIR = path.resolve(ROOT, "public");
// A bad setting stops the start here, with the variable named, before anything opens.
const env = getEnv();
const PORT = env.PORT;
const HOST = env.HOST;
/** In-flight requests get this long to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = env.SHUTDOWN_GRACE_MS;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const gzip = promisify(zlib.gzip);

/** Set in the short-lived process that creates a new embedded database (see prepareNewEmbeddedDatabase). */
const PREPARE_DATABASE_ONLY = "PREPARE_DATABASE_ONLY";

// The build must not open the database when it loads: this entry decides where a new one is created.
(globalThis as Record<string, unknown>)[SERVER_ENTRY_STARTS_RUNTIME] = true;
const build = (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild & { entry: { module: { serverRuntime: ServerRuntime } } };
const app = build.entry.module.serverRuntime;
const { logger } = app;
if (process.env[PREPARE_DATABASE_ONLY]) {
  await app.prepareEmbeddedDatabase();
  process.exit(0);
}
if (app.embeddedDatabaseIsNew()) await prepareNewEmbeddedDatabase();
app.leaveShutdownToServer();
app.startServerRuntime();

/**
 * A first start on the embedded database creates its cluster in a child process: creating it leaves the process
 * that did it with about 100 MB more resident memory than serving needs (heap pages the allocator keeps), and an
 * idle server should not carry that for its whole life.
 */
async function prepareNewEmbeddedDatabase() {
  const started = performance.now();
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, [PREPARE_DATABASE_ONLY]: "1" },
    stdio: "inherit",
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    logger.fatal({ code, signal }, "creating the embedded database failed");
    process.exit(1);
  }
  logger.info({ ms: Math.round(performance.now() - started) }, "embedded database created");
}
const remixHandler = createRequestHandler(build, "production");
/** Routes without an action: a POST to one gets our 405, never the framework's own text. */
const reachesNoAction = app.createActionlessCheck(build.routes);

// ---------- static files ----------

const BUILD_ASSETS_DIR = path.join(PUBLIC_DIR, "build");
/**
 * Fingerprinted build output: cached for a year. A file's name changes with its content, so the validators
 * (ETag, Last-Modified) and byte ranges buy nothing and only add header bytes to each of the page's many chunks.
 */
const serveBuildAssets = serveStatic(BUILD_ASSETS_DIR, {
  immutable: true,
  maxAge: "1y",
  index: false,
  fallthrough: false,
  etag: false,
  lastModified: false,
  acceptRanges: false,
  setHeaders: (res, file) => {
    res.setHeader("Cache-Control", BUILD_CACHE_CONTROL);
    if (file.endsWith(".js")) res.setHeader("Content-Type", JS_CONTENT_TYPE);
  },
});
// No "public": these requests carry no Authorization header, so any cache may keep them as it is.
const BUILD_CACHE_CONTROL = "max-age=31536000, immutable";
/** RFC 9239's type for scripts; module scripts are always UTF-8, so no charset. */
const JS_CONTENT_TYPE = "text/javascript";
/**
 * Build files are never compressed on the fly: those worth it have a Brotli copy from the build, the rest are a few
 * hundred bytes. So they carry no Vary unless a compressed copy exists.
 */
const isBuildAsset = (res: Res) => res.getHeader("Cache-Control") === BUILD_CACHE_CONTROL;
/** Brotli copies written at build time (scripts/precompress-assets.mjs), by URL path under /build: listed once. */
const precompressedAssets = new Map<string, string>(
  fs.existsSync(BUILD_ASSETS_DIR)
    ? fs
        .readdirSync(BUILD_ASSETS_DIR, { recursive: true, withFileTypes: false })
        .map((f) => String(f).split(path.sep).join("/"))
        .filter((f) => /\.(js|css)\.br$/.test(f) && fs.existsSync(path.join(BUILD_ASSETS_DIR, f.slice(0, -3))))
        .map((f) => [`/${f.slice(0, -3)}`, path.join(BUILD_ASSETS_DIR, f)] as const)
    : [],
);

/** The copies already read: a few hundred kilobytes for the whole build, and they never change while it runs. */
const precompressedBodies = new Map<string, Buffer>();

/** Sends the build-time Brotli copy of a script or stylesheet when the browser accepts it; false when there is none. */
function sendPrecompressed(req: Req, res: Res, assetPath: string): boolean {
  const file = precompressedAssets.get(assetPath);
  if (!file || !/\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""))) return false;
  let body = precompressedBodies.get(assetPath);
  if (!body) precompressedBodies.set(assetPath, (body = fs.readFileSync(file)));
  res.writeHead(200, {
    "Content-Type": assetPath.endsWith(".css") ? "text/css; charset=UTF-8" : JS_CONTENT_TYPE,
    "Content-Encoding": "br",
    "Content-Length": body.length,
    "Cache-Control": BUILD_CACHE_CONTROL,
    Vary: "Accept-Encoding",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
/** Other files in public/ (favicon, robots images): an hour. */
const servePublicFiles = serveStatic(PUBLIC_DIR, { maxAge: "1h", index: false });
/** Top-level public files, listed once so a page request never touches the disk to look for one. */
const publicFiles = new Set(
  fs.existsSync(PUBLIC_DIR)
    ? fs.readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: false }).map((f) => `/${String(f).split(path.sep).join("/")}`)
    : [],
);

// ---------- helpers ----------

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

function pathnameOf(url: string) {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

function requestHeaders(req: Req): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** Node joins repeated request headers already; only Set-Cookie stays a list, and requests do not carry it. */
function plainHeaders(req: Req): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function origin(req: Req) {
  return `http://${req.headers.host ?? `localhost:${PORT}`}`;
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

function refuse(req: Req, res: Res, status: number, message: string, closeConnection = false, extraHeaders: Record<string, string> = {}) {
  if (res.headersSent) return;
  if (closeConnection) lingerBeforeClosing(req);
  const api = req.url?.startsWith("/api/");
  const body = api ? JSON.stringify({ ...API_ERROR_MARK, error: message }) : `${message}\n`;
  if (api && apiRecorderEnabled()) {
    recordApiExchange({ method: req.method ?? "GET", path: pathnameOf(req.url!), status, contentType: "application/json; charset=utf-8", body, source: "server" });
  }
  res.writeHead(status, {
    "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(closeConnection ? { Connection: "close" } : {}),
    ...extraHeaders,
  });
  res.end(body);
}

async function sendResponse(req: Req, res: Res, response: Response) {
  if (apiRecorderEnabled()) await recordApiResponse({ method: req.method ?? "GET", url: req.url ?? "/" }, response, "server");
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

// ---------- body limits ----------

function refuseBody(req: Req, res: Res, refusal: BodyRefusal) {
  if (refusal.status === null) return;
  refuse(req, res, refusal.status, refusal.message, true);
}

// ---------- anonymous page cache ----------

const NONCE_PATTERN = /'nonce-([^']+)'/;
// The locale cookies change nothing on a page (the site is English only), so they do not make a visitor personal.
const CACHEABLE_COOKIES = new Set([CONSENT_COOKIE_NAME, LOCALE_COOKIE_NAME, LOCALE_REDIRECT_COOKIE_NAME]);

/** Cache key of an anonymous page request, or null when the visitor carries anything personal. */
function pageCacheKey(req: Req, pathname: string): string | null {
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
  return `${consent}\n${req.headers.host ?? ""}\n${req.url}`;
}

function isCacheablePage(response: Response) {
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
function sendCachedPage(req: Req, res: Res, page: { status: number; headers: [string, string][]; body: string; nonce: string | null; etag: string }) {
  if (matchesEtag(req, page.etag)) {
    // No CSP here: a 304 refreshes the stored headers, and the stored body carries the old nonce.
    const keep = page.headers.filter(([name]) => name === "cache-control" || name === "vary");
    res.writeHead(304, Object.fromEntries([...keep, ["etag", page.etag]]));
    res.end();
    return;
  }
  const nonce = page.nonce ? crypto.randomBytes(16).toString("base64") : null;
  const body = page.nonce && nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
  for (const [name, value] of page.headers) res.setHeader(name, page.nonce && nonce ? value.replaceAll(page.nonce, nonce) : value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.statusCode = page.status;
  res.end(body);
}

async function storeAndSendPage(req: Req, res: Res, key: string, generation: number, response: Response) {
  const body = await response.text();
  const nonce = NONCE_PATTERN.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
  const headers = [...response.headers].filter(([name]) => name !== "content-length" && name !== "date") as [string, string][];
  const page = { status: response.status, headers, body, nonce, etag: etagOf(body, nonce) };
  app.publicPageCache.set(key, page, generation);
  if (matchesEtag(req, page.etag)) return sendCachedPage(req, res, page);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.statusCode = page.status;
  res.end(body);
}

// ---------- request handling ----------

let shuttingDown = false;
let inFlight = 0;

async function handle(req: Req, res: Res) {
  const url = req.url ?? "/";
  const pathname = pathnameOf(url);
  const method = req.method ?? "GET";

  if (method === "GET" || method === "HEAD") {
    if (pathname.startsWith("/build/")) {
      // Said outright, so that Node leaves out its "Keep-Alive: timeout=5" hint, which browsers do not use: 23 bytes
      // on each of the thirty-odd scripts of a page.
      if (!shuttingDown) res.setHeader("Connection", "keep-alive");
      req.url = url.slice("/build".length);
      if (sendPrecompressed(req, res, pathname.slice("/build".length))) return;
      return serveBuildAssets(req, res, () => refuse(req, res, 404, "Not found"));
    }
    if (publicFiles.has(pathname)) return servePublicFiles(req, res, () => void handleApp(req, res, url, pathname, method, undefined));
  }

  // The health check never queues: a load balancer must see a busy server as alive, but not one that has stopped
  // answering (every turn taken and none ending).
  if (pathname === "/healthz") {
    if (appTurns.stalled()) return sendUnhealthy(res);
    return handleApp(req, res, url, pathname, method, undefined);
  }

  let body: Buffer | ReadableStream | undefined;
  if (!SAFE_METHODS.has(method)) {
    if (!mayCarryBody(req, res, url, pathname, method)) return;
    const address = addressOf(req);
    const arrived = bodyArrivals.begin(address);
    if (!arrived) {
      return refuse(req, res, 429, TOO_MANY_BODIES_MESSAGE, true, { "Retry-After": String(TOO_MANY_BODIES_RETRY_AFTER_SECONDS) });
    }
    const limit = bodyLimitFor(pathname, req.headers["content-type"]);
    if (isMultipartBody(req)) {
      // An upload spends its time waiting on the client's connection: it streams without a turn (uploads have caps
      // of their own), and the stream fails when the client drops or stalls, which frees its upload slot.
      const stream = streamedBody(req, limit, (refusal) => refuseBody(req, res, refusal));
      stream.once("close", arrived);
      return handleApp(req, res, url, pathname, method, createReadableStreamFromReadable(stream));
    }
    const whole = await readWholeBody(req, limit);
    arrived();
    if (!Buffer.isBuffer(whole)) return refuseBody(req, res, whole);
    body = whole;
  }

  await appTurns.run(
    addressOf(req),
    clientGone(res),
    (endTurn) => handleApp(req, res, url, pathname, method, body, endTurn),
    () => logger.warn({ method, url: app.redactUrl(url) }, "request ran past its turn: the next one starts"),
  );
}

function isMultipartBody(req: Req) {
  return /^multipart\//i.test(req.headers["content-type"] ?? "");
}

/** The checks a state-changing request passes before its body is read; false when it was refused. */
function mayCarryBody(req: Req, res: Res, url: string, pathname: string, method: string): boolean {
  const verdict = app.checkRequestOrigin({
    method,
    origin: req.headers.origin,
    secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
    host: req.headers.host,
    publicUrl: app.publicUrl(),
  });
  if (!verdict.allowed) {
    logger.warn({ method, url: app.redactUrl(url), reason: verdict.reason }, "cross-site request refused");
    refuse(req, res, 403, CROSS_SITE_MESSAGE, true);
    return false;
  }
  if (reachesNoAction(pathname, url.slice(pathname.length))) {
    refuse(req, res, 405, ERROR_MESSAGES.methodNotAllowed, true, { Allow: "GET, HEAD" });
    return false;
  }
  const limit = bodyLimitFor(pathname, req.headers["content-type"]);
  if (Number(req.headers["content-length"] ?? 0) > limit.maxBytes) {
    refuse(req, res, 413, bodyTooLargeMessage(limit), true);
    return false;
  }
  return true;
}

/** The client's address as the rate limits see it (forwarded headers only through TRUST_PROXY). */
function addressOf(req: Req): string {
  const forwardedFor = req.headers["x-forwarded-for"];
  const headers = new Headers(forwardedFor ? { "x-forwarded-for": String(forwardedFor) } : undefined);
  return clientAddress({ remoteAddress: req.socket.remoteAddress, headers, trustProxy: env.TRUST_PROXY });
}

/** Aborts when the client has gone before its answer was complete. */
function clientGone(res: Res): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function sendUnhealthy(res: Res) {
  const body = JSON.stringify({ status: "error", app: "not answering", ...appTurns.counts });
  res.writeHead(503, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  res.end(body);
}

/** Requests the app works on at once; see server/admission.ts. */
const appTurns = new Admission({
  concurrency: env.APP_CONCURRENCY,
  // While others wait, one address holds at most a quarter of the turns.
  sharePerAddress: Math.max(1, Math.floor(env.APP_CONCURRENCY / 4)),
  turnTimeoutMs: 30_000,
  stallMs: 10_000,
});
/** Bodies one address may be sending at once. */
const bodyArrivals = new BodyArrivals(16);

/** The read-only riskdb API, before the page router and compression: same handlers as the api+ routes. */
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

async function handleRiskdb(req: Req, res: Res, endpoint: (request: Request) => Promise<RiskdbReply>) {
  const shareable = req.method === "GET" && !req.headers.authorization && !req.headers.cookie;
  const key = req.url ?? "/";
  let stored = shareable ? publicReplies.get(key) : undefined;
  if (stored && stored.expires < Date.now()) {
    publicReplies.delete(key);
    stored = undefined;
  }
  if (!stored) {
    const reply = await endpoint(new Request(origin(req) + req.url, { method: req.method, headers: plainHeaders(req) }));
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
  res.setHeader("Vary", "Accept-Encoding");
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

async function handleApp(
  req: Req,
  res: Res,
  url: string,
  pathname: string,
  method: string,
  body: Buffer | ReadableStream | undefined,
  answered: () => void = () => {},
) {
  const cacheKey = pageCacheKey(req, pathname);
  if (cacheKey) {
    const cached = app.publicPageCache.get(cacheKey);
    if (cached) return sendCachedPage(req, res, cached);
  }
  const generation = app.publicPageCache.generation;

  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const request = new Request(origin(req) + url, {
    method,
    headers: requestHeaders(req),
    body: body === undefined || body instanceof ReadableStream ? body : new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    signal: controller.signal,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  // Remix asks for a route's data alone with ?_data; any other request to a page is answered with a document.
  const documentRequest = !new URL(request.url).searchParams.has("_data");
  const response = await remixHandler(request, { remoteAddress: req.socket.remoteAddress, ...(documentRequest ? { serverDrawn: new Map() } : {}) });
  answered();
  // A body limit (413) or the body's pace (408) already answered.
  if (res.headersSent) return;
  if (body instanceof ReadableStream && !req.complete) {
    // The app answered without reading the whole body: discard the rest (bounded by Content-Length, already
    // checked), or close the connection when the length is unknown.
    if (req.headers["content-length"] === undefined) res.setHeader("Connection", "close");
    req.unpipe();
    req.resume();
  }
  if (cacheKey && isCacheablePage(response)) return storeAndSendPage(req, res, cacheKey, generation, response);
  return sendResponse(req, res, response);
}

/**
 * Pages and JSON compressed as they are sent. Brotli quality 5 instead of the middleware's 4: about 6 % fewer bytes
 * for a dashboard page for a few milliseconds of CPU (scripts and styles come precompressed at 11).
 */
const compress = compression({
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  filter: (req, res) => !isBuildAsset(res as never) && compression.filter(req, res),
});
const hsts = app.strictTransportSecurity();

/**
 * Quiet this long after its last request, the server collects its garbage and hands the allocator's free pages back
 * once: V8 otherwise keeps what a busy spell grew (hundreds of MB of heap after a load test) until it next needs to
 * collect, which an idle server never does, and malloc keeps the pages of the buffers freed in between.
 */
const QUIET_COLLECT_MS = 15_000;
let quietCollection: NodeJS.Timeout | null = null;

function collectWhenQuiet() {
  if (quietCollection) {
    quietCollection.refresh();
    return;
  }
  quietCollection = setTimeout(() => {
    quietCollection = null;
    if (inFlight === 0 && !shuttingDown) void app.releaseMemory();
  }, QUIET_COLLECT_MS);
  quietCollection.unref();
}

const server = http.createServer((req, res) => {
  const started = performance.now();
  inFlight++;
  // Every answer, static files and resource routes included: set first, so anything written later keeps it.
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  if (shuttingDown) res.setHeader("Connection", "close");
  res.once("close", () => {
    if (--inFlight === 0) collectWhenQuiet();
    logger.info(
      {
        method: req.method,
        url: app.redactUrl(req.url ?? "/"),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        remoteAddress: req.socket.remoteAddress,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
    if (shuttingDown) server.closeIdleConnections();
  });
  const fail = (error: unknown) => {
    logger.error({ err: error, method: req.method, url: app.redactUrl(req.url ?? "/") }, "request failed");
    if (!res.headersSent) refuse(req, res, 500, "Something went wrong on our side. Please try again.");
    else res.destroy();
  };
  const target = checkRequestTarget(req.method ?? "GET", req.url ?? "/", req.headers.host);
  if (!target.ok) {
    if (target.status === 204) {
      res.writeHead(204, { Allow: target.allow });
      return void res.end();
    }
    return refuse(req, res, target.status, target.message, true);
  }
  const riskdb = riskdbHandlerFor(req);
  if (riskdb) return void handleRiskdb(req, res, riskdb).catch(fail);
  compress(req as never, res as never, () => {
    handle(req, res).catch(fail);
  });
});

server.listen(PORT, HOST, () => {
  logger.info({ port: PORT, host: HOST ?? "all interfaces" }, "server listening");
  // What starting allocated and let go (migrations, the seed, loading the datasets) is not kept while idle.
  void app.releaseMemory();
});

// ---------- graceful shutdown ----------

function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal, inFlight }, "shutting down: finishing in-flight requests");
  // Background jobs stop at once, while requests drain: a running report is handed back to the queue rather than
  // cut off when the database closes.
  app.shutDownJobs().catch((error: unknown) => logger.error({ err: error }, "error while stopping the job queue"));
  const force = setTimeout(() => {
    logger.warn({ inFlight }, "grace period over: closing the remaining connections");
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    clearTimeout(force);
    app
      .closeDb()
      .catch((error: unknown) => logger.error({ err: error }, "error while closing the database"))
      .finally(() => {
        logger.info("stopped");
        process.exit(0);
      });
  });
  server.closeIdleConnections();
}

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => shutdown(signal));
