/**
 * The column-mapping step on the visitors' preview page: a file whose headers nothing recognises is read again with
 * the columns the visitor chooses. At a laptop and a phone width, with JavaScript on and off (the two projects).
 */
import { expect, test } from "@playwright/test";
import { acceptCookies } from "../helpers";

const CSV = [
  "Schlüssel;Titel;Anschrift Objekt;Staat/Land;Summe;lat;lon",
  "K-1;Büro Köln;Hohe Straße 1, 50667 Köln;Deutschland;1.000.000,00;50,9375;6,9603",
  "K-2;Entrepôt Marseille;;Frankreich;2.000.000,00;5,3811;43,297",
  "K-3;Filiale Wien;Stephansplatz 1, 1010 Wien;Österreich;500.000,00;;",
].join("\n");

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`visitor column mapping at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a visitor maps id, name, address and country; swapped and address-only rows are then placed", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto("/products/portfolio-preview");
      await acceptCookies(page);
      const form = page.getByRole("form", { name: "Choose the columns" });
      // The journeys of both projects upload from one address, which reads one upload at a time: send again when busy.
      await expect(async () => {
        await page.goto("/products/portfolio-preview");
        await page
          .locator('input[type="file"][name="file"]')
          .setInputFiles({ name: "bestand.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
        await page.getByRole("button", { name: "Upload and preview" }).click();
        await expect(form).toBeVisible({ timeout: 10_000 });
        await form.getByLabel("Asset id").selectOption({ label: "Schlüssel" });
        await form.getByLabel("Name").selectOption({ label: "Titel" });
        await form.getByLabel("Country (checks each point)").selectOption({ label: "Staat/Land" });
        await form.getByLabel("Address (places rows without coordinates)").selectOption({ label: "Anschrift Objekt" });
        await form.getByRole("button", { name: "Read the file with these columns" }).click();
        await expect(page.getByTestId("preview-placed")).toBeVisible({ timeout: 10_000 });
      }).toPass({ timeout: 50_000 });
      await expect(page.getByText("coordinates swapped, corrected").first()).toBeVisible();
      await expect(page.getByText("Vienna, AT (postcode 1010; placed at the city)").first()).toBeVisible();
      // the form now shows the columns chosen
      await expect(page.getByRole("form", { name: "Choose the columns" }).getByLabel("Asset id")).toHaveValue("0");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth).catch(() => viewport.width),
      ).toBeLessThanOrEqual(viewport.width);
      await page.getByRole("heading", { name: "Choose the columns" }).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `docs/screenshots/visitor-column-mapping-${viewport.width}-${javaScriptEnabled ? "js" : "no-js"}.png`,
        fullPage: false,
      });
    });
  });
}
