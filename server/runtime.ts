/**
 * The Remix build and the app runtime it carries, loaded once: the configuration is checked first (a bad setting
 * stops the start with the variable named), a new embedded database is created in a process of its own, then the
 * runtime starts. Every other server module reaches the app through here.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { ServerRuntime } from "~/entry.server";
import { getEnv } from "~/env.server";

export const ROOT = process.cwd();
const BUILD_PATH = path.resolve(ROOT, "build/index.js");
export const PUBLIC_DIR = path.resolve(ROOT, "public");
export const env = getEnv();

/** Set in the short-lived process that creates a new embedded database (see prepareNewEmbeddedDatabase). */
const PREPARE_DATABASE_ONLY = "PREPARE_DATABASE_ONLY";

// Loading the build starts nothing (tests/integration/routes/entry-server-import.test.ts): this entry decides where a
// new embedded database is created, then starts the runtime.
export const build = (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild & {
  entry: { module: { serverRuntime: ServerRuntime } };
};
export const app = build.entry.module.serverRuntime;
export const { logger } = app;
if (process.env[PREPARE_DATABASE_ONLY]) {
  await app.prepareEmbeddedDatabase();
  process.exit(0);
}
if (app.embeddedDatabaseIsNew()) await prepareNewEmbeddedDatabase();
app.leaveShutdownToServer();
app.startServerRuntime();

/**
 * A first start on the embedded database creates its cluster in a child process: creating it leaves the process
 * that did it with much more resident memory than serving needs (heap pages the allocator keeps; bench/README.md), and an
 * idle server should not carry that for its whole life.
 */
async function prepareNewEmbeddedDatabase() {
  const started = performance.now();
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, [PREPARE_DATABASE_ONLY]: "1" },
    stdio: "inherit",
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    logger.fatal({ code, signal }, "creating the embedded database failed");
    process.exit(1);
  }
  logger.info({ ms: Math.round(performance.now() - started) }, "embedded database created");
}

/** The app as a fetch handler (a Request in, a Response out), for the page cache; server/remix.ts serves Express. */
export const remixFetchHandler = createRequestHandler(build, "production");
/** Routes without an action: a POST to one gets our 405, never the framework's own text. */
export const reachesNoAction = app.createActionlessCheck(build.routes);
