/**
 * App turns (see admission.ts) as middleware, and the health check that never queues: a load balancer must see a
 * busy server as alive, but not one that has stopped answering (every turn taken and none ending).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction } from "express";
import onHeaders from "on-headers";
import { Admission, type Turn } from "./admission";
import { NO_TURN, addressOf, type GatedReq } from "./body-gate";
import { SAFE_METHODS, pathnameOf, type Res } from "../http";
import { app, env, logger } from "../runtime";

/** Requests the app works on at once. */
export const appTurns = new Admission({
  concurrency: env.APP_CONCURRENCY,
  // While others wait, one address holds at most a quarter of the turns.
  sharePerAddress: Math.max(1, Math.floor(env.APP_CONCURRENCY / 4)),
  turnTimeoutMs: 30_000,
  stallMs: 10_000,
});

/** The turn of the request whose work is running, for the app's `offTurn` (app/services/infra/turns.server.ts). */
const currentTurn = new AsyncLocalStorage<Turn>();
app.lendTurnsWith((work) => {
  const turn = currentTurn.getStore();
  return turn ? turn.stepAside(work) : work();
});

export function healthCheck(req: GatedReq, res: Res, next: NextFunction) {
  if (!SAFE_METHODS.has(req.method ?? "GET") || pathnameOf(req.url ?? "/") !== "/healthz") return next();
  if (!appTurns.stalled()) {
    req[NO_TURN] = true;
    return next();
  }
  const body = JSON.stringify({ status: "error", app: "not answering", ...appTurns.counts });
  res.writeHead(503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}

/** Aborts when the client has gone before its answer was complete. */
function clientGone(res: Res): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Takes a turn (whose body, if any, has arrived) and holds it until the app has made its answer (its headers go
 * out; the body then streams to the client without holding a turn) or the client has gone; a request whose client
 * leaves while it waits goes no further.
 */
export function takeTurn(req: GatedReq, res: Res, next: NextFunction) {
  if (req[NO_TURN]) return next();
  const onTimeout = () =>
    logger.warn(
      { method: req.method, url: app.redactUrl(req.url ?? "/") },
      "request ran past its turn: the next one starts",
    );
  void appTurns.take(addressOf(req), clientGone(res), onTimeout).then((turn) => {
    if (!turn) return;
    onHeaders(res, turn.release);
    res.once("close", turn.release);
    currentTurn.run(turn, next);
  });
}
