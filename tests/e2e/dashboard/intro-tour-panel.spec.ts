/**
 * The intro tour never blocks the page under it (issue: on the free plan it covered Cart and Scan so that clicks
 * failed). At a laptop and a phone width, with JavaScript on and off (the two projects).
 */
import { expect, test } from "../fixtures";
import { acceptCookies } from "../helpers";

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`the intro tour at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a fresh sign-in shows the tour, and the page under it still answers clicks", async ({
      signIn,
      page,
      javaScriptEnabled,
    }) => {
      await signIn({ plan: "DISCOVERY" });
      await page.goto("/dashboard/cart");
      await acceptCookies(page);
      const tour = page.getByTestId("intro-tour");
      await expect(tour).toBeVisible();
      await expect(tour).toContainText("Slide 1 of 8");
      await page.screenshot({
        path: `docs/screenshots/intro-tour-${viewport.width}-${javaScriptEnabled ? "js" : "no-js"}.png`,
      });
      // a link of the page, clicked while the tour is open: no overlay takes the click
      const scan = page.getByRole("main").getByRole("link").first();
      const target = await scan.getAttribute("href");
      await scan.click();
      await expect(page).toHaveURL(new RegExp(`${(target ?? "").replace(/[?.]/g, "\\$&")}`));
      // the tour is still there to finish or skip
      await page.getByRole("button", { name: "Skip tour" }).click();
      await expect(page.getByTestId("intro-tour")).toHaveCount(0);
    });
  });
}
