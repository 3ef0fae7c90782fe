/**
 * `remix build` with one change to the browser build: a `*.server` module, which Remix replaces with an empty
 * CommonJS module there, is marked free of side effects. esbuild then drops the imports a route's loader or action
 * needed, instead of keeping each empty module as a chunk of its own that every page loads (seven of them on
 * /dashboard, each a request of a few hundred bytes of headers for 100 bytes of code). @remix-run/dev is pinned
 * (package.json), and the build fails loudly if the plugin it changes is not where it is expected.
 */
// The CommonJS module object the compiler itself reads the plugin from, so replacing the export here takes effect.
import emptyModules from "@remix-run/dev/dist/compiler/plugins/emptyModules.js";
import remixDev from "@remix-run/dev";

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

remixDev.cli.run(["build", ...process.argv.slice(2)]).then(
  () => process.exit(0),
  (error) => {
    if (error) console.error(error);
    process.exit(1);
  },
);
