import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, EntryContext, HandleDocumentRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getEnv } from "~/env.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { applySecurityHeaders } from "~/services/security-headers.server";
import { NonceProvider } from "~/utils/nonce-provider";

// Refuse to start on a bad configuration, and open (migrate, seed) the database before the first request.
getEnv();
if (!process.env.VITEST) {
  getDb().catch((error) => {
    logger.fatal({ err: error }, "database failed to open");
    process.exit(1);
  });
}

const ABORT_DELAY = 5_000;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Crawlers and no-script readers get the complete page in one piece.
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, nonce);
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

export function handleDataRequest(response: Response) {
  applySecurityHeaders(response.headers);
  return response;
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url, method: request.method }, "unhandled route error");
}
