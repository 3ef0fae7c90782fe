import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { acceptCookies, skipTour } from "../helpers";

test.use({ viewport: { width: 390, height: 844 } });

test.describe("phones (390 × 844)", () => {
  test("the public header is one compact bar whose Menu button opens the full menu", async ({ page }) => {
    await page.goto("/");
    await acceptCookies(page);
    const header = page.getByRole("banner");
    const faq = header.getByRole("link", { name: "FAQ" });
    await expect(faq).toBeHidden();
    const box = await header.boundingBox();
    // two rows of 40-odd px at most (it used to wrap to three with no menu button)
    expect(box!.height).toBeLessThanOrEqual(112);

    const menu = header.locator("summary", { hasText: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(faq).toBeVisible();
    await expect(header.getByRole("link", { name: "Free Scan" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toBeVisible();
    await header.locator("summary", { hasText: "Company" }).click();
    await expect(header.getByRole("link", { name: "Blog" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.click();
    await expect(faq).toBeHidden();
  });

  test("the dashboard fits without horizontal scrolling; its sidebar folds behind a toggle", async ({
    signIn,
    page,
  }) => {
    await signIn({ plan: "DISCOVERY" });
    await skipTour(page);
    await expect(page.getByRole("heading", { name: /Hazard scores/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await expect(nav).toBeHidden();
    await page.locator("summary", { hasText: "Dashboard menu" }).click();
    await expect(nav.getByRole("link", { name: "User account" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("phones (390 × 844): nothing to scroll sideways", () => {
  /** Elements of the page's main content that end past the screen's right edge (a table clipped in its scroll box too). */
  async function offScreen(page: Page) {
    return page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        // The map pans inside its own box; a closed <details> shows nothing until it is opened.
        .filter(
          (e) =>
            !e.closest(".leaflet-container") &&
            !e.closest("details:not([open]) > :not(summary)") &&
            e.getClientRects().length > 0,
        )
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 30)}"`),
    );
  }

  test("every figure of the signed-in pages is on the screen: tables and charts fit a phone", async ({
    signIn,
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn({ plan: "PREMIUM" });
    await acceptCookies(page);
    await skipTour(page);
    for (const url of [
      "/dashboard",
      "/dashboard/account",
      "/dashboard/account/billing",
      "/dashboard/cart",
      "/dashboard/cart/review?plan=GRANULAR&country_package=101",
      "/dashboard/scan",
      "/dashboard/corporate",
      "/dashboard/location-report?lat=48.8566&lon=2.3522",
      "/pricing",
    ]) {
      await page.goto(url);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await offScreen(page), url).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
  });
});
