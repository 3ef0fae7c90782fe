import { expect, test } from "@playwright/test";
import { acceptCookies, RETRY_ON_RESET, signUpThroughMail, skipTour, uniqueEmail, waitForHydration } from "../helpers";

const LONDON_HEXAGON = "84194adffffffff";

test("billing info, upgrade with a country package, invoice PDF, API key, idempotent credits", async ({
  page,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await acceptCookies(page);

  // A new DISCOVERY account, sent straight to the billing form.
  await page.goto("/dashboard/account/billing");
  await page.getByRole("link", { name: "New here? Create an account" }).click();
  await signUpThroughMail(page, {
    firstName: "Ada",
    lastName: "Lovelace",
    email: uniqueEmail("buyer"),
    password: "buyer-password-1",
  });
  await expect(page).toHaveURL(/\/dashboard\/account\/billing$/);
  await skipTour(page);

  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Phone").fill("+33 1 23 45 67 89");
  await page.getByLabel("Company name").fill("Ab");
  await page.getByLabel("Country").fill("FR");
  await page.getByLabel("Street").fill("1 rue de Rivoli");
  await page.getByRole("button", { name: "Save billing info" }).click();
  await expect(page.getByText("It seems you put the wrong company name. Please verify.")).toBeVisible();
  await expect(page.getByLabel("Street")).toHaveValue("1 rue de Rivoli");
  await page.getByLabel("Company name").fill("Analytical Engines SA");
  await page.getByRole("button", { name: "Save billing info" }).click();
  await expect(page.getByText("Status: filled")).toBeVisible();

  // DISCOVERY holds no API key: the account's API keys section says so in the spec's words, with no form.
  await page.goto("/dashboard/account");
  const noKeys = page.getByRole("region", { name: "API keys", exact: true });
  await expect(noKeys).toContainText("Only users with the PREMIUM Subscription Plan can use this option");
  await expect(noKeys.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^API key/ })).toHaveCount(1);

  // Pricing → cart: PREMIUM plus one country, VAT 20 % for France.
  await page.goto("/pricing");
  await expect(page.getByText("990.00 EUR").first()).toBeVisible();
  await page.getByRole("link", { name: "Upgrade to PREMIUM" }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart\?plan=PREMIUM/);
  await expect(page.getByText("Test payments.")).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Country package").selectOption({ label: "1 country — 150.00 EUR" });
  await page.getByRole("button", { name: "Update total" }).click();
  await expect(page.getByTestId("cart-total")).toHaveText("1 368.00 EUR");
  await page.getByRole("button", { name: "Review order (1 368.00 EUR)" }).click();
  await expect(page.getByTestId("review-total")).toHaveText("1 368.00 EUR");
  await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
  await page.getByRole("button", { name: "Pay 1 368.00 EUR" }).click();

  // New limits (granted vs remaining) and the invoice.
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { name: "Plan: PREMIUM" })).toBeVisible();
  await expect(page.getByTestId("balance-country")).toContainText("Countries516006");
  const invoiceRow = page.getByRole("row").filter({ hasText: "1 368.00 EUR" });
  await expect(invoiceRow).toContainText("test payment");
  const pdfHref = await invoiceRow.getByRole("link", { name: "Invoice PDF" }).getAttribute("href");
  const pdf = await page.request.get(pdfHref!, RETRY_ON_RESET);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");

  // A plan below the current one cannot be bought: the free plan's button leads to sign-up, the cart disables it.
  await page.goto("/pricing");
  await expect(page.getByRole("link", { name: "Start with DISCOVERY" })).toHaveAttribute(
    "href",
    /^\/dashboard\/login\?view=signup/,
  );
  await page.goto("/dashboard/cart?plan=DISCOVERY");
  await expect(page.getByRole("radio", { name: /DISCOVERY/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /PREMIUM/ })).toBeChecked();
  await page.goto("/dashboard/account");

  // API key: the spec's dialog flag opens the API keys section as a dialog; the first key is the app key unless
  // renamed, shown once in the dialog, named by both get_app_key paths and used against the hazard API.
  await page.goto("/dashboard/account?apiKeyModal=1");
  await waitForHydration(page, javaScriptEnabled);
  const dialog = page.getByRole("dialog", { name: "API keys" });
  await expect(dialog).toBeVisible();
  const keys = dialog.getByRole("region", { name: "API keys", exact: true });
  await expect(keys.getByLabel("Name", { exact: true })).toHaveValue("default");
  await keys.getByRole("button", { name: "Create key" }).click();
  const keyInput = keys.getByLabel(/shown only now/);
  await expect(keyInput).toHaveValue(/^crk_/);
  const key = await keyInput.inputValue();
  await expect(keys.getByTestId("api-key-row").filter({ hasText: "default" })).toContainText("app key");
  for (const path of ["/api/v1/get_app_key", "/api/customer/get_app_key"]) {
    const named = await page.request.get(path, RETRY_ON_RESET);
    expect(named.status(), await named.text()).toBe(200);
    expect(key.startsWith((await named.json()).prefix)).toBe(true);
  }
  const anonymous = await playwright.request.newContext({ baseURL });
  const scores = await anonymous.get(`/api/riskdb/hazard_scores?location_code=GB&scenario=rcp45&period=2050`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(scores.status(), await scores.text()).toBe(200);
  expect((await scores.json()).hazards.length).toBeGreaterThan(0);
  // the key reads what the account reads: a hexagon it has not ordered opens the purchase dialog, as on the dashboard
  const locked = await anonymous.get(
    `/api/riskdb/hazard_scores?location_code=${LONDON_HEXAGON}&scenario=rcp45&period=2050&lat=51.507&lon=-0.128`,
    { headers: { Authorization: `Bearer ${key}` } },
  );
  expect(locked.status(), await locked.text()).toBe(403);
  expect((await locked.json()).modal).toBe("buyDataModal");
  await anonymous.dispose();

  // Credits bought twice with one Idempotency-Key: charged once.
  const idempotencyKey = `e2e-credits-${Date.now()}`;
  const buy = () =>
    page.request.post("/api/v1/products/buy_products", {
      ...RETRY_ON_RESET,
      headers: { "Idempotency-Key": idempotencyKey },
      data: { type: 2, amount: 5 },
    });
  const first = await (await buy()).json();
  const second = await (await buy()).json();
  expect(first.status).toBe("paid");
  expect(second).toEqual(first);
  const available = await (await page.request.get("/api/userdb/available_locations", RETRY_ON_RESET)).json();
  expect(available.limit_region).toBe(25);
  await page.goto("/dashboard/account");
  await expect(page.getByTestId("balance-region")).toContainText("Regions205250025");
  await expect(page.getByRole("row").filter({ hasText: "INV-" })).toHaveCount(2);
});
