/**
 * `remix build` with one change to the browser build: a `*.server` module, which Remix replaces with an empty
 * CommonJS module there, is marked free of side effects. esbuild then drops the imports a route's loader or action
 * needed, instead of keeping each empty module as a chunk of its own that every page loads (seven of them on
 * /dashboard, each a request of a few hundred bytes of headers for 100 bytes of code). @remix-run/dev is pinned
 * (package.json), and the build fails loudly if the plugin it changes is not where it is expected.
 */
// The CommonJS module object the compiler itself reads the plugin from, so replacing the export here takes effect.
import emptyModules from "@remix-run/dev/dist/compiler/plugins/emptyModules.js";
import { mkdir, rm } from "node:fs/promises";
import { create as createCompiler } from "@remix-run/dev/dist/compiler/compiler.js";
import { createFileWatchCache } from "@remix-run/dev/dist/compiler/fileWatchCache.js";
import { logThrown } from "@remix-run/dev/dist/compiler/utils/log.js";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { logger } from "@remix-run/dev/dist/tux/logger.js";

const original = emptyModules.emptyModulesPlugin;
if (typeof original !== "function") throw new Error("@remix-run/dev changed: emptyModulesPlugin not found; see scripts/remix-build.mjs");

emptyModules.emptyModulesPlugin = (...args) => {
  const plugin = original(...args);
  return {
    ...plugin,
    setup(build) {
      plugin.setup({
        ...build,
        onResolve: (options, callback) =>
          build.onResolve(options, async (resolveArgs) => {
            const result = await callback(resolveArgs);
            return result ? { ...result, sideEffects: false } : result;
          }),
      });
    },
  };
};

/**
 * `remix build`, except that the compiler's esbuild contexts are disposed before the process ends. The CLI command
 * leaves them open; exiting then closes esbuild's stdin while its service still counts the contexts as in use, and if
 * one of its keep-alive pings is unanswered at that moment the service waits forever and dies printing
 * "all goroutines are asleep - deadlock!" after the build has succeeded.
 */
async function build(root = process.env.REMIX_ROOT || process.cwd()) {
  process.env.NODE_ENV ||= "production";
  const mode = process.env.NODE_ENV;
  const start = Date.now();
  logger.info(`building... (NODE_ENV=${mode})`);
  const config = await readConfig(root);
  await rm(config.assetsBuildDirectory, { recursive: true, force: true });
  await mkdir(config.assetsBuildDirectory, { recursive: true });
  const compiler = await createCompiler({
    config,
    options: { mode, sourcemap: false },
    fileWatchCache: createFileWatchCache(),
    logger,
  });
  try {
    await compiler.compile();
  } finally {
    await compiler.dispose();
  }
  logger.info(`built (${((Date.now() - start) / 1000).toFixed(1)}s)`);
}

build(process.argv[2]).catch((error) => {
  logThrown(error);
  process.exitCode = 1;
});
