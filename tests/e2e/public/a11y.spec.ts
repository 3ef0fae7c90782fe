import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PAGES = ["/", "/blog/item/1", "/faq", "/api", "/contact", "/products/flood-map"];

test.describe("accessibility", () => {
  // axe runs inside the page, so this test opens its own contexts with JavaScript: the no-JS project would run the very
  // same test a second time.
  test("axe finds no serious or critical violations on public pages", async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the same run as the JS project's: axe needs script, so the test opens its own");
    // Six pages and the consent dialog, each a full axe run: on a busy 2-core machine that exceeds the default minute.
    test.setTimeout(180_000);
    const context = await browser.newContext({ javaScriptEnabled: true, baseURL });
    await context.addCookies([{ name: "cookie_consent", value: "v1:necessary", url: baseURL! }]);
    const page = await context.newPage();
    const report: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      for (const v of results.violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
        report.push(
          `${path}: ${v.id} (${v.impact}) ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
        );
      }
    }
    // The consent dialog itself, as a first-time visitor sees it.
    const fresh = await browser.newContext({ javaScriptEnabled: true, baseURL });
    const first = await fresh.newPage();
    await first.goto("/");
    await expect(first.getByRole("alertdialog", { name: "We use cookies" })).toBeVisible();
    const consent = await new AxeBuilder({ page: first }).withTags(["wcag2a", "wcag2aa"]).analyze();
    for (const v of consent.violations.filter((x) => x.impact === "serious" || x.impact === "critical"))
      report.push(`consent: ${v.id}`);
    expect(report).toEqual([]);
    await context.close();
    await fresh.close();
  });
});
