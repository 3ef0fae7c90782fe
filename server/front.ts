/**
 * The first middleware of every request: the request target checked before any URL is built from it, then the
 * headers every answer carries (static files and resource routes included), set first so anything written later
 * keeps them, and the request counted as in flight until its connection is done with it.
 */
import type { NextFunction } from "express";
import { refuse, type Req, type Res } from "./http";
import { lifecycle } from "./lifecycle";
import { checkRequestTarget } from "./request-target";
import { app } from "./runtime";

const hsts = app.strictTransportSecurity();

export function checkTarget(req: Req, res: Res, next: NextFunction) {
  const target = checkRequestTarget(req.method ?? "GET", req.url ?? "/", req.headers.host);
  if (target.ok) return next();
  if (target.status === 204) {
    res.writeHead(204, { Allow: target.allow });
    return void res.end();
  }
  refuse(req, res, target.status, target.message, true, target.status === 405 ? { Allow: target.allow } : {});
}

/** `onDone` runs once per request when its connection is done with it (answered or abandoned). */
export function securityHeaders(onDone: () => void) {
  return (_req: Req, res: Res, next: NextFunction) => {
    lifecycle.inFlight++;
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    if (lifecycle.shuttingDown) res.setHeader("Connection", "close");
    res.once("close", () => {
      lifecycle.inFlight--;
      onDone();
    });
    next();
  };
}
