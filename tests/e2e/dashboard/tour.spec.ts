import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, logInAs, signUpThroughMail, uniqueEmail } from "../helpers";

const PASSWORD = "tour-password-1";

const tourState = (page: Page) => page.locator("[data-intro-tour]");

async function signUp(page: Page, email: string) {
  await page.goto("/");
  await acceptCookies(page);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "New here? Create an account" }).click();
  await signUpThroughMail(page, { firstName: "Tour", lastName: "Taker", email, password: PASSWORD });
}

test("the tour is remembered per user, not per browser, and comes back after the next sign-in", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("tour");
  await signUp(page, email);
  await expect(page.getByText("Slide 1 of 8")).toBeVisible();
  await expect(tourState(page)).toHaveAttribute("data-intro-tour", "open");

  // A second browser signs in while the tour is still open: it sees the tour too.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto("/");
  await acceptCookies(second);
  await logInAs(second, email, PASSWORD);
  await expect(second.getByText("Slide 1 of 8")).toBeVisible();

  // Closing it in the first browser closes it for the user: the second browser, with no cookie of its own, no longer shows it.
  await page.getByRole("dialog").getByRole("button", { name: "Skip tour" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(tourState(page)).toHaveAttribute("data-intro-tour", "closed");
  await second.goto("/dashboard");
  await expect(tourState(second)).toHaveAttribute("data-intro-tour", "closed");
  await expect(second.getByRole("dialog")).toBeHidden();
  await other.close();

  // Signing in again (the auth modal closing) brings it back.
  const third = await browser.newContext();
  const again = await third.newPage();
  await again.goto("/");
  await acceptCookies(again);
  await logInAs(again, email, PASSWORD);
  await expect(again.getByText("Slide 1 of 8")).toBeVisible();
  await third.close();
});
