/**
 * The Express app: the middleware every request passes, in order. The riskdb fast path comes right after the
 * security headers, before pino-http, static files, compression and the router's other work, for its throughput (it
 * writes the same access-log line itself); static files come before compression (build output is served
 * precompressed). Nothing that holds a turn runs before the body has arrived.
 */
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { bodyGate } from "./admission/body-gate";
import { checkTarget, securityHeaders } from "./front";
import { pageCache } from "./page-cache";
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
export function createApp(onRequestDone: () => void) {
  const app = express();
  app.disable("x-powered-by");
  // Nothing reads req.query: the URL is parsed where it is needed, and the fast path should not pay for it.
  app.set("query parser", false);
  app.use(checkTarget, securityHeaders(onRequestDone), riskdbFastPath, requestLog, staticFiles, compress);
  app.use(healthCheck, bodyGate, takeTurn, pageCache, recordApiAnswers);
  app.all("*", remixHandler);
  app.use(lastErrorHandler);
  return app;
}
