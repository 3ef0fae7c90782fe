import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import ExcelJS from "exceljs";
import { acceptCookies, skipTour } from "../helpers";
import { pdfText } from "../../support/pdf-text";
import { AT_SEA, LAND_SITES, binaryFile, mergedHeaderXlsx, semicolonCsv } from "../../support/portfolio-files";

/** Clicks a report file link and returns the downloaded bytes. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return readFile((await file.path())!);
}

test.describe("portfolio scan", () => {
  test("upload, choose the weighting column, see the preview; a bad file is refused and the page still works", async ({
    signIn,
    page,
  }) => {
    await signIn({ plan: "PREMIUM" });
    await page.goto("/dashboard/scan");
    await acceptCookies(page);
    await skipTour(page);
    await expect(page.getByRole("heading", { name: "Portfolio Scan", level: 1 })).toBeVisible();

    // A binary file named .csv is refused with a clear message.
    await page
      .getByLabel("Portfolio file (CSV or XLSX)")
      .setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: binaryFile() });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("alert")).toContainText("not a text CSV file");

    // A semicolon CSV with comma decimals, BOM, blank, duplicate, text, 0/0 and at-sea rows.
    const csv = semicolonCsv();
    await page
      .getByLabel("Portfolio file (CSV or XLSX)")
      .setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csv.text) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    // The file has no GDP column but a value column: its values weigh the locations from the start, and the choice
    // waits until the user asks for it.
    const modal = page.getByRole("dialog", { name: "Choose the value or weighting column" });
    await expect(page.getByText("Preview of export.csv")).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("weight-column")).toHaveText("Insured value (EUR)");
    await page.getByRole("link", { name: "Choose the value or weighting column" }).click();
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Insured value (EUR)")).toBeChecked();
    await modal
      .getByLabel('Each location counts once (your file has no column "local GDP per Capita equivalent")')
      .check();
    await modal.getByRole("button", { name: "Use this column" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("weight-column")).toHaveText("none (each location weighs 1)");
    await page.getByRole("link", { name: "Choose the value or weighting column" }).click();
    await modal.getByLabel("Insured value (EUR)").check();
    await modal.getByRole("button", { name: "Use this column" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("weight-column")).toHaveText("Insured value (EUR)");
    await expect(page.getByTestId("money-basis")).toContainText('Amounts sum the column "Insured value (EUR)" in EUR');

    await expect(page.locator('[data-stat="Total locations"]')).toHaveText(String(csv.rows));
    await expect(page.locator('[data-stat="Valid locations"]')).toHaveText(String(csv.valid));
    await expect(page.locator('[data-stat="Invalid locations"]')).toHaveText("2");
    await expect(page.locator('[data-stat="Out of range locations"]')).toHaveText("1");
    await expect(page.locator('[data-stat="Duplicate locations"]')).toHaveText(String(csv.duplicates));
    await expect(page.getByTestId("preview-partition")).toContainText(
      `${csv.valid} valid + ${csv.duplicates} duplicate + 2 invalid + 1 out of range = ${csv.rows} locations read. A report order bills the ${csv.billed} locations of the valid assets`,
    );
    // Eight sites in eight hexagons: fewer than the preview rule asks, so the charts are withheld, not replaced.
    await expect(page.getByTestId("preview-rule")).toContainText("fall in 8 different hexagons");
    await expect(page.getByRole("img", { name: /^Heat wave:/ })).toHaveCount(0);
    // the invalid rows are listed open, before anything is ordered
    await expect(page.getByRole("cell", { name: "latitude is not a number" })).toBeVisible();

    // An Excel export with merged group headers.
    await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({
      name: "portfolio.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await mergedHeaderXlsx(),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByText("Preview of portfolio.xlsx")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Choose the value or weighting column" })).toBeHidden();
    await expect(page.getByTestId("weight-column")).toHaveText("local GDP per Capita equivalent");
    await expect(page.getByTestId("report-needs-purchase")).toBeVisible();

    // Buy through the self-service order (8 valid locations × the per-location price), then the report builds.
    await page.getByRole("button", { name: "Order the full report" }).click();
    const order = page.getByTestId("order-summary");
    await expect(order).toContainText("8 ×");
    await expect(page.getByTestId("order-total")).not.toHaveText("0.00");
    await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
    await page.getByRole("button", { name: "Confirm purchase" }).click();
    const ready = page.getByTestId("report-ready");
    await expect(ready).toBeVisible({ timeout: 45_000 });
    await expect(ready).toContainText("Assets");
    await expect(ready.getByRole("table").last()).toContainText("Japan");
    await expect(ready).toContainText("Population at risk");
    // The report files are listed and downloadable.
    const pdfLink = ready.getByRole("link", { name: /\.pdf$/ });
    const xlsxLink = ready.getByRole("link", { name: /\.xlsx$/ });
    await expect(pdfLink).toHaveAttribute("href", /\/dashboard\/pdf\?id=/);
    await expect(xlsxLink).toHaveAttribute("href", /\/dashboard\/xls\?id=/);

    // Every row of the uploaded workbook comes back in the XLSX with its own id, or with the reason it was left out.
    const uploadedIds = [...LAND_SITES.map((s) => s.id), AT_SEA[1].id, "TXT-01"];
    const wb = new ExcelJS.Workbook();
    const xlsx = await download(page, xlsxLink);
    await wb.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const sheet = wb.getWorksheet("Locations")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => header.indexOf(name);
    const rows = (sheet.getSheetValues() as unknown[][])
      .slice(2)
      .filter(Boolean)
      .map((r) => r.slice(1));
    expect(rows.map((r) => r[col("Asset id")]).sort()).toEqual([...uploadedIds].sort());
    const byId = (id: string) => rows.find((r) => r[col("Asset id")] === id)!;
    expect(byId("LDN-01")[col("Status")]).toBe("valid");
    expect(byId("LDN-01")[col("Country")]).toBe("GB");
    expect(byId("TXT-01")[col("Status")]).toBe("excluded");
    expect(byId("TXT-01")[col("Reason")]).toBe("latitude is not a number");
    expect(byId(AT_SEA[1].id)[col("Status")]).toBe("excluded");
    expect(String(byId(AT_SEA[1].id)[col("Reason")])).toContain("at sea");

    // The PDF names the file, has the appendix with every row id and gives the reason for the rows left out.
    const pdf = await download(page, pdfLink);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Portfolio climate risk report");
    expect(text).toContain("portfolio.xlsx");
    expect(text).toContain("Appendix: every row of the input file");
    for (const id of uploadedIds) expect(text).toContain(id);
    expect(text).toContain("Left out: latitude is not a number");
  });
});
