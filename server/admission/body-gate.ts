/**
 * What a request passes before the app sees it: the checks a state-changing request passes before its body is read
 * (origin, a route with no action, the announced length), then its body's arrival (see request-body.ts). An upload
 * to an upload route streams to the app at once, without an app turn (uploads have slots of their own); every other
 * body must have arrived before the request asks for a turn (turns.ts).
 */
import type { NextFunction } from "express";
import { clientAddress } from "~/domain/http/client-address";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { CROSS_SITE_MESSAGE } from "~/domain/http/requests/request-origin";
import { UPLOAD_BODY_MAX_BYTES, bodyLimitFor, bodyTooLargeMessage } from "~/domain/http/requests/request-limits";
import { BodyArrivals, TOO_MANY_BODIES_MESSAGE, TOO_MANY_BODIES_RETRY_AFTER_SECONDS } from "./body-arrivals";
import { SAFE_METHODS, pathnameOf, refuse, refuseBody, type Req, type Res } from "../http";
import { awaitBody, watchUpload } from "./request-body";
import { app, env, logger, reachesNoAction } from "../runtime";

/** Bodies one address may be sending at once. */
const bodyArrivals = new BodyArrivals(16);

/** Set on a request that goes to the app without taking a turn (uploads, the health check). */
export const NO_TURN = Symbol("no app turn");
export type GatedReq = Req & { [NO_TURN]?: true };

/** The client's address as the rate limits see it (forwarded headers only through TRUST_PROXY). */
export function addressOf(req: Req): string {
  const forwardedFor = req.headers["x-forwarded-for"];
  const headers = new Headers(forwardedFor ? { "x-forwarded-for": String(forwardedFor) } : undefined);
  return clientAddress({ remoteAddress: req.socket.remoteAddress, headers, trustProxy: env.TRUST_PROXY });
}

/** Origin, 405 and 413 for a request that may carry a body; false when it was refused. */
function mayCarryBody(req: Req, res: Res, url: string, pathname: string): boolean {
  const method = req.method ?? "POST";
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

export function bodyGate(req: GatedReq, res: Res, next: NextFunction) {
  if (SAFE_METHODS.has(req.method ?? "GET")) return next();
  const url = req.url ?? "/";
  const pathname = pathnameOf(url);
  if (!mayCarryBody(req, res, url, pathname)) return;
  const arrived = bodyArrivals.begin(addressOf(req));
  if (!arrived) {
    return refuse(req, res, 429, TOO_MANY_BODIES_MESSAGE, true, {
      "Retry-After": String(TOO_MANY_BODIES_RETRY_AFTER_SECONDS),
    });
  }
  const limit = bodyLimitFor(pathname, req.headers["content-type"]);
  if (/^multipart\//i.test(req.headers["content-type"] ?? "") && limit.maxBytes === UPLOAD_BODY_MAX_BYTES) {
    // Counted until the client's side is done: the app may answer without reading the body at all.
    req.once("end", arrived).once("close", arrived).once("error", arrived);
    watchUpload(req, limit, (refusal) => {
      refuseBody(req, res, refusal);
      // The app stops waiting for the rest once the connection is gone (its body stream ends there).
      setTimeout(() => req.socket.destroy(), 2_000).unref();
    });
    req[NO_TURN] = true;
    return next();
  }
  void awaitBody(req, limit).then((refusal) => {
    arrived();
    if (refusal) return refuseBody(req, res, refusal);
    next();
  });
}
