import crypto from "node:crypto";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDocumentRequestFunction,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isPrivatePath } from "~/domain/http/cache-policy";
import { checkRequestOrigin } from "~/domain/http/requests/request-origin";
import { getEnv } from "~/env.server";
import { PRIVATE_CACHE_CONTROL, withoutSharedCachingWhenSettingCookies } from "~/services/http/cache-headers.server";
import {
  closeDb,
  embeddedDatabaseIsNew,
  getDb,
  leaveShutdownToServer,
  openEmbeddedDatabaseToPrepare,
} from "~/services/infra/db.server";
import { prepareJobQueue, shutDownJobs } from "~/services/infra/jobs.server";
import { logger, redactUrl } from "~/services/infra/logger.server";
import { datasetLoaded, releaseMemory, releaseMemoryAfterDatasetLoads } from "~/services/infra/native-memory.server";
import { onRiskEngineLoaded } from "~/risk/engine/load-engine.server";
import { startPendingOrderSweeper } from "~/services/commerce/orders/orders.server";
import { startMailWorker } from "~/services/mail/mail.server";
import { announceServedDataset, startWebhookWorker } from "~/services/webhooks/webhooks.server";
import { startInstanceEvents } from "~/services/infra/instance-events.server";
import { lendTurnsWith } from "~/services/infra/turns.server";
import { publicPageCache } from "~/services/http/page-cache.server";
import { openApiDocuments } from "~/services/api/openapi-document.server";
import { AnonymousRateLimitError, takeAnonymousRequest } from "~/services/api/keys/anonymous-rate-limit.server";
import { createActionlessCheck } from "~/services/http/route-methods.server";
import { startReportWorkers } from "~/services/portfolio/report/report.server";
import { applySecurityHeaders, strictTransportSecurity } from "~/services/http/security-headers.server";
import { withoutUnwrittenViewTails } from "~/services/http/rendered-html.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { ServerDrawnProvider } from "~/utils/server-drawn";

/**
 * Opens (migrates, seeds) the database before the first request and starts the background workers. Loading this
 * module starts nothing: the server entry (server/runtime.ts) calls this once it has checked the configuration and,
 * on a first start, prepared the embedded database; tests start what they need themselves.
 */
export function startServerRuntime() {
  // the engine and the place list load on the first request that needs them: what loading let go is given back
  releaseMemoryAfterDatasetLoads();
  onRiskEngineLoaded(datasetLoaded);
  // Made now, before the server listens: made by a request, they would hold the event loop for hundreds of ms.
  openApiDocuments();
  getDb()
    .then(() => {
      startMailWorker();
      startWebhookWorker();
      announceServedDataset().catch((error) => logger.error({ err: error }, "announcing the dataset version failed"));
      startPendingOrderSweeper();
      startInstanceEvents();
    })
    .catch((error) => {
      logger.fatal({ err: error }, "database failed to open");
      process.exit(1);
    });
  startReportWorkers().catch((error) => logger.error({ err: error }, "job queue failed to start"));
}

/**
 * A new embedded database made ready to serve (cluster, migrations, seed, the job queue's tables) and closed again:
 * the first start does this in a process of its own (server/index.ts), where the memory it takes goes away with it.
 */
async function prepareEmbeddedDatabase() {
  await openEmbeddedDatabaseToPrepare();
  await prepareJobQueue();
  await closeDb();
}

const ABORT_DELAY = 5_000;

/**
 * What the production server entry (server/index.ts) uses from the app: the same module instances the routes use (one
 * database, one engine, one page cache), reached through the server build.
 */
export const serverRuntime = {
  startServerRuntime,
  embeddedDatabaseIsNew,
  prepareEmbeddedDatabase,
  getDb,
  closeDb,
  releaseMemory,
  shutDownJobs,
  leaveShutdownToServer,
  logger,
  redactUrl,
  publicPageCache,
  takeAnonymousRequest,
  AnonymousRateLimitError,
  checkRequestOrigin,
  createActionlessCheck,
  publicUrl: () => getEnv().PUBLIC_URL,
  strictTransportSecurity,
  lendTurnsWith,
};
export type ServerRuntime = typeof serverRuntime;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  withoutSharedCachingWhenSettingCookies(responseHeaders);
  const nonce = crypto.randomBytes(16).toString("base64");
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerDrawnProvider value={loadContext?.serverDrawn ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ServerDrawnProvider>
      </NonceProvider>,
      {
        nonce,
        // Crawlers and no-script readers get the complete page in one piece.
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = withoutUnwrittenViewTails();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, nonce);
          applyPrivateCaching(request, responseHeaders);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
};

export default handleRequest;

export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  withoutSharedCachingWhenSettingCookies(response.headers);
  applySecurityHeaders(response.headers);
  applyPrivateCaching(request, response.headers);
  return response;
}

/**
 * One place for private answers: no shared or browser cache keeps the dashboard, the login page or the outbox, nor
 * the answer to a form submission (it carries what the visitor sent, e.g. a previewed file).
 */
function applyPrivateCaching(request: Request, headers: Headers) {
  const submitted = request.method !== "GET" && request.method !== "HEAD";
  if (submitted || isPrivatePath(new URL(request.url).pathname)) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // The framework's own 4xx (a `_data` naming a route the URL does not reach) is the client's mistake, answered as such.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logger.error({ err: error, url: redactUrl(request.url), method: request.method }, "unhandled route error");
}
