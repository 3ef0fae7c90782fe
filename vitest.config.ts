import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

/**
 * Vitest instrumentation for the contract test: with API_CONTRACT_DIR set, the loader and action of every
 * app/routes/api+ module are wrapped so each Response a test gets from them is recorded (recorder.server.ts).
 * Without the variable the modules load unchanged.
 */
const RECORDER = fileURLToPath(new URL("./app/services/api-contract/recorder.server.ts", import.meta.url));
const API_ROUTE = /\/app\/routes\/api\+\/[^/]+\.tsx?$/;

function apiRecorderPlugin(): Plugin {
  return {
    name: "api-contract-recorder",
    enforce: "post",
    transform(code, id) {
      if (!process.env.API_CONTRACT_DIR || !API_ROUTE.test(id.split("?")[0]!)) return null;
      const names = new Set<string>();
      let out = code.replace(/export\s+(async\s+)?function\s+(loader|action)\b/g, (_m, async: string | undefined, name: string) => {
        names.add(name);
        return `${async ?? ""}function __route_${name}`;
      });
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
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/faults/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup-vitest.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
