/**
 * Screenshots of the dashboard's hazard cards (each score with what its band means in units, the historical slot
 * with its years), at a desktop and a phone width, with JavaScript on and off:
 *
 *   npm run build && npx tsx scripts/hazard-card-screenshots.ts docs/screenshots
 *
 * Starts the production entry on a fresh embedded database with the demo accounts, signs in as the PREMIUM demo
 * account, opens Egypt under RCP8.5 2050 and writes hazard-card-<width>-<js|no-js>.png (the hazard cards, heat wave's
 * "Why this score" opened) into the folder given.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { assertBuilt, newDataDir, startServer, type StartedServer } from "../bench/support/servers";

const WIDTHS = [
  [1366, 900],
  [390, 844],
] as const;
const VIEW = "/dashboard?location_code=EG&scenario=rcp85&period=2050";

async function main() {
  const outDir = path.resolve(process.argv[2] ?? "docs/screenshots");
  fs.mkdirSync(outDir, { recursive: true });
  assertBuilt();
  const dataDir = newDataDir("hazard-card-");
  let server: StartedServer | undefined;
  try {
    server = await startServer("server.ts", Number(process.env.SCREENSHOT_PORT ?? 0) || 3306, dataDir, {
      LOG_LEVEL: "warn",
    });
    const browser = await chromium.launch({
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox"],
    });
    for (const js of [true, false]) {
      const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: js });
      await context.addCookies([{ name: "cookie_consent", value: "v1:necessary", url: server.url }]);
      const page = await context.newPage();
      await page.goto("/dashboard/login");
      if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByLabel("E-mail").fill(process.env.SCREENSHOT_ACCOUNT ?? "premium@example.com");
      await page.getByLabel("Password").fill("Demo-password-2026");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
      // The tour opens after each sign-in; skipping it is remembered for the account.
      if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      if ((await page.locator("[data-intro-tour]").getAttribute("data-intro-tour")) === "open") {
        const skip = page.getByRole("button", { name: "Skip tour" });
        await skip.click();
        await skip.waitFor({ state: "hidden" });
      }
      for (const [width, height] of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(VIEW);
        if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        const cards = page.getByRole("list", { name: "Hazards" });
        await cards.waitFor();
        const heat = cards.locator('[data-hazard="HW"]');
        await heat.locator("summary", { hasText: "Why this score" }).click();
        const file = path.join(outDir, `hazard-card-${width}-${js ? "js" : "no-js"}.png`);
        await cards.screenshot({ path: file, animations: "disabled" });
        process.stdout.write(`${file}\n`);
      }
      await context.close();
    }
    await browser.close();
  } finally {
    await server?.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
