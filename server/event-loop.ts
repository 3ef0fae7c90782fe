/**
 * Watches the event loop's longest turn: a synchronous step that runs long holds every request, /healthz included.
 * Each second in which a turn ran longer than LONG_TURN_MS is logged with the longest one, so a regression shows in
 * the log (and the server tests read it).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { logger } from "./runtime";

export const LONG_TURN_MS = 100;
const SAMPLE_MS = 10;
const REPORT_MS = 1_000;

export function watchEventLoop() {
  const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  delay.enable();
  const report = setInterval(() => {
    // The histogram measures how late its sampling timer fired: the turn that held it, less the sampling period.
    const longestMs = Math.round(delay.max / 1e6);
    delay.reset();
    if (longestMs > LONG_TURN_MS) logger.warn({ longestTurnMs: longestMs }, "event loop held");
  }, REPORT_MS);
  report.unref();
}
