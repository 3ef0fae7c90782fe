/**
 * The access log, through pino-http: one JSON line per request when its answer is sent or its client goes away
 * (`aborted: true`), with the URL's secrets redacted and never a header. Each request has an id: a valid incoming
 * `X-Request-Id` is kept (a proxy in front may have logged it already), otherwise a new UUID; it is sent back as
 * `X-Request-Id` on every answer and set on the request's headers, so the app reads the same id.
 */
import onHeaders from "on-headers";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { REQUEST_ID_HEADER, requestIdFrom } from "~/domain/api/api-errors";
import type { Req, Res } from "./http";
import { app, logger } from "./runtime";

/** Node's name of the header: lower case. */
const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

export function requestIdFor(incoming: string | string[] | undefined): string {
  return requestIdFrom(typeof incoming === "string" ? incoming : null);
}

export function line(req: Req, res: Res, responseTime: number) {
  return {
    method: req.method,
    url: app.redactUrl(req.url ?? "/"),
    status: res.statusCode,
    ms: responseTime,
    remoteAddress: req.socket.remoteAddress,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/**
 * The access log's own logger, same output and fields as the app's: pino-http makes a child logger per request, and
 * a child of the app's logger (with its redaction paths and formatters) cost a third of the riskdb fast path's
 * throughput. The line below carries no header, and its URL is redacted already.
 */
export const accessLogger = pino({
  level: logger.level,
  base: { service: "climate-risk" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export const requestLog = pinoHttp<Req, Res>({
  logger: accessLogger,
  // The request id alone is bound to the request's logger; the line itself is written below.
  quietReqLogger: true,
  quietResLogger: true,
  genReqId: (req, res) => {
    const id = requestIdFor(req.headers[REQUEST_ID]);
    req.headers[REQUEST_ID] = id;
    // Set as the headers go out, unless the app's answer already names it (the adapter appends the Response's
    // headers, so an id set now would be sent twice).
    onHeaders(res, () => {
      if (!res.hasHeader(REQUEST_ID_HEADER)) res.setHeader(REQUEST_ID_HEADER, id);
    });
    return id;
  },
  customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
  customSuccessMessage: () => "request",
  customErrorMessage: () => "request",
  customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
  customErrorObject: (req, res, err, value: { responseTime: number }) => ({
    ...line(req, res, value.responseTime),
    err,
  }),
});

/**
 * The same id and line for the riskdb fast path, without pino-http: its per-request child logger and listeners
 * cost the fast path about two thirds of its throughput (the line is the same, written when the answer is done).
 */
export function logFastRequest(req: Req, res: Res) {
  const started = Date.now();
  const id = requestIdFor(req.headers[REQUEST_ID]);
  req.headers[REQUEST_ID] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  res.once("close", () => {
    const entry = { reqId: id, ...line(req, res, Date.now() - started) };
    if (res.statusCode >= 500) accessLogger.error(entry, "request");
    else accessLogger.info(entry, "request");
  });
}
