import { expect, test } from "../fixtures";
import { acceptCookies, skipTour } from "../helpers";
import { LENDER_SITES, lenderCsv } from "../../support/lender-portfolio";

/**
 * A lender's book with a value column in EUR: upload, choose the value column, buy the report, then read the amounts
 * at High or above on the corporate view, at desktop and phone widths, with and without JavaScript.
 */
test("the corporate view gives the EUR amount of assets at High or above, by hazard and by country", async ({
  signIn,
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);

  await page.goto("/dashboard/scan");
  await page
    .getByLabel("Portfolio file (CSV or XLSX)")
    .setInputFiles({ name: "lender-book.csv", mimeType: "text/csv", buffer: Buffer.from(lenderCsv()) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText("Preview of lender-book.csv")).toBeVisible({ timeout: 30_000 });
  // Fourteen sites in fourteen hexagons: the preview shows the report's shares.
  await expect(page.getByRole("table", { name: /Share of locations at High or above/ })).toBeVisible();
  // The value column its header names weighs the book from the start, in the currency the name states.
  await expect(page.getByTestId("money-basis")).toContainText('Amounts sum the column "Marktwert (EUR)" in EUR');

  await page.getByRole("link", { name: "Choose the value or weighting column" }).click();
  const modal = page.getByRole("dialog", { name: "Choose the value or weighting column" });
  await expect(modal.getByLabel("Marktwert (EUR)")).toBeChecked();
  await modal.getByLabel("Marktwert (EUR)").check();
  await modal.getByRole("button", { name: "Use this column" }).click();
  await expect(page.getByTestId("money-basis")).toContainText('Amounts sum the column "Marktwert (EUR)" in EUR');

  await page.getByRole("button", { name: "Order the full report" }).click();
  await expect(page.getByTestId("order-summary")).toContainText(`${LENDER_SITES.length} ×`);
  // Every amount of the order names its currency.
  await expect(page.getByTestId("order-total")).toHaveText(/^[\d ]+\.\d\d EUR$/);
  await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
  await page.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page.getByTestId("report-ready")).toBeVisible({ timeout: 90_000 });

  await page.goto("/dashboard/corporate?scenario=rcp85&period=2050");
  const amounts = page.getByRole("region", { name: "Amounts at High or above", exact: true });
  await expect(amounts).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Amount at High or above, historical (EUR)" })).toBeVisible();
  const total = LENDER_SITES.reduce((s, x) => s + x.value, 0);
  await expect(page.getByTestId("money-basis")).toContainText(
    `${total.toLocaleString("en").replace(/,/g, " ")}.00 EUR`,
  );
  // Each amount is in EUR with its share of the book's value; the sum over rows is checked in the service tests.
  const flood = amounts.locator('tr[data-hazard="FD"] td').first();
  await expect(flood).toHaveText(/^[\d ]+\.\d\d EUR \(\d+\.\d%\)$/);
  const byCountry = page.getByRole("region", { name: "Amounts by country", exact: true });
  await expect(byCountry.locator('tr[data-country="DE"]')).toContainText("16 850 000.00 EUR");

  const project = info.project.name;
  await page
    .locator("#t-amounts")
    .locator("xpath=..")
    .screenshot({ path: `docs/screenshots/money-tables-${project}-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(amounts).toBeVisible();
  await page
    .locator("#t-amounts")
    .locator("xpath=..")
    .screenshot({ path: `docs/screenshots/money-tables-${project}-390.png` });
  // Nothing of the money tables runs past a phone's screen.
  const overflow = await page.evaluate(
    () =>
      [...document.querySelectorAll("main table")].filter(
        (t) => t.getBoundingClientRect().right > window.innerWidth + 1,
      ).length,
  );
  expect(overflow).toBe(0);
});
