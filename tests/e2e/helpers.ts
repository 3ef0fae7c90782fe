import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "../../app/domain/auth/auth";

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

/** Closes the intro tour if the dashboard layout says it is open (the layout marks it on `data-intro-tour`). */
export async function skipTour(page: Page) {
  const layout = page.locator("[data-intro-tour]");
  await layout.waitFor({ state: "attached", timeout: 10_000 });
  if ((await layout.getAttribute("data-intro-tour")) !== "open") return;
  const skip = page.getByRole("button", { name: "Skip tour" });
  await skip.click();
  await expect(skip).toBeHidden();
}

/** With JavaScript on, waits until React has hydrated the page: form controls changed before that are reset. */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean | undefined) {
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The text of the hazard cards once the page has loaded: a dashboard page arrives as a stream, so its heading shows
 * before the last cards are in (visible without scripts, where nothing waits for hydration).
 */
export async function hazardListText(page: Page): Promise<string> {
  await page.waitForLoadState("load");
  return page.getByRole("list", { name: "Hazards" }).innerText();
}

/** Logs in through the login page, as a person does: the login journey itself (auth.spec.ts). */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/dashboard/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // A first dashboard render on a cold server can take several seconds (hazard data, the intro-tour state).
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/**
 * Request options for a call on the test's own request context: that context keeps its connections open with no idle
 * limit of its own, so a call can go out on one the server is closing as idle (after KEEP_ALIVE_TIMEOUT_MS) and meet a
 * reset before the server read a byte of it. Such a call is sent once more on a new connection, as a browser does.
 */
export const RETRY_ON_RESET = { maxRetries: 1 } as const;

/**
 * Starts every other journey signed in, on the dashboard: a fresh session made by the login action (one POST, as the
 * form sends it; the embedded database lives inside the server process, so the test cannot write the row itself) and
 * its cookie set on the browser context, without rendering the login page.
 */
export async function logInAs(page: Page, email: string, password: string) {
  const response = await page.request.post("/dashboard/login", {
    ...RETRY_ON_RESET,
    form: { intent: "login", email, password },
    maxRedirects: 0,
  });
  expect(response.status(), `logging in as ${email}`).toBe(302);
  const cookie = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.match(new RegExp(`^${SESSION_COOKIE_NAME}=([^;]+)`))?.[1])
    .find(Boolean);
  if (!cookie) throw new Error(`logging in as ${email} set no ${SESSION_COOKIE_NAME} cookie`);
  const { hostname } = new URL(response.url());
  await page
    .context()
    .addCookies([
      { name: SESSION_COOKIE_NAME, value: cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

const MAIL_FILE = path.resolve("tests/.tmp/e2e-mail.jsonl");

function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest mail the e2e server delivered by SMTP to this address (see start-server.mjs), as decoded text. */
export async function lastMailTo(email: string, timeoutMs = 15_000, containing?: RegExp): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = fs.existsSync(MAIL_FILE) ? fs.readFileSync(MAIL_FILE, "utf8") : "";
    // a mail the server is appending as we read has no newline yet: only complete lines are read
    const lines = text
      .slice(0, text.lastIndexOf("\n") + 1)
      .split("\n")
      .filter(Boolean);
    // Mail goes out through a queue: an earlier mail to the address may be here before the one awaited.
    const mails = lines
      .map((l) => JSON.parse(l) as { to: string[]; raw: string })
      .filter((m) => m.to.includes(email.toLowerCase()))
      .map((m) => decodeQuotedPrintable(m.raw))
      .filter((text) => !containing || containing.test(text));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Fills and sends the sign-up form on the page it is on, then finishes the sign-up from the e-mailed link, as a new
 * user does: the account exists (and is signed in) only after the link's button.
 */
export async function signUpThroughMail(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Repeat password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByText("Check your e-mail: we have sent a link to finish creating your account.").first(),
  ).toBeVisible();
  const link = (await lastMailTo(user.email)).match(/https?:\/\/\S*view=confirm\S*token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Create my account" }).click();
}
