/**
 * The server's request listener: the request target check and the headers every answer carries, then the read-only
 * riskdb API answered at once (the fast path writes the same access-log line itself), and everything else through
 * the Express app, whose middleware runs in the order below. The fast path stays in front of Express: Express's own
 * per-request work (its request and response prototypes, the router's layers) cost the cached hazard_scores most of
 * its throughput (figures: bench/README.md, "Figures behind the code's settings"). Static files come before compression (build
 * output is served precompressed). Nothing that holds a turn runs before the body has arrived.
 */
import zlib from "node:zlib";
import compression from "compression";
import type http from "node:http";
import express, { type Request as ExpressRequest } from "express";
import { bodyGate } from "./admission/body-gate";
import { refusedConnection } from "./connections";
import { checkTarget, securityHeaders } from "./front";
import { cachedPages, pageCache } from "./page-cache";
import { lastErrorHandler, recordApiAnswers, remixHandler } from "./remix";
import { requestLog } from "./request-log";
import { riskdbFastPath } from "./riskdb-fast-path";
import { staticFiles } from "./static-files";
import { healthCheck, takeTurn } from "./admission/turns";

/**
 * Pages and JSON compressed as they are sent. Brotli quality 5 instead of the middleware's 4: about 6 % fewer bytes
 * for a dashboard page for a few milliseconds of CPU (scripts and styles come precompressed at 11).
 */
const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });

/** `onRequestDone` runs when a request's connection is done with it (see front.ts). */
export function createApp(onRequestDone: () => void): http.RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // Nothing reads req.query: the URL is parsed where it is needed.
  app.set("query parser", false);
  // The contract recorder goes before compression, so it sees the bytes sent, as the Content-Encoding names them.
  app.use(requestLog, staticFiles, recordApiAnswers, compress);
  app.use(cachedPages, healthCheck, bodyGate, takeTurn, pageCache);
  app.all("*", remixHandler);
  app.use(lastErrorHandler);
  const headers = securityHeaders(onRequestDone);
  return (req, res) => {
    // Answered 429 when the connection came in: nothing more is read from it or sent on it.
    if (refusedConnection(req)) return void res.destroy();
    checkTarget(req, res, () =>
      headers(req, res, () =>
        riskdbFastPath(req, res, (error?: unknown) => {
          if (error) lastErrorHandler(error, req as ExpressRequest, res, () => {});
          else app(req, res);
        }),
      ),
    );
  };
}
