import pino from "pino";
import { redactSecretParams } from "~/domain/http/redaction";

/**
 * A URL (or any text holding URLs) fit for a log line: reset and newsletter tokens, API keys and other secrets in
 * query strings are replaced by "[redacted]". Every place that logs a URL goes through it (the access log too).
 */
export function redactUrl(url: string | URL): string {
  return redactSecretParams(String(url));
}

/** Structured JSON logs on stdout, one object per line; `url` fields and Authorization headers never carry secrets. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: { service: "climate-risk" },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: ["headers.authorization", "headers.cookie", "req.headers.authorization", "req.headers.cookie"],
    censor: "[redacted]",
  },
  formatters: {
    log(object) {
      for (const key of ["url", "path", "referer", "href"] as const) {
        if (typeof object[key] === "string") object[key] = redactUrl(object[key] as string);
      }
      return object;
    },
  },
});
