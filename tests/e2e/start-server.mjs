// Starts the built server for the browser tests: a fresh embedded database per run (or the DATABASE_URL given).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve("tests/.tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: process.env.E2E_PORT ?? "3210",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`,
    MAIL_OUTBOX_PAGE: "public",
    SEED_DEMO_ACCOUNTS: "true",
    LOG_LEVEL: "warn",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
