/**
 * Production HTTP server: static assets with long cache headers, the read-only riskdb API answered before the page
 * router, request body limits and the cross-site check before any action runs, bodies that must arrive at a pace
 * before a request takes an app turn, an in-process cache of anonymous public pages, a JSON access log and a
 * graceful shutdown. Everything else goes to Remix's request handler. Bundled to build/server.js by
 * `npm run build`; `npm start` runs it. docs/decisions/005-server-entry.md says why.
 */
import http from "node:http";
import zlib from "node:zlib";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import { handle } from "./handle";
import { refuse } from "./http";
import { lifecycle } from "./lifecycle";
import { checkRequestTarget } from "./request-target";
import { handleRiskdb, riskdbHandlerFor } from "./riskdb-fast-path";
import { app, env, logger } from "./runtime";
import { isBuildAsset } from "./static-files";
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
    if (lifecycle.inFlight === 0 && !lifecycle.shuttingDown) void app.releaseMemory();
  }, QUIET_COLLECT_MS);
  quietCollection.unref();
}

const server = http.createServer((req, res) => {
  const started = performance.now();
  lifecycle.inFlight++;
  // Every answer, static files and resource routes included: set first, so anything written later keeps it.
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  if (lifecycle.shuttingDown) res.setHeader("Connection", "close");
  res.once("close", () => {
    if (--lifecycle.inFlight === 0) collectWhenQuiet();
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
    if (lifecycle.shuttingDown) server.closeIdleConnections();
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

server.listen(env.PORT, env.HOST, () => {
  logger.info({ port: env.PORT, host: env.HOST ?? "all interfaces" }, "server listening");
  // What starting allocated and let go (migrations, the seed, loading the datasets) is not kept while idle.
  void app.releaseMemory();
});

// ---------- graceful shutdown ----------

/** After the grace period, how long closing the database may take before the process is ended anyway. */
const CLOSE_DB_MS = 5_000;

/**
 * On SIGTERM/SIGINT (and on an uncaught error, which then exits 1): stop accepting, let in-flight requests finish
 * within SHUTDOWN_GRACE_MS, then cut what is left, close the database and exit. A second signal exits at once.
 */
closeWithGrace(
  {
    delay: env.SHUTDOWN_GRACE_MS + CLOSE_DB_MS,
    logger: { error: (message: unknown) => logger.error({ err: message }, "shutdown") },
  },
  async ({ signal, err }) => {
    lifecycle.shuttingDown = true;
    if (err) logger.fatal({ err }, "uncaught error: shutting down");
    logger.info({ signal, inFlight: lifecycle.inFlight }, "shutting down: finishing in-flight requests");
    // Background jobs stop at once, while requests drain: a running report is handed back to the queue rather than
    // cut off when the database closes.
    app.shutDownJobs().catch((error: unknown) => logger.error({ err: error }, "error while stopping the job queue"));
    const force = setTimeout(() => {
      logger.warn({ inFlight: lifecycle.inFlight }, "grace period over: closing the remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    clearTimeout(force);
    await app.closeDb().catch((error: unknown) => logger.error({ err: error }, "error while closing the database"));
    logger.info("stopped");
  },
);
