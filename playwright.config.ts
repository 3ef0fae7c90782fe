import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const TEST_DIR = "./tests/e2e";

/**
 * Journeys that sign in as a seeded demo account share that account's state with each other (orders, credits, the
 * intro tour, which a purchase brings back): they run one at a time, the JavaScript project before the one without,
 * as they always have. Every other journey uses accounts of its own or none and runs in parallel with them.
 */
const DEMO_ACCOUNT = /\b(?:discovery|premium|granular|countryplus|admin)@example\.com\b/;
const demoAccountFiles = fs
  .readdirSync(TEST_DIR, { recursive: true, encoding: "utf8" })
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => file.endsWith(".spec.ts") && DEMO_ACCOUNT.test(fs.readFileSync(path.join(TEST_DIR, file), "utf8")));
const usesDemoAccounts = new RegExp(
  `[\\\\/](?:${demoAccountFiles.map((file) => file.replace(/[.]/g, "\\.")).join("|")})$`,
);
const js = { ...devices["Desktop Chrome"], javaScriptEnabled: true };
const noJs = { ...devices["Desktop Chrome"], javaScriptEnabled: false };

export default defineConfig({
  testDir: TEST_DIR,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  projects: [
    // The demo-account journeys keep the projects' plain names (and so the screenshot baselines' names);
    // run one file of the others with --project='js*'.
    { name: "js", use: js, testMatch: usesDemoAccounts, workers: 1 },
    // After the JavaScript project, not beside it (a failure there leaves these unrun; the run has failed anyway).
    { name: "no-js", use: noJs, testMatch: usesDemoAccounts, workers: 1, dependencies: ["js"] },
    { name: "js-own-accounts", use: js, testIgnore: usesDemoAccounts },
    { name: "no-js-own-accounts", use: noJs, testIgnore: usesDemoAccounts },
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
