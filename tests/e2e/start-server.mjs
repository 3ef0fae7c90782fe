// Starts the browser tests' server: tests/e2e/server.ts (the built production server entry, build/server.js, run
// in-process, beside the harness port the fixtures make accounts through), bundled here with esbuild. A fresh
// embedded database per run (or the DATABASE_URL given).
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SMTPServer } from "smtp-server";

const dataDir = path.resolve("tests/.tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// Written by server.ts once the app is loaded; one left by an earlier run names a port and secret that are gone.
fs.rmSync(path.resolve("tests/.tmp/e2e-harness.json"), { force: true });

const serverBundle = path.resolve("tests/.tmp/e2e-server.mjs");
await build({
  entryPoints: ["tests/e2e/server.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Packages stay external (loaded from node_modules, as build/server.js loads them); the app's own modules the seed
  // uses (tsconfig paths ~/ and #db/) are bundled, which esbuild's `packages: "external"` would leave out.
  plugins: [
    {
      name: "packages-external",
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./~#]/ }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
  outfile: serverBundle,
  logLevel: "warning",
});

// A real SMTP server: mail goes out through the queue as in production, and the tests read it from this file
// (a production outbox page hides reset links).
const mailFile = path.resolve("tests/.tmp/e2e-mail.jsonl");
fs.rmSync(mailFile, { force: true });
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      fs.appendFileSync(mailFile, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const child = spawn(process.execPath, [serverBundle], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PAYMENTS: "test",
    PORT: process.env.E2E_PORT ?? "3210",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`,
    MAIL_OUTBOX_PAGE: "public",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO_ACCOUNTS: "true",
    // Every journey signs up and logs in from 127.0.0.1: the per-client limits would trip across journeys. The limits
    // themselves are covered by the integration tests; per-recipient mail limits stay on.
    DISABLE_RATE_LIMIT: "true",
    LOG_LEVEL: "warn",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => smtp.close(() => process.exit(code ?? 0)));
