import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../../support/pdf-text";
import {
  acceptCookies,
  lastMailTo,
  RETRY_ON_RESET,
  signUpThroughMail,
  skipTour,
  uniqueEmail,
  waitForHydration,
} from "../helpers";

const REVERSE_CHARGE =
  "Reverse charge: VAT to be accounted for by the recipient, Art. 196 Council Directive 2006/112/EC";
const TERMS_LABEL = /I have read and accept the Terms & Conditions/;

async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The base64 body of the named attachment in a raw MIME message. */
function attachmentOf(raw: string, filenamePrefix: string): Buffer {
  const at = raw.indexOf(`filename=${filenamePrefix}`);
  if (at < 0) throw new Error(`no attachment ${filenamePrefix}`);
  const bodyStart = raw.indexOf("\r\n\r\n", at) + 4;
  const bodyEnd = raw.indexOf("\r\n--", bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ""), "base64");
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`checkout at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("review before paying, terms required and recorded, the invoice PDF by e-mail says what the review said", async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      test.setTimeout(120_000);
      await page.goto("/");
      await acceptCookies(page);
      const email = uniqueEmail("finance");

      // /pricing says what each plan includes, what reports cost on it, and that only PREMIUM has the API key.
      await page.goto("/pricing");
      const granular = page.getByTestId("plan-includes-GRANULAR");
      await expect(granular).toContainText("No API key (only PREMIUM has one)");
      await expect(granular).toContainText("Portfolio report: 14.00 EUR per location, not included in the plan");
      await expect(page.getByTestId("plan-includes-PREMIUM")).toContainText("API key for the hazard API included");
      await expect(page.getByTestId("api-key-note")).toContainText("GRANULAR and COUNTRY+ cost more");
      await expectNoSideways(page, viewport.width);

      // A new account fills the billing info of a German business with a VAT number.
      await page.goto("/dashboard/account/billing");
      await page.getByRole("link", { name: "New here? Create an account" }).click();
      await signUpThroughMail(page, { firstName: "Grete", lastName: "Hahn", email, password: "buyer-password-1" });
      // Password hashing is slow on a busy machine.
      await expect(page).toHaveURL(/\/dashboard\/account\/billing$/, { timeout: 15_000 });
      await skipTour(page);
      await waitForHydration(page, javaScriptEnabled);
      await page.getByLabel("First name").fill("Grete");
      await page.getByLabel("Last name").fill("Hahn");
      await page.getByLabel("Phone").fill("+49 30 1234 5678");
      await page.getByLabel("Company name").fill("Nordlicht Analytics GmbH");
      await page.getByLabel("Country").fill("DE");
      await page.getByLabel("ZIP / postal code").fill("10115");
      await page.getByLabel("City").fill("Berlin");
      await page.getByLabel("Street").fill("Invalidenstrasse 1");
      await page.getByLabel("VAT number").fill("DE123456789");
      await page.getByRole("button", { name: "Save billing info" }).click();
      await expect(page.getByText("Status: filled")).toBeVisible();

      // The cart says what each plan includes, then leads to the review: nothing is paid from the cart.
      await page.goto("/dashboard/cart?plan=PREMIUM&country_package=101");
      await expect(page.getByText("No API key (only PREMIUM has one)").first()).toBeVisible();
      await expectNoSideways(page, viewport.width);
      await waitForHydration(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Review order (1 140.00 EUR)" }).click();
      await expect(page).toHaveURL(/\/dashboard\/cart\/review\?/);
      await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
      // A table on a wide screen, one block per line on a phone: the same figures either way.
      const phone = viewport.width < 640;
      const lines = page.getByTestId(phone ? "review-lines-compact" : "review-lines");
      const line = (name: string) => lines.getByRole(phone ? "listitem" : "row").filter({ hasText: name });
      await expect(line("Plan PREMIUM (12 months)")).toContainText("990.00 EUR");
      await expect(line("1 country")).toContainText("0 %");
      await expect(line("1 country")).toContainText("150.00 EUR");
      const reviewTotal = (await page.getByTestId("review-total").textContent())!.trim();
      expect(reviewTotal).toBe("1 140.00 EUR");
      await expect(page.getByText(REVERSE_CHARGE)).toBeVisible();
      const billed = page.getByTestId("review-billing");
      await expect(billed).toContainText("Nordlicht Analytics GmbH");
      await expect(billed).toContainText("VAT number: DE123456789");
      await expectNoSideways(page, viewport.width);
      // SCREENSHOTS=1 refreshes the review's pictures in docs/screenshots (documentation, not a comparison).
      if (process.env.SCREENSHOTS && javaScriptEnabled)
        await page.screenshot({ path: `docs/screenshots/checkout-review-${viewport.width}.png`, fullPage: true });

      // Credits bought from the account are reviewed the same way: nothing is charged from the account page.
      const reviewUrl = page.url();
      await page.goto("/dashboard/account");
      await waitForHydration(page, javaScriptEnabled);
      await page.getByLabel("Credits for").selectOption({ label: "Hexagons" });
      await page.getByLabel("Amount").fill("10");
      await page.getByRole("button", { name: "Buy credits" }).click();
      await expect(page).toHaveURL(/\/dashboard\/cart\/review\?/);
      await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
      await expect(line("10 hexagons")).toContainText("90.00 EUR");
      await expect(page.getByLabel(TERMS_LABEL)).not.toBeChecked();
      await page.goto("/dashboard/account");
      await expect(page.getByText("No invoices yet.")).toBeVisible();
      await page.goto(reviewUrl);
      await expect(page.getByRole("button", { name: `Pay ${reviewTotal}` })).toBeVisible();

      // Paying without the terms: the browser keeps the form, and the server refuses a post without them.
      await waitForHydration(page, javaScriptEnabled);
      await page.getByRole("button", { name: `Pay ${reviewTotal}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/cart\/review\?/);
      const form = page.locator("form[method=post]").filter({ has: page.getByLabel(TERMS_LABEL) });
      const fields = Object.fromEntries(
        await form
          .locator("input[type=hidden]")
          .evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])),
      ) as Record<string, string>;
      const refused = await page.request.post(page.url(), {
        ...RETRY_ON_RESET,
        form: fields,
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toContain("Please accept the Terms &amp; Conditions to pay");

      await page.getByLabel(TERMS_LABEL).check();
      await page.getByRole("button", { name: `Pay ${reviewTotal}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/account$/);
      await expect(page.getByRole("heading", { name: "Plan: PREMIUM" })).toBeVisible();
      await expectNoSideways(page, viewport.width);
      const consent = await (await page.request.get("/api/v1/terms_conditions", RETRY_ON_RESET)).json();
      expect(consent).toMatchObject({ terms_conditions: true, version: consent.current_version });

      // The invoice in the account and the one in the e-mail: the review's total and every EU VAT invoice field.
      // A table on a wide screen, one block per document on a phone.
      const invoiceRow = phone
        ? page.getByTestId("documents-compact").getByRole("listitem").filter({ hasText: reviewTotal })
        : page.getByRole("row").filter({ hasText: reviewTotal });
      const pdfHref = await invoiceRow.getByRole("link", { name: "Invoice PDF" }).getAttribute("href");
      const downloaded = (await pdfText(await (await page.request.get(pdfHref!, RETRY_ON_RESET)).body())).replace(
        /\s+/g,
        " ",
      );
      const mailed = (await pdfText(attachmentOf(await lastMailTo(email), "invoice-INV-"))).replace(/\s+/g, " ");
      for (const text of [downloaded, mailed]) {
        for (const field of [
          "DEMO SELLER",
          "1 Demo Street 75001 Paris France",
          "VAT ID: FR",
          "Invoice number: INV-",
          "Invoice date:",
          "Nordlicht Analytics GmbH",
          "Invalidenstrasse 1",
          "10115 Berlin",
          "VAT number: DE123456789",
          "Plan PREMIUM (12 months) 1 990.00 EUR 0 % 0.00 EUR 990.00 EUR",
          "1 country 1 150.00 EUR 0 % 0.00 EUR 150.00 EUR",
          `Total gross: ${reviewTotal}`,
          REVERSE_CHARGE,
          "Service period:",
        ]) {
          expect(text).toContain(field);
        }
      }
    });
  });
}
