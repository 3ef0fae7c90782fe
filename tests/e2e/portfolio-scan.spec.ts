import { expect, test } from "@playwright/test";
import { acceptCookies, DEMO_PASSWORD, logInAs, skipTour } from "./helpers";
import { binaryFile, mergedHeaderXlsx, semicolonCsv } from "../support/portfolio-files";

test.describe("portfolio scan", () => {
  test("upload, choose the weighting column, see the preview; a bad file is refused and the page still works", async ({ page }) => {
    await logInAs(page, "premium@example.com", DEMO_PASSWORD);
    await page.goto("/dashboard/scan");
    await acceptCookies(page);
    await skipTour(page);
    await expect(page.getByRole("heading", { name: "Portfolio Scan", level: 1 })).toBeVisible();

    // A binary file named .csv is refused with a clear message.
    await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: binaryFile() });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("alert")).toContainText("not a text CSV file");

    // A semicolon CSV with comma decimals, BOM, blank, duplicate, text, 0/0 and at-sea rows.
    const csv = semicolonCsv();
    await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csv.text) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    const modal = page.getByRole("dialog", { name: "Choose the weighting column" });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("local GDP per Capita equivalent")).toBeChecked();
    await modal.getByLabel("Insured value (EUR)").check();
    await modal.getByRole("button", { name: "Use this column" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("weight-column")).toHaveText("Insured value (EUR)");

    await expect(page.locator('[data-stat="Total locations"]')).toHaveText(String(csv.rows));
    await expect(page.locator('[data-stat="Valid locations"]')).toHaveText(String(csv.valid));
    await expect(page.locator('[data-stat="Invalid locations"]')).toHaveText("2");
    await expect(page.locator('[data-stat="Out of range locations"]')).toHaveText("1");
    await expect(page.locator('[data-stat="Duplicate locations"]')).toHaveText("1");
    await expect(page.getByRole("img", { name: /^Heat wave:/ })).toBeVisible();
    await expect(page.getByRole("table", { name: /Share of locations at High or above/ })).toContainText("RCP8.5 2050");
    await page.getByText("Invalid rows (2)").click();
    await expect(page.getByRole("cell", { name: "latitude is not a number" })).toBeVisible();

    // An Excel export with merged group headers.
    await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({
      name: "portfolio.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await mergedHeaderXlsx(),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("dialog", { name: "Choose the weighting column" })).toBeVisible();
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page.getByText("Preview of portfolio.xlsx")).toBeVisible();
    await expect(page.getByTestId("report-needs-purchase")).toBeVisible();

    // Buy through the self-service order (8 valid locations × the per-location price), then the report builds.
    await page.getByRole("button", { name: "Order the full report" }).click();
    const order = page.getByTestId("order-summary");
    await expect(order).toContainText("8 ×");
    await expect(page.getByTestId("order-total")).not.toHaveText("0.00");
    await page.getByRole("button", { name: "Confirm purchase" }).click();
    const ready = page.getByTestId("report-ready");
    await expect(ready).toBeVisible({ timeout: 45_000 });
    await expect(ready).toContainText("Assets");
    await expect(ready.getByRole("table").last()).toContainText("Japan");
    await expect(ready).toContainText("Population at risk");
    // The report files are listed; their content is checked by the report downloads journey.
    await expect(ready.getByRole("link", { name: /\.pdf$/ })).toHaveAttribute("href", /\/dashboard\/pdf\?id=/);
    await expect(ready.getByRole("link", { name: /\.xlsx$/ })).toHaveAttribute("href", /\/dashboard\/xls\?id=/);
  });
});
