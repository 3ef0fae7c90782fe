import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const TEST_DIR = "./tests/e2e";

const js = { ...devices["Desktop Chrome"], javaScriptEnabled: true };
const noJs = { ...devices["Desktop Chrome"], javaScriptEnabled: false };

export default defineConfig({
  testDir: TEST_DIR,
  // Every journey signs in as a fresh account of its own (tests/e2e/fixtures.ts) or none: any two may run together.
  fullyParallel: true,
  workers: 2,
  // A test that fails runs once more, recording a trace (below) to read; one that passes only on that retry still fails
  // the run (and scripts/test-all.sh counts it as failed), so the retry never hides a fault.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace (a snapshot and screenshot per action) costs about a quarter of the suite's time, so it is
    // recorded on the retry of a failed test only.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  projects: [
    // The screenshot baselines are named by project (…-js-linux.png).
    { name: "js", use: js },
    { name: "no-js", use: noJs },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
