import { expect, test } from "@playwright/test";
import { acceptCookies, DEMO_PASSWORD, logInAs, skipTour } from "./helpers";

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

  test("the dashboard fits without horizontal scrolling; its sidebar folds behind a toggle", async ({ page }) => {
    await logInAs(page, "discovery@example.com", DEMO_PASSWORD);
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
