import { readFile } from "node:fs/promises";
import { expect, test } from "../fixtures";
import { pdfText } from "../../support/pdf-text";
import { acceptCookies, RETRY_ON_RESET, skipTour } from "../helpers";

test("single-location report: set a point, order, confirm, download the PDF; others' files are refused with a toast", async ({
  signIn,
  page,
}) => {
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);

  await page.goto("/dashboard/location-report?lat=48.8566&lon=2.3522");
  await expect(page.getByLabel("Latitude")).toHaveValue("48.8566");
  await page.getByLabel("Postal address").fill("1 Rue de Rivoli, 75001 Paris");
  await page.getByRole("button", { name: "Order the report" }).click();
  await expect(page.getByRole("heading", { name: /^Order \d+: 1 Rue de Rivoli, 75001 Paris$/ })).toBeVisible();
  await expect(page.getByText("TOTAL", { exact: true })).toBeVisible();
  await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
  await page.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page.getByText("Your report is ready.")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain("Single-location climate risk report");
  expect(text).toContain("1 Rue de Rivoli, 75001 Paris");
  expect(text).toContain("FR");
  // a one-place report: the point, its hazards across scenarios and horizons, no portfolio figures
  expect(text).toContain("48.857°N, 2.352°E");
  expect(text).toContain("Hazards at this place");
  expect(text).toMatch(/Why \(RCP8\.5 2050\):/);
  expect(text).not.toContain("Rows in the file");
  expect(text).not.toMatch(/100 ?% of assets/);

  await page.goto("/dashboard/pdf");
  await expect(page.getByRole("cell", { name: /Single-location report: 1 Rue de Rivoli/ }).first()).toBeVisible();
  // A file that is not yours (or not there) is not served: the list comes back with an error toast, not an error page.
  await page.goto("/dashboard/pdf?id=00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/dashboard\/pdf$/);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Error 500" })).toHaveCount(0);
  const wrongFormat = await page.request.get(`/dashboard/xls?id=${new URL(download.url()).searchParams.get("id")}`, {
    ...RETRY_ON_RESET,
    maxRedirects: 0,
  });
  expect(wrongFormat.status()).toBe(302);
  expect(wrongFormat.headers()["location"]).toBe("/dashboard/xls");
});

test("single-location report refuses a point at sea with a clear message", async ({ signIn, page }) => {
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard/location-report");
  await page.getByLabel("Latitude").fill("0");
  await page.getByLabel("Longitude").fill("-30");
  await page.getByLabel("Postal address").fill("Middle of the Atlantic");
  await page.getByRole("button", { name: "Order the report" }).click();
  await expect(page.getByText("This point is not on land. Set a point inland to order its report.")).toBeVisible();
  await expect(page.getByLabel("Postal address")).toHaveValue("Middle of the Atlantic");
});

test("corporate disclosure page says where portfolios come from", async ({ signIn, page }) => {
  // A fresh account: no portfolio uploaded yet.
  await signIn({ plan: "COUNTRY+" });
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard/corporate");
  await expect(
    page.getByRole("heading", { name: "Corporate Sustainability Reporting and Audit", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("No assessed portfolio yet.")).toBeVisible();
});
