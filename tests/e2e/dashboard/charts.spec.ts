import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

const barNames = (page: Page) =>
  page
    .getByRole("list", { name: "Charts by hazard" })
    .getByRole("img")
    .evaluateAll((els) => els.map((e) => e.getAttribute("alt")));

test("hazard bar charts and level pies are in the page as drawn images, and follow a change of country", async ({
  signIn,
  page,
  javaScriptEnabled,
}) => {
  await signIn({ plan: "PREMIUM" });
  await page.getByRole("button", { name: "Skip tour" }).click();
  await page.goto("/dashboard?location_code=GB");
  const bars = page.getByRole("list", { name: "Charts by hazard" }).getByRole("img");
  await expect(bars).toHaveCount(12);
  await expect(bars.first()).toHaveAccessibleName(/^Aggregate: Historical \(1950-1999\) \d, RCP2\.6 2030 \d/);
  await expect(page.getByRole("heading", { name: /Risk-level distribution of the \d+ hexagons/ })).toBeVisible();
  const pie = page.getByRole("list", { name: "Pies by hazard" }).getByRole("img").first();
  await expect(pie).toHaveAccessibleName(/^Aggregate: /);
  // The images are drawn by the server from their URL: scrolled into view, each one loads.
  await pie.scrollIntoViewIfNeeded();
  await expect.poll(() => pie.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(180);
  await bars.first().scrollIntoViewIfNeeded();
  await expect.poll(() => bars.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(280);
  const gb = await barNames(page);

  await page.locator('select[name="location_code"]').first().selectOption("FR");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show country" }).click();
  await expect(page.getByRole("heading", { name: /Hazard scores: France/ })).toBeVisible();
  await expect(bars).toHaveCount(12);
  await expect.poll(() => barNames(page)).not.toEqual(gb);
  await expect(bars.first()).toHaveAccessibleName(/^Aggregate: Historical \(1950-1999\) \d/);

  // A hexagon is one cell: no pies.
  await page.goto("/dashboard?location_code=84194adffffffff");
  await expect(bars).toHaveCount(12);
  await expect(page.getByRole("list", { name: "Pies by hazard" })).toHaveCount(0);
});
