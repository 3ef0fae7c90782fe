/**
 * Production HTTP server: an Express app (app.ts) with static assets under long cache headers, the read-only riskdb
 * API answered before the page router, request body limits and the cross-site check before any action runs, bodies
 * that must arrive at a pace before a request takes an app turn, an in-process cache of anonymous public pages and a
 * JSON access log (pino-http); everything else goes to `@remix-run/express`. Here: listening, giving memory back
 * when idle, and the graceful shutdown. Bundled to build/server.js by `npm run build`; `npm start` runs it.
 * docs/decisions/005-server-entry.md says why.
 */
import http from "node:http";
import closeWithGrace from "close-with-grace";
import { createApp } from "./app";
import { capConnectionsPerAddress, connectionOptions } from "./connections";
import { watchEventLoop } from "./event-loop";
import { lifecycle } from "./lifecycle";
import { app, env, logger } from "./runtime";

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

const server = http.createServer(
  connectionOptions,
  createApp(() => {
    if (lifecycle.inFlight === 0) collectWhenQuiet();
    if (lifecycle.shuttingDown) server.closeIdleConnections();
  }),
);

capConnectionsPerAddress(server);

server.listen(env.PORT, env.HOST, () => {
  logger.info({ port: env.PORT, host: env.HOST ?? "all interfaces" }, "server listening");
  // What starting allocated and let go (migrations, the seed, loading the datasets) is not kept while idle.
  void app.releaseMemory();
  watchEventLoop();
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
