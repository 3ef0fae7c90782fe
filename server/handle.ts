/**
 * Everything but the riskdb fast path: static files, the health check, bodies read whole before the request asks
 * for an app turn (uploads to the upload routes stream instead, without a turn), then the app. See server/admission.ts for the turns.
 */
import { createReadableStreamFromReadable } from "@remix-run/node";
import { clientAddress } from "~/domain/client-address";
import { UPLOAD_BODY_MAX_BYTES, bodyLimitFor } from "~/domain/request-limits";
import { Admission } from "./admission";
import { handleApp, mayCarryBody } from "./app-request";
import { BodyArrivals, TOO_MANY_BODIES_MESSAGE, TOO_MANY_BODIES_RETRY_AFTER_SECONDS } from "./body-arrivals";
import { SAFE_METHODS, pathnameOf, refuse, refuseBody, type Req, type Res } from "./http";
import { lifecycle } from "./lifecycle";
import { readWholeBody, streamedBody } from "./request-body";
import { app, env, logger } from "./runtime";
import { publicFiles, sendPrecompressed, serveBuildAssets, servePublicFiles } from "./static-files";

export async function handle(req: Req, res: Res) {
  const url = req.url ?? "/";
  const pathname = pathnameOf(url);
  const method = req.method ?? "GET";

  if (method === "GET" || method === "HEAD") {
    if (pathname.startsWith("/build/")) {
      // Said outright, so that Node leaves out its "Keep-Alive: timeout=5" hint, which browsers do not use: 23 bytes
      // on each of the thirty-odd scripts of a page.
      if (!lifecycle.shuttingDown) res.setHeader("Connection", "keep-alive");
      req.url = url.slice("/build".length);
      if (sendPrecompressed(req, res, pathname.slice("/build".length))) return;
      return serveBuildAssets(req, res, () => refuse(req, res, 404, "Not found"));
    }
    if (publicFiles.has(pathname)) return servePublicFiles(req, res, () => void handleApp(req, res, url, pathname, method, undefined));
  }

  // The health check never queues: a load balancer must see a busy server as alive, but not one that has stopped
  // answering (every turn taken and none ending).
  if (pathname === "/healthz" && SAFE_METHODS.has(method)) {
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
    if (isMultipartBody(req) && limit.maxBytes === UPLOAD_BODY_MAX_BYTES) {
      // An upload spends its time waiting on the client's connection: it streams without a turn (uploads have caps
      // of their own), and the stream fails when the client drops or stalls, which frees its upload slot.
      const stream = streamedBody(req, limit, (refusal) => refuseBody(req, res, refusal));
      // Counted until the client's side is done: the app may answer without reading the body at all.
      req.once("end", arrived).once("close", arrived).once("error", arrived);
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
