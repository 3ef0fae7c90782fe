/**
 * Records the API's answers for the contract test: with API_CONTRACT_DIR set, every /api/* response is appended to
 * an NDJSON file in that folder (method, path, status, content type, body), which scripts/api-contract/check.ts then
 * validates against the OpenAPI document. Off (a no-op) whenever the variable is unset, as in production.
 */
import fs from "node:fs";
import path from "node:path";

export interface RecordedExchange {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: string | null;
  /** Where the answer was seen: the production server or a test calling a route handler directly. */
  source: string;
}

let file: string | null | undefined;

function recordFile(): string | null {
  if (file !== undefined) return file;
  const dir = process.env.API_CONTRACT_DIR;
  if (!dir) return (file = null);
  fs.mkdirSync(dir, { recursive: true });
  return (file = path.join(dir, `answers-${process.pid}.ndjson`));
}

export function apiRecorderEnabled(): boolean {
  return recordFile() !== null;
}

/**
 * The document itself is what answers are checked against, not an answer: recording it (about 1 MB, appended
 * synchronously) would also hold the server's event loop in the tests that fetch it many times at once.
 */
const NOT_RECORDED = new Set(["/api/openapi.json"]);

/** Whether an answer to this path is recorded (when the recorder is on): the /api/ answers, the document aside. */
export function isRecordedApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") && !NOT_RECORDED.has(pathname);
}

export function recordApiExchange(exchange: RecordedExchange) {
  const target = recordFile();
  if (!target || !isRecordedApiPath(exchange.path)) return;
  fs.appendFileSync(target, `${JSON.stringify(exchange)}\n`);
}

/** Records a Response without consuming it. */
export async function recordApiResponse(request: { method: string; url: string }, response: Response, source: string) {
  if (!apiRecorderEnabled()) return;
  const { pathname } = new URL(request.url, "http://localhost");
  if (!isRecordedApiPath(pathname)) return;
  const body = response.body && request.method !== "HEAD" ? await response.clone().text() : null;
  recordApiExchange({
    method: request.method,
    path: pathname,
    status: response.status,
    contentType: response.headers.get("Content-Type"),
    body,
    source,
  });
}

type Handler<A> = (args: A) => unknown;

/**
 * Wraps a route's loader or action so each answer it returns or throws is recorded (vitest instrumentation).
 * @internal
 */
export function recordedRouteHandler<A extends { request: Request }>(handler: Handler<A>): Handler<A> {
  return async (args: A) => {
    try {
      const result = await handler(args);
      if (result instanceof Response) await recordApiResponse(args.request, result, "route");
      return result;
    } catch (thrown) {
      if (thrown instanceof Response) await recordApiResponse(args.request, thrown, "route");
      throw thrown;
    }
  };
}
