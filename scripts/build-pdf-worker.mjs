/**
 * Bundles the portfolio PDF's worker thread entry: beside the server build (build/pdf-worker.js) when run as a
 * script by `npm run build`, and on demand for a server run from source (tsx, vitest), so both run the same bundle.
 * The app's own modules go inside; packages are left to node_modules, as in the server build.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { URL, fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

const packagesStayExternal = {
  name: "packages-stay-external",
  setup(b) {
    b.onResolve({ filter: /^[^./~#]/ }, (args) => (args.kind === "entry-point" ? undefined : { path: args.path, external: true }));
  },
};

/** The worker bundle's code; it must run from a file under the project, so that its packages resolve. */
export async function pdfWorkerBundle() {
  const { outputFiles } = await build({
    write: false,
    outfile: "pdf-worker.js",
    absWorkingDir: root,
    entryPoints: ["app/services/reports/pdf/pdf-worker.server.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    plugins: [packagesStayExternal],
    logLevel: "warning",
  });
  return outputFiles[0].text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mkdir("build", { recursive: true });
  await writeFile("build/pdf-worker.js", await pdfWorkerBundle());
}
