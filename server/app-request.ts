/** A request handed to Remix: the checks before any body is read, the page cache, then the app's answer. */
import { bodyLimitFor, bodyTooLargeMessage } from "~/domain/request-limits";
import { ERROR_MESSAGES } from "~/domain/errors";
import { CROSS_SITE_MESSAGE } from "~/domain/request-origin";
import { origin, refuse, requestHeaders, sendResponse, type Req, type Res } from "./http";
import { isCacheablePage, pageCacheKey, sendCachedPage, storeAndSendPage } from "./page-cache";
import { app, logger, reachesNoAction, remixHandler } from "./runtime";

/** The checks a state-changing request passes before its body is read; false when it was refused. */
export function mayCarryBody(req: Req, res: Res, url: string, pathname: string, method: string): boolean {
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

export async function handleApp(
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

