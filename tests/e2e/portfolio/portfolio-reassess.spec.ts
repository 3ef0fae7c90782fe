/**
 * A paid portfolio assessed again with a newer dataset, without paying again: the report page offers it as a plain
 * form while the purchase covers the same locations. The report is dated back to an older dataset in the server's
 * PostgreSQL, so the journey runs when the server uses one (DATABASE_URL); the rule itself is covered by
 * tests/integration/portfolio/portfolio-reassess.test.ts on every database.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import pg from "pg";
import { REASSESS_TEXT } from "~/domain/portfolio/reassessment";
import { LENDER_SITES, lenderCsv } from "../../support/lender-portfolio";
import { acceptCookies, skipTour } from "../helpers";

const OLDER_DATASET = "0.9.0";

test.skip(!process.env.DATABASE_URL, "dates a report back in the server's PostgreSQL (DATABASE_URL)");

/** The report of the upload as made with an older dataset: what a report from before a dataset update holds. */
async function dateBack(uploadId: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `UPDATE portfolio_reports SET dataset_version = $2, result = jsonb_set(result, '{dataset,version}', to_jsonb($2::text)) WHERE upload_id = $1`,
      [uploadId, OLDER_DATASET],
    );
  } finally {
    await client.end();
  }
}

async function invoiceLinks(page: Page) {
  await page.goto("/dashboard/account");
  return page.getByRole("link", { name: "Invoice PDF" }).count();
}

test("a paid report made with an older dataset is assessed again at no cost", async ({
  signIn,
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  await signIn({ plan: "PREMIUM" });
  await page.goto("/dashboard/scan");
  await acceptCookies(page);
  await skipTour(page);
  await page
    .getByLabel("Portfolio file (CSV or XLSX)")
    .setInputFiles({ name: "Bestand.csv", mimeType: "text/csv", buffer: Buffer.from(lenderCsv()) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText("Preview of Bestand.csv")).toBeVisible();
  const uploadId = new URL(page.url()).searchParams.get("upload")!;
  await page.getByRole("button", { name: "Order the full report" }).click();
  await page.getByLabel(/I have read and accept the Terms & Conditions/).check();
  await page.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page.getByTestId("report-ready")).toBeVisible({ timeout: 60_000 });
  const reassess = page.getByTestId("reassess");
  await expect(reassess).toContainText("Risk dataset version");
  await expect(reassess.getByRole("button", { name: /^Assess again with dataset / })).toHaveCount(0);
  const invoices = await invoiceLinks(page);

  await dateBack(uploadId);
  await page.goto(`/dashboard/scan?upload=${uploadId}`);
  await expect(reassess).toContainText(REASSESS_TEXT.datasetUsed(OLDER_DATASET));
  await expect(reassess).toContainText(`This report used dataset ${OLDER_DATASET}; the current dataset is`);
  const button = reassess.getByRole("button", { name: /^Assess again with dataset / });
  await expect(button).toBeVisible();
  const current = (await button.textContent())!.replace("Assess again with dataset ", "").trim();
  expect(current).not.toBe(OLDER_DATASET);
  if (javaScriptEnabled) {
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await reassess.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/reassess-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  await button.click();
  // the new report builds (the page refreshes itself meanwhile), then names the dataset it used
  await expect(reassess).toContainText(REASSESS_TEXT.datasetUsed(current), { timeout: 90_000 });
  await expect(page.getByTestId("report-ready")).toBeVisible();
  await expect(reassess.getByRole("button", { name: /^Assess again with dataset / })).toHaveCount(0);
  await expect(page.getByTestId("report-ready")).toContainText(`${LENDER_SITES.length}`);
  await expect(page.getByTestId("report-ready")).toContainText("0.00 EUR");
  // no new order, so no new invoice
  expect(await invoiceLinks(page)).toBe(invoices);
});
