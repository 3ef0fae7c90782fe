/**
 * Watches the event loop's longest turn: a synchronous step that runs long holds every request, /healthz included.
 * A timer ticks every TICK_MS; a tick that comes late was held by a turn. On a shared machine a process also waits
 * for a core, which is not its own work, and its other threads (compression, hashing) spend CPU time of their own:
 * a late tick counts as held for no longer than the process's CPU time meanwhile, nor than the time the loop spent
 * outside its wait for events (its utilization, which the other threads do not add to). Each second in which a
 * turn held the loop longer than LONG_TURN_MS is logged with the longest.
 */
import { performance } from "node:perf_hooks";
import { logger } from "./runtime";

export const LONG_TURN_MS = 100;
const TICK_MS = 10;
const REPORT_MS = 1_000;

export function watchEventLoop() {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let lastUtilization = performance.eventLoopUtilization();
  let longest = { heldMs: 0, wallMs: 0 };
  const tick = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const wallMs = now - last - TICK_MS;
    const utilization = performance.eventLoopUtilization();
    const activeMs = performance.eventLoopUtilization(utilization, lastUtilization).active;
    lastUtilization = utilization;
    const heldMs = Math.min(wallMs, (cpu.user + cpu.system) / 1_000, activeMs);
    if (heldMs > longest.heldMs) longest = { heldMs, wallMs };
    last = now;
    lastCpu = process.cpuUsage();
  }, TICK_MS);
  tick.unref();
  const report = setInterval(() => {
    if (longest.heldMs > LONG_TURN_MS)
      logger.warn({ longestTurnMs: Math.round(longest.heldMs), wallMs: Math.round(longest.wallMs) }, "event loop held");
    longest = { heldMs: 0, wallMs: 0 };
  }, REPORT_MS);
  report.unref();
}
