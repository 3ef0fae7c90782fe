/**
 * Bundles the portfolio PDF's worker thread entry beside the server build (build/pdf-worker.js): the app's own
 * modules inside, packages left to node_modules as the server build leaves them.
 */
import { build } from "esbuild";

const packagesStayExternal = {
  name: "packages-stay-external",
  setup(b) {
    b.onResolve({ filter: /^[^./~#]/ }, (args) => (args.kind === "entry-point" ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: ["app/services/reports/pdf-worker.server.ts"],
  outfile: "build/pdf-worker.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.json",
  plugins: [packagesStayExternal],
  logLevel: "warning",
});
