import { expect, test } from "@playwright/test";
import { acceptCookies } from "../helpers";

// A visitor previews a small file from the products page, without an account and without script.
test("a visitor previews a small portfolio: counts, the rows left out with their reasons, and the way to the full report", async ({
  page,
}) => {
  await page.goto("/products");
  await acceptCookies(page);
  await page.getByRole("link", { name: "portfolio preview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio preview" })).toBeVisible();

  const csv = [
    "site;latitude;longitude",
    "Head office;51,5074;-0,1278",
    "Depot;48,8566;2,3522",
    "Ship;45,0;-30,0",
    "Typo;abc;2,35",
    "Head office;51,5074;-0,1278",
    "",
  ].join("\r\n");
  await page
    .getByLabel("Portfolio file (CSV or XLSX)")
    .setInputFiles({ name: "sites.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });
  await page.getByRole("button", { name: "Upload and preview" }).click();

  // Without an id column, only a row repeated cell for cell is the same asset again (the last row).
  await expect(page.getByRole("heading", { name: "Preview of sites.csv" })).toBeVisible();
  await expect(page.locator('[data-stat="Total locations"]')).toHaveText("5");
  await expect(page.locator('[data-stat="Invalid locations"]')).toHaveText("1");
  await expect(page.locator('[data-stat="Out of range locations"]')).toHaveText("1");
  await expect(page.locator('[data-stat="Duplicate locations"]')).toHaveText("1");
  await expect(page.getByRole("row", { name: "5 latitude is not a number" })).toBeVisible();
  await page.locator("summary", { hasText: "Out of range rows (1)" }).click();
  await expect(page.getByRole("row", { name: "4 the point is at sea (not inland)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account to scan the whole portfolio" })).toHaveAttribute(
    "href",
    /view=signup/,
  );

  // A file that is not a table is refused with a clear message, and the page still works.
  await page.getByLabel("Portfolio file (CSV or XLSX)").setInputFiles({
    name: "photo.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3]),
  });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("alert")).toContainText("not a text CSV file");
});
