import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest instrumentation for the contract test: with API_CONTRACT_DIR set, the loader and action of every
 * app/routes/api+ module are wrapped so each Response a test gets from them is recorded (answer-recorder.server.ts).
 * Without the variable the modules load unchanged.
 */
const RECORDER = fileURLToPath(new URL("./app/services/api/answer-recorder.server.ts", import.meta.url));
const API_ROUTE = /\/app\/routes\/api\+\/.+\.tsx?$/;

function apiRecorderPlugin(): Plugin {
  return {
    name: "api-contract-recorder",
    enforce: "post",
    transform(code, id) {
      if (!process.env.API_CONTRACT_DIR || !API_ROUTE.test(id.split("?")[0]!)) return null;
      const names = new Set<string>();
      let out = code.replace(
        /export\s+(async\s+)?function\s+(loader|action)\b/g,
        (_m, async: string | undefined, name: string) => {
          names.add(name);
          return `${async ?? ""}function __route_${name}`;
        },
      );
      out = out.replace(/export\s+const\s+(loader|action)\b/g, (_m, name: string) => {
        names.add(name);
        return `const __route_${name}`;
      });
      if (!names.size) return null;
      out += `\nimport { recordedRouteHandler as __recorded } from ${JSON.stringify(RECORDER)};\n`;
      for (const name of names) out += `export const ${name} = __recorded(__route_${name});\n`;
      return { code: out, map: null };
    },
  };
}

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const TEST_FOLDERS = ["app", "db", "scripts", "tests/integration", "tests/faults"];

/**
 * A test file needs a database when it uses the test database (#db/testing) or the app's database module, or starts
 * the production server (tests/support/prod-server, build/server.js). Those run once per database (CI: PGlite and
 * PostgreSQL); every other file runs once, without a database.
 */
const STARTS_SERVER = /support\/prod-server|build\/server\.js/;
const NEEDS_DATABASE = new RegExp(`#db\\/testing|\\/db\\.server["']|${STARTS_SERVER.source}`);

/**
 * Files that start the production server in a process of their own (and kill, restart and wait on it) are the longest
 * by far: they start first, so none of them runs alone at the end while the other workers sit idle. Vitest's own order
 * (failed, then longest, from its cache; larger files first on a clean clone) holds within each group.
 */
class ServerFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const startsServer = (spec: TestSpecification) => STARTS_SERVER.test(fs.readFileSync(spec.moduleId, "utf8"));
    return [...sorted.filter(startsServer), ...sorted.filter((spec) => !startsServer(spec))];
  }
}

function testFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes("node_modules"))
      .map((file) => path.posix.join(folder, file.split(path.sep).join("/"))),
  );
}

const databaseFiles = testFiles().filter((file) => NEEDS_DATABASE.test(fs.readFileSync(path.join(ROOT, file), "utf8")));

export default defineConfig({
  plugins: [apiRecorderPlugin()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    globals: true,
    environment: "node",
    setupFiles: ["./tests/setup-vitest.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    sequence: { sequencer: ServerFilesFirst },
    // Vitest's default leaves one core free; on a 2-core CI machine that is one file at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: ["**/node_modules/**", ...databaseFiles],
        },
      },
      {
        extends: true,
        test: { name: "database", include: databaseFiles, globalSetup: ["./tests/global-setup-database.ts"] },
      },
    ],
  },
});
