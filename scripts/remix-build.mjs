/**
 * `remix build` through @remix-run/dev's public `cli.run`, then esbuild's service is stopped before the exit.
 *
 * The classic compiler leaves its esbuild contexts open after a build (it disposes them only in watch mode), and
 * esbuild 0.17 (pinned by @remix-run/dev; the copy in node_modules/esbuild is the one it uses) has no public call
 * that stops its service. Once the process exits, the service sees its stdin close and waits for those contexts
 * for ever; if one of its once-a-second pings is unanswered at that moment, Go prints "fatal error: all goroutines
 * are asleep - deadlock!" after the build has succeeded (1 build in 6 of plain `remix build` under load, and 2 in 10
 * when this script only let the event loop answer pending pings before exiting). So the service, an idle child
 * process of this one once the build has resolved, is ended with SIGTERM first, as later esbuild releases do in
 * their public `stop()`. Its pid is read from /proc (Linux: CI and the image); elsewhere the exit is as the CLI's.
 * See ADR 022 ("The build on public APIs").
 */
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

// Importing @remix-run/dev loads its Vite plugin, whose CommonJS entry warns on import; this build does not use Vite.
process.env.VITE_CJS_IGNORE_WARNING ??= "true";
const { cli } = await import("@remix-run/dev");

/** The pids of this process's esbuild services (`esbuild --service=<version>`), from /proc on Linux. */
function esbuildServices() {
  if (process.platform !== "linux") return [];
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid ...": the command name may hold spaces, so read after its closing parenthesis.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent !== process.pid) continue;
      if (
        readFileSync(`/proc/${entry}/cmdline`, "utf8")
          .split("\0")
          .some((arg) => arg.startsWith("--service="))
      )
        pids.push(Number(entry));
    } catch {
      // The process ended while we read it.
    }
  }
  return pids;
}

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends the esbuild services and waits (at most 2 s) until Node has reaped them. */
async function stopEsbuild() {
  const pids = esbuildServices();
  for (const pid of pids) process.kill(pid, "SIGTERM");
  for (let waited = 0; pids.some(isRunning) && waited < 2000; waited += 10) await sleep(10);
}

try {
  await cli.run(["build", ...process.argv.slice(2)]);
  await stopEsbuild();
  process.exit(0);
} catch (error) {
  if (error) console.error(error);
  await stopEsbuild();
  process.exit(1);
}
