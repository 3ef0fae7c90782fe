import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { acceptCookies, skipTour, waitForHydration } from "../helpers";
import { germanLenderCsv } from "../../support/portfolio-files";

/** A file whose id, name, address, country and value headers nothing recognises: the user maps them. */
const ODD_HEADERS_CSV = [
  "Schlüssel;Titel;Anschrift Objekt;Staat/Land;Summe;lat;lon",
  "K-1;Büro Köln;Hohe Straße 1, 50667 Köln;Deutschland;1.000.000,00;50,9375;6,9603",
  "K-2;Entrepôt Marseille;;Frankreich;2.000.000,00;5,3811;43,297",
  "K-3;Filiale Wien;Stephansplatz 1, 1010 Wien;Österreich;500.000,00;;",
].join("\n");

async function upload(page: Page, name: string, text: string) {
  await page
    .getByLabel("Portfolio file (CSV or XLSX)")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText(`Preview of ${name}`)).toBeVisible({ timeout: 30_000 });
}

for (const width of [1366, 390]) {
  test.describe(`portfolio columns at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test("the swapped-row list names each row, its id and what was done before anything is ordered", async ({
      signIn,
      page,
      javaScriptEnabled,
    }) => {
      const js = javaScriptEnabled ? "js" : "no-js";
      await signIn({ plan: "PREMIUM" });
      await page.goto("/dashboard/scan");
      await waitForHydration(page, javaScriptEnabled);
      await acceptCookies(page);
      await skipTour(page);
      await upload(page, "Bestand.csv", germanLenderCsv());

      await expect(page.getByTestId("preview-placed")).toContainText(
        "4 rows' latitude and longitude were the wrong way round",
      );
      const placed = page.getByRole("region", { name: "Rows placed by their country, city or address" });
      await expect(placed.getByRole("row", { name: /^3 FR-002 coordinates swapped, corrected$/ })).toBeVisible();
      await expect(
        placed.getByRole("row", {
          name: /^11 DE-010 city centroid: Munich, DE \(postcode 80331; placed at the city\)$/,
        }),
      ).toBeVisible();
      const invalid = page.getByRole("region", { name: "Invalid rows" });
      await expect(
        invalid.getByRole("row", { name: /^7 FR-006 the point lies in Germany, not in France/ }),
      ).toBeVisible();
      // DE-013 shares DE-001's place under an id of its own: an asset of its own (8 valid), its place billed once.
      await expect(page.locator('[data-stat="Valid locations"]')).toHaveText("8");
      await expect(page.locator('[data-stat="Out of range locations"]')).toHaveText("3");
      await placed.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/portfolio-swapped-rows-${width}-${js}.png`, fullPage: false });
    });

    test("the column-mapping step reads the file again with the columns the user chose", async ({
      signIn,
      page,
      javaScriptEnabled,
    }) => {
      const js = javaScriptEnabled ? "js" : "no-js";
      await signIn({ plan: "PREMIUM" });
      await page.goto("/dashboard/scan");
      await waitForHydration(page, javaScriptEnabled);
      await acceptCookies(page);
      await skipTour(page);
      await upload(page, "odd.csv", ODD_HEADERS_CSV);
      await expect(page.locator('[data-stat="Invalid locations"]')).toHaveText("1");

      await page.getByTestId("choose-columns").click();
      const dialog = page.getByRole("dialog", { name: "Choose the columns" });
      await expect(dialog).toBeVisible();
      await waitForHydration(page, javaScriptEnabled);
      await dialog.getByLabel("Asset id").selectOption({ label: "Schlüssel" });
      await dialog.getByLabel("Name", { exact: true }).selectOption({ label: "Titel" });
      await dialog.getByLabel("Value (weights the results)").selectOption({ label: "Summe" });
      await dialog.getByLabel("Country (checks each point)").selectOption({ label: "Staat/Land" });
      await dialog.getByLabel("Address (places rows without coordinates)").selectOption({ label: "Anschrift Objekt" });
      await page.screenshot({ path: `docs/screenshots/portfolio-column-mapping-${width}-${js}.png`, fullPage: false });
      await dialog.getByRole("button", { name: "Read the file with these columns" }).click();

      await expect(dialog).toBeHidden({ timeout: 30_000 });
      await expect(page.locator('[data-stat="Valid locations"]')).toHaveText("3");
      await expect(page.locator('[data-stat="Invalid locations"]')).toHaveText("0");
      const placed = page.getByRole("region", { name: "Rows placed by their country, city or address" });
      await expect(placed.getByRole("row", { name: /^3 K-2 coordinates swapped, corrected$/ })).toBeVisible();
      await expect(
        placed.getByRole("row", { name: /^4 K-3 city centroid: Vienna, AT \(postcode 1010; placed at the city\)$/ }),
      ).toBeVisible();
      await expect(page.getByTestId("weight-column")).toHaveText("Summe");
      await placed.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `docs/screenshots/portfolio-column-mapping-result-${width}-${js}.png`,
        fullPage: false,
      });
    });
  });
}
