/**
 * `remix build` through @remix-run/dev's public `cli.run`, then a clean exit.
 *
 * The classic compiler leaves its esbuild contexts open after a build (it disposes them only in watch mode), and
 * esbuild 0.17 (pinned by @remix-run/dev) has no public call that stops its service. The CLI binary then calls
 * `process.exit` straight after the build's last synchronous work. esbuild's service pings the host every second
 * and, once its stdin closes, waits for the open contexts forever; if a ping was sent and not yet answered at
 * that moment, Go reports "fatal error: all goroutines are asleep - deadlock!" after the build has succeeded
 * (one build in four or five under load). Here the process first gives the event loop a turn, so a ping that
 * arrived during that synchronous tail is answered, and exits from a fresh task: the next ping is then most of a
 * second away. See ADR 006 (amendment of 2026-11-27).
 */
import { setTimeout as settle } from "node:timers/promises";

// Importing @remix-run/dev loads its Vite plugin, whose CommonJS entry warns on import; this build does not use Vite.
process.env.VITE_CJS_IGNORE_WARNING ??= "true";
const { cli } = await import("@remix-run/dev");

try {
  await cli.run(["build", ...process.argv.slice(2)]);
  await settle(50);
  process.exit(0);
} catch (error) {
  if (error) console.error(error);
  await settle(50);
  process.exit(1);
}
