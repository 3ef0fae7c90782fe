import pino from "pino";

/** Structured JSON logs on stdout, one object per line. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: { service: "climate-risk" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
