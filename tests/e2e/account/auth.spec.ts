import { expect, test } from "../fixtures";
import {
  DEMO_PASSWORD,
  acceptCookies,
  lastMailTo,
  logInThroughForm,
  signUpThroughMail,
  skipTour,
  uniqueEmail,
} from "../helpers";

test.describe("accounts", () => {
  test("sign up, log out, log in, 404, reset password through the outbox", async ({ page, context }) => {
    const email = uniqueEmail("journey");
    await page.goto("/");
    await acceptCookies(page);

    // Guard: the dashboard needs a session and remembers where we were going.
    await page.goto("/dashboard/scan");
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Fscan/);
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();

    await page.getByRole("link", { name: "New here? Create an account" }).click();
    await signUpThroughMail(page, { firstName: "Grace", lastName: "Hopper", email, password: "first-password-1" });
    await expect(page).toHaveURL(/\/dashboard\/scan$/);
    await skipTour(page);
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio Scan" })).toBeVisible();
    await expect(page.getByText("This option is not available for DISCOVERY plan").first()).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.includes("weather_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name.includes("weather_token"))).toBeUndefined();

    // Wrong password, then the right one.
    await page.goto("/dashboard/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(
      page.getByText("The e-mail or password is incorrect. Try again, or reset your password."),
    ).toBeVisible();
    await logInThroughForm(page, email, "first-password-1");
    // A new sign-in shows the intro tour again (reshown when the auth modal closes).
    await skipTour(page);
    await expect(page.getByRole("heading", { level: 1, name: "Scenario Analysis for One Location" })).toBeVisible();

    // Unknown routes inside and outside the dashboard.
    const missing = await page.goto("/dashboard/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
    const missingPublic = await page.goto("/no/such/page");
    expect(missingPublic?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();

    // Reset the password through the e-mailed link.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    // The sign-out lands on the home page; going on before it may cancel its request and keep the session.
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // Both views have an E-mail field: wait for the forgot-password view before typing.
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByText("If an account uses this e-mail address, we have e-mailed it a link").first(),
    ).toBeVisible();

    // The production outbox page hides reset links from everyone; the mail itself went out by SMTP.
    await page.goto("/dev/outbox");
    // The reset mail is written after the answer (the same timing for any address), so it can trail the page.
    const listed = page.getByRole("article").filter({ hasText: email }).first();
    await expect(async () => {
      await page.reload();
      await expect(listed).toContainText("Reset your password", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(listed).toContainText("token=[redacted]");
    const link = (await lastMailTo(email, 15_000, /view=reset/)).match(/https?:\/\/\S*view=reset\S*token=[\w-]+/)?.[0];
    expect(link).toContain("view=reset");
    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel("Repeat new password").fill("second-password-2");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(
      page.getByText("Your password has been changed and your API keys have been revoked. Please log in.").first(),
    ).toBeVisible();

    // The link is single use.
    await page.goto(link!);
    await expect(page.getByText("This password reset link has already been used. Request a new one.")).toBeVisible();

    await logInThroughForm(page, email, "second-password-2");
  });

  test("clear messages for unknown e-mail, duplicate sign-up and bad input", async ({ page, newAccount }) => {
    const { email: taken } = await newAccount({ plan: "DISCOVERY" });
    await page.goto("/dashboard/login");
    await page.getByLabel("E-mail").fill(uniqueEmail("ghost"));
    await page.getByLabel("Password").fill("whatever-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(
      page.getByText("The e-mail or password is incorrect. Try again, or reset your password."),
    ).toBeVisible();

    await page.goto("/dashboard/login?view=signup");
    await page.getByLabel("First name").fill("Dup");
    await page.getByLabel("Last name").fill("User");
    await page.getByLabel("E-mail").fill(taken);
    await page.getByLabel("Password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Repeat password").fill("another-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    // The same answer as for a new address: the address's owner is told by e-mail, no one else.
    await expect(
      page.getByText("Check your e-mail: we have sent a link to finish creating your account.").first(),
    ).toBeVisible();
    expect(await lastMailTo(taken)).toContain("You already have an account");

    await page.goto("/dashboard/login?view=signup");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid Email")).toBeVisible();
    await expect(page.getByText("Must be at least 8 symbols")).toBeVisible();
    await expect(page.getByText("Field is required").first()).toBeVisible();

    await page.goto("/dashboard/login?view=reset&token=made-up");
    await expect(page.getByText("This password reset link is not valid. Request a new one.")).toBeVisible();
  });

  test("the README's demo account logs in", async ({ page }) => {
    // The published account itself, left as it is (its tour stays open): no other journey signs in as it.
    await logInThroughForm(page, "premium@example.com", DEMO_PASSWORD);
    await expect(page.getByRole("dialog")).toContainText("Slide 1 of 8");
  });

  test("the tour closes after its last slide", async ({ page, newAccount }) => {
    const { email, password } = await newAccount({ plan: "PREMIUM" });
    await logInThroughForm(page, email, password);
    const tour = page.getByRole("dialog");
    await expect(tour).toBeVisible();
    for (let slide = 1; slide < 8; slide++) {
      await expect(tour).toContainText(`Slide ${slide} of 8`);
      await tour.getByRole("link", { name: "Next" }).click();
    }
    await expect(tour).toContainText("Slide 8 of 8");
    await tour.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.reload();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(
      page
        .getByRole("navigation", { name: "Analysis mode" })
        .getByRole("link", { name: "Corporate Sustainability Reporting and Audit" }),
    ).toBeVisible();
  });
});

test("changing the password signs out other devices", async ({ page, browser }) => {
  const email = `change-${Date.now()}@example.com`;
  await page.goto("/dashboard/login?view=signup");
  await signUpThroughMail(page, { firstName: "Ada", lastName: "Byron", email, password: "original-pass-1" });
  await expect(page).toHaveURL(/\/dashboard$/);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/dashboard/login");
  await otherPage.getByLabel("E-mail").fill(email);
  await otherPage.getByLabel("Password").fill("original-pass-1");
  await otherPage.getByRole("button", { name: "Log in" }).click();
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto("/dashboard/account");
  await page.getByRole("button", { name: "Skip tour" }).click();
  await page.getByLabel("Current password").fill("wrong-one");
  await page.getByLabel("New password", { exact: true }).fill("replaced-pass-2");
  await page.getByLabel("Repeat new password").fill("replaced-pass-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The password is incorrect. Try again or reset it.")).toBeVisible();

  await page.getByLabel("Current password").fill("original-pass-1");
  await page.getByLabel("New password", { exact: true }).fill("replaced-pass-2");
  await page.getByLabel("Repeat new password").fill("replaced-pass-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page
      .getByText("Your password has been changed. Other devices have been signed out and your API keys revoked")
      .first(),
  ).toBeVisible();

  await otherPage.goto("/dashboard/account");
  await expect(otherPage).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Faccount/);
  await other.close();
});
