import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-password-2026";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Answers the first-visit cookie modal so it does not cover the page. */
export async function acceptCookies(page: Page) {
  const dialog = page.getByRole("alertdialog", { name: "We use cookies" });
  if (await dialog.isVisible()) {
    await dialog.getByRole("button", { name: "Accept all" }).click();
    await expect(dialog).toBeHidden();
  }
}

export async function skipTour(page: Page) {
  const skip = page.getByRole("button", { name: "Skip tour" });
  if (await skip.isVisible()) {
    await skip.click();
    await expect(skip).toBeHidden();
  }
}

export async function logInAs(page: Page, email: string, password: string) {
  await page.goto("/dashboard/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
