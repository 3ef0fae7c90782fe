import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { skipTour } from "../helpers";

/*
 * Screenshot comparisons of the dashboard as a DISCOVERY account (in the seeded demo account's state) first sees it (United Kingdom), at a desktop
 * and a phone width. After an intended change of the page, regenerate the baselines with
 *   E2E_PORT=<port> npx playwright test tests/e2e/dashboard/dashboard-visual.spec.ts --project=js --update-snapshots
 * and look at the new PNGs beside this file before committing them.
 */

const VIEWPORTS = [
  { name: "dashboard-1366.png", width: 1366, height: 900 },
  { name: "dashboard-390.png", width: 390, height: 844 },
] as const;

/** What changes without the page changing: the map (tiles, zoom animation) and the footer's year. */
function unstableParts(page: Page) {
  return [page.locator('section[aria-labelledby="map-title"] figure'), page.locator("footer")];
}

test.describe("dashboard look", () => {
  for (const viewport of VIEWPORTS) {
    test(`the dashboard at ${viewport.width} px matches ${viewport.name}`, async ({ signIn, page }, info) => {
      test.skip(info.project.use.javaScriptEnabled === false, "one baseline per width: the page with JavaScript");
      await page
        .context()
        .addCookies([{ name: "cookie_consent", value: "v1:necessary", url: info.project.use.baseURL! }]);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn({ plan: "DISCOVERY" });
      await skipTour(page);
      await page.goto("/dashboard");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByTestId("score-card").first()).toBeVisible();
      // The charts are images loaded as they come into view: load them all, so the full-page shot shows them.
      await page.evaluate(() =>
        document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = "eager")),
      );
      await expect
        .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)))
        .toBe(true);
      await page.waitForLoadState("networkidle");
      // The page is never wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expect(page).toHaveScreenshot(viewport.name, {
        fullPage: true,
        mask: unstableParts(page),
        animations: "disabled",
        caret: "hide",
        maxDiffPixelRatio: 0.01,
      });
    });
  }
});
