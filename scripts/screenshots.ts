/**
 * Screenshots of the signed-in pages at a desktop and a phone width, for reviewing the look of the dashboard.
 *
 *   npm run build && npx tsx scripts/screenshots.ts docs/screenshots/after
 *
 * Starts the production entry on a fresh embedded database with the demo accounts, signs in as the PREMIUM demo
 * account, buys a report on a small workbook (so the scan and corporate pages show their tables), and writes <page>-<width>.png (full page, at most 3000 px tall) into the folder given.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { mergedHeaderXlsx } from "../tests/support/portfolio-files";
import { assertBuilt, newDataDir, startServer, type StartedServer } from "../bench/support/servers";

const PAGES = [
  ["dashboard", "/dashboard"],
  ["account", "/dashboard/account"],
  ["cart", "/dashboard/cart"],
  ["scan", "/dashboard/scan"],
  ["corporate", "/dashboard/corporate"],
] as const;
const WIDTHS = [
  [1366, 900],
  [390, 844],
] as const;
const MAX_HEIGHT = 3000;

async function main() {
  const outDir = path.resolve(process.argv[2] ?? "docs/screenshots/after");
  fs.mkdirSync(outDir, { recursive: true });
  assertBuilt();
  const dataDir = newDataDir("screenshots-");
  let server: StartedServer | undefined;
  try {
    server = await startServer("server.ts", Number(process.env.SCREENSHOT_PORT ?? 0) || 3397, dataDir, {
      LOG_LEVEL: "warn",
    });
    const browser = await chromium.launch({
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox"],
    });
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([{ name: "cookie_consent", value: "v1:necessary", url: server.url }]);
    const page = await context.newPage();
    await page.goto("/dashboard/login");
    await page.getByLabel("E-mail").fill(process.env.SCREENSHOT_ACCOUNT ?? "premium@example.com");
    await page.getByLabel("Password").fill("Demo-password-2026");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/dashboard$/);
    // The tour opens after each sign-in; closing it is remembered for the account.
    if ((await page.locator("[data-intro-tour]").getAttribute("data-intro-tour")) === "open") {
      await page.getByRole("button", { name: "Skip tour" }).click();
      await page.locator('[data-intro-tour="closed"]').waitFor({ state: "attached" });
    }
    await page.goto("/dashboard/scan");
    await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({
      name: "portfolio.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await mergedHeaderXlsx(),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await page.getByRole("button", { name: "Order the full report" }).click();
    await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
    await page.getByRole("button", { name: "Confirm purchase" }).click();
    await page.getByTestId("report-ready").waitFor({ timeout: 90_000 });
    const scanUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const [name, pageUrl] of PAGES) {
        const url = name === "scan" ? scanUrl : pageUrl;
        await page.goto(url);
        // Chart images load as they come into view: load them all for the full-page shot.
        await page.evaluate(() =>
          document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = "eager")),
        );
        await page.waitForLoadState("networkidle");
        const full = await page.evaluate(() => document.documentElement.scrollHeight);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        // The elements that stick out of the viewport, if any: the page should never scroll sideways.
        const overflowing = await page.evaluate(() =>
          [...document.body.querySelectorAll("*")]
            .filter(
              (e) =>
                e.getBoundingClientRect().right > window.innerWidth + 1 &&
                ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1),
            )
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join(".")}`),
        );
        if (overflowing.length)
          console.log(`  ${name} at ${width}: wider than the viewport: ${overflowing.join(", ")}`);
        const file = path.join(outDir, `${name}-${width}.png`);
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: Math.max(width, wide), height: Math.min(full, MAX_HEIGHT) },
        });
        console.log(`${file}  page ${wide}x${full}`);
      }
    }
    await browser.close();
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
