import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { acceptCookies, RETRY_ON_RESET, skipTour, waitForHydration } from "../helpers";

async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A key's row: a table row on wide screens, a block on phones. */
const keyRows = (page: Page, name: string) =>
  page
    .locator('[data-testid="api-key-row"]:visible, [data-testid="api-key-blocks"] > li:visible')
    .filter({ hasText: name });

async function keyWorks(page: Page, key: string): Promise<number> {
  const res = await page.request.get("/api/v1/keys", {
    ...RETRY_ON_RESET,
    headers: { Authorization: `Bearer ${key}` },
  });
  return res.status();
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`API keys on the account page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("create, see the key once, rotate with an overlap, revoke", async ({ page, signIn, javaScriptEnabled }) => {
      test.setTimeout(120_000);
      const mode = javaScriptEnabled ? "js" : "no-js";
      const name = `e2e ${mode} ${viewport.width} ${Date.now()}`;
      await page.goto("/");
      await acceptCookies(page);
      // A fresh PREMIUM account: the plan that may hold API keys.
      await signIn({ plan: "PREMIUM" });
      await skipTour(page);
      await page.goto("/dashboard/account");
      await waitForHydration(page, javaScriptEnabled);
      const section = page.getByRole("region", { name: "API keys", exact: true });
      await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
      // One place for keys: no second key section, dialog or link beside the list.
      await expect(page.getByRole("heading", { name: /^API key/ })).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Manage API key" })).toHaveCount(0);

      // Create: name by its label, the billing scope by its checkbox, from the keyboard.
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByRole("checkbox", { name: /^billing/ }).check();
      await page.getByRole("button", { name: "Create key" }).focus();
      await page.keyboard.press("Enter");
      // The key appears once, inside the section's live region, so a screen reader announces it.
      const shown = section.getByTestId("api-keys-live").getByLabel(/shown only now/);
      await expect(shown).toBeVisible();
      await expect(section.getByTestId("api-keys-live")).toHaveAttribute("aria-live", "polite");
      const key = await shown.inputValue();
      expect(key).toMatch(/^crk_[A-Za-z0-9_-]{43}$/);
      if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Copy key" })).toBeVisible();
      else await expect(page.getByRole("button", { name: "Copy key" })).toHaveCount(0);
      const row = keyRows(page, name);
      await expect(row).toContainText("billing");
      await expect(row).toContainText("Never");
      await expectNoSideways(page, viewport.width);
      if (process.env.SCREENSHOTS)
        await page.screenshot({
          path: `docs/screenshots/account-keys-created-${viewport.width}-${mode}.png`,
          fullPage: true,
        });

      // A second live key of the same name is refused beside the name field, which keeps what was typed.
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByRole("button", { name: "Create key" }).click();
      const nameField = page.getByLabel("Name", { exact: true });
      await expect(nameField).toHaveAttribute("aria-invalid", "true");
      await expect(nameField).toHaveValue(name);
      await expect(section.getByRole("alert")).toHaveText(
        "A live key already has this name: choose another or rotate that key",
      );
      await expect(page.getByLabel(/shown only now/)).toHaveCount(0);
      await expect(keyRows(page, name)).toHaveCount(1);
      if (process.env.SCREENSHOTS)
        await page.screenshot({
          path: `docs/screenshots/account-keys-error-${viewport.width}-${mode}.png`,
          fullPage: true,
        });

      // Shown once: a fresh load lists the key by prefix, never the key itself.
      await page.goto("/dashboard/account");
      await expect(page.getByLabel(/shown only now/)).toHaveCount(0);
      expect(await page.content()).not.toContain(key);
      expect(await keyWorks(page, key)).toBe(200);
      // The call above is noted as the key's last use (written after the answer, so a reload may come first).
      await expect(async () => {
        await page.reload();
        await expect(keyRows(page, name)).not.toContainText("Never", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });

      // Rotate, after a confirmation: a new key shown once, the old one works on until its expiry.
      await page.getByRole("link", { name: `Rotate ${name}` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("keeps working for 24 hours");
      if (process.env.SCREENSHOTS)
        await page.screenshot({
          path: `docs/screenshots/account-keys-confirm-${viewport.width}-${mode}.png`,
          fullPage: true,
        });
      await confirm.getByRole("button", { name: `Rotate ${name}` }).click();
      const rotated = await page.getByLabel(/shown only now/).inputValue();
      expect(rotated).not.toBe(key);
      expect(await keyWorks(page, key)).toBe(200);
      expect(await keyWorks(page, rotated)).toBe(200);
      const rows = keyRows(page, name);
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "UTC" }).first()).toBeVisible();

      // Revoke both (the old one in its overlap too), each after a confirmation: they stop at once.
      for (let left = 2; left > 0; left--) {
        await page
          .getByRole("link", { name: `Revoke ${name}` })
          .first()
          .click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: `Revoke ${name}` })
          .click();
        await expect(keyRows(page, name)).toHaveCount(left - 1);
      }
      expect(await keyWorks(page, key)).toBe(401);
      expect(await keyWorks(page, rotated)).toBe(401);
      await expect(section).toBeVisible();
    });
  });
}
