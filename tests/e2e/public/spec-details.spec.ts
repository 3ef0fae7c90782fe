import { expect, test } from "../fixtures";
import { acceptCookies, skipTour } from "../helpers";
import { API_TIMEOUT_MS, REQUEST_TIMEOUT_MESSAGE } from "../../../app/domain/http/requests/request-timing";

test("a localised link lands on the English page with the 365-day locale cookie and the locale redirect cookie", async ({
  page,
  context,
}) => {
  await page.goto("/fr/faq");
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cookies = await context.cookies();
  const locale = cookies.find((c) => c.name === "locale");
  expect(locale?.value).toBe("en");
  const days = (locale!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  expect(cookies.find((c) => c.name === "locale_redirect")?.value).toBe("fr");
});

test("a DISCOVERY user on Portfolio Scan sees the upgrade warning and the sample results, labelled as sample", async ({
  signIn,
  page,
}) => {
  await signIn({ plan: "DISCOVERY" });
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard/scan");
  await expect(page.getByRole("main").getByRole("note")).toContainText(
    "This option is not available for DISCOVERY plan",
  );
  const sample = page.getByTestId("sample-preview");
  await expect(sample.getByRole("heading", { name: /Sample results/ })).toBeVisible();
  await expect(sample.getByRole("figure")).toHaveCount(2);
  await expect(sample.getByText("River Flood (sample)")).toBeVisible();
  await expect(sample.getByText("Heat Wave (sample)")).toBeVisible();
  await expect(sample.getByRole("table", { name: /^Sample:/ })).toBeVisible();
});

test("a slow page load shows the loading bar, and one past the 10 s timeout is abandoned with a clear message", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "client navigations and their timeout need JavaScript");
  // The page's clock is driven by the test: the 10 s allowance passes without waiting 10 s.
  await page.clock.install();
  await page.goto("/api");
  await acceptCookies(page);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  // The data request of the next page never answers while the test runs.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/privacy_policy\?_data=/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await page.clock.fastForward(API_TIMEOUT_MS / 2);
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
  await expect(page.getByText(REQUEST_TIMEOUT_MESSAGE)).toHaveCount(0);
  await page.clock.fastForward(API_TIMEOUT_MS / 2 + 100);
  await expect(page.getByText(REQUEST_TIMEOUT_MESSAGE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeHidden();
  release();
});
