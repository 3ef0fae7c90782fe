/**
 * A failed script chunk reloads the page at most once a minute. A route chunk that keeps failing makes
 * Remix reload the page on every navigation to it; the page's reload gate lets one through a minute and shows a
 * notice with a Reload link in place of the others.
 */
import { expect, test, type Page } from "@playwright/test";
import { CHUNK_RELOAD_TEXT } from "~/domain/http/chunk-reload";
import { acceptCookies } from "../helpers";

test.skip(
  ({ javaScriptEnabled, browserName }) => !javaScriptEnabled || browserName !== "chromium",
  "the Navigation API guard needs script (Chromium)",
);

const T0 = new Date("2026-11-27T12:00:00Z");

/** Clicks the header's Contact link, whose route chunk answers 500. */
async function openContact(page: Page) {
  const contact = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true });
  if (!(await contact.isVisible())) await page.locator("summary", { hasText: "Company" }).first().click();
  await contact.click();
}

/**
 * A round trip to the server from the page itself: a reload the page had started by then ends this context first,
 * and the evaluation fails (a wait on the page's own work, not a fixed sleep).
 */
async function settled(page: Page) {
  expect(await page.evaluate(() => fetch("/healthz").then((r) => r.status))).toBe(200);
}

test("a failing route chunk reloads the page once a minute, then shows the notice", async ({ page }) => {
  await page.route(/\/build\/routes\/_public\+\/contact-[^/]*\.js$/, (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  let loads = 0;
  page.on("load", () => loads++);
  await page.clock.install({ time: T0 });
  await page.goto("/api");
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  await acceptCookies(page);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  loads = 1;
  const notice = page.getByRole("alert").filter({ hasText: CHUNK_RELOAD_TEXT.notice });

  // first failure: one reload, which fetches the page again
  await openContact(page);
  await expect.poll(() => loads).toBe(2);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  await expect(page).toHaveURL(/\/api$/);
  await expect(notice).toHaveCount(0);

  // within the minute every further failure is held: the notice with its Reload link, no reload
  for (const at of [10_000, 30_000, 59_000]) {
    await page.clock.setSystemTime(T0.getTime() + at);
    await openContact(page);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: CHUNK_RELOAD_TEXT.reload })).toHaveAttribute("href", /\/api$/);
    await settled(page);
    expect(loads).toBe(2);
  }
  await expect(notice).toHaveCount(1);

  // 70 s after the first: the next failure may reload once more, and only once
  await page.clock.setSystemTime(T0.getTime() + 70_000);
  await openContact(page);
  await expect.poll(() => loads).toBe(3);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  await page.clock.setSystemTime(T0.getTime() + 75_000);
  await openContact(page);
  await expect(notice).toBeVisible();
  await settled(page);
  expect(loads).toBe(3);
});
