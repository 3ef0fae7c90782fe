/**
 * The app itself, through `@remix-run/express`: the request handler with the load context the routes expect, the
 * API answers recorded for the contract test when that is switched on, and the last error handler.
 */
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { apiRecorderEnabled, isRecordedApiPath, recordApiExchange } from "~/services/api/answer-recorder.server";
import { pathnameOf, refuse, type Req, type Res } from "./http";
import { app, build, logger } from "./runtime";

/**
 * What a route's loader and action get as `context`: the client's socket address and, for a document (not a
 * `?_data` request for one route's data), a map the page's parts drawn on the server share.
 */
export function loadContext(req: Req) {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const documentRequest = query === -1 || !new URLSearchParams(url.slice(query + 1)).has("_data");
  return { remoteAddress: req.socket.remoteAddress, ...(documentRequest ? { serverDrawn: new Map() } : {}) };
}

const remixAdapter = createRequestHandler({ build, mode: "production", getLoadContext: (req) => loadContext(req) });

/**
 * Headers the front sets on every answer (front.ts) that the app's answers carry too. The adapter appends each header
 * of the app's Response (`res.append`), which would send such a header twice: the app's value replaces the front's.
 */
const SET_BY_FRONT = new Set(["x-content-type-options", "strict-transport-security"]);

export function remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) =>
    SET_BY_FRONT.has(field.toLowerCase()) && value !== undefined ? res.set(field, value) : append(field, value);
  return remixAdapter(req, res, next);
}

/** An answer sent as stored compressed bytes, as the client reads it. */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

/**
 * With the contract recorder on (tests only), each /api/ answer is recorded as it is sent: compressed by the app (a
 * stored document) or by the compression middleware, whose output passes through here, and decoded for the record.
 */
export function recordApiAnswers(req: Req, res: Res, next: NextFunction) {
  if (!apiRecorderEnabled() || !isRecordedApiPath(pathnameOf(req.url ?? "/"))) return next();
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Res;
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk), write(chunk, ...rest))) as Res["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") keep(chunk);
    // A client that has gone reads no answer: nothing to record.
    if (!req.socket.destroyed) {
      const contentType = res.getHeader("Content-Type");
      const body =
        req.method === "HEAD" || !chunks.length
          ? null
          : decoded(Buffer.concat(chunks), res.getHeader("Content-Encoding")).toString("utf8");
      recordApiExchange({
        method: req.method ?? "GET",
        path: pathnameOf(req.url ?? "/"),
        status: res.statusCode,
        contentType: contentType === undefined ? null : String(contentType),
        body,
        source: "server",
      });
    }
    return end(chunk, ...rest);
  }) as Res["end"];
  next();
}

/** Errors that reached Express: a short 500 when nothing was sent yet, otherwise the connection is cut. */
export function lastErrorHandler(error: unknown, req: ExpressRequest, res: Res, _next: NextFunction) {
  // A client that went away mid-answer is not the server's failure.
  if (res.destroyed || req.socket.destroyed) return void res.destroy();
  logger.error({ err: error, method: req.method, url: app.redactUrl(req.url ?? "/") }, "request failed");
  if (!res.headersSent) refuse(req, res, 500, "Something went wrong on our side. Please try again.");
  else res.destroy();
}
