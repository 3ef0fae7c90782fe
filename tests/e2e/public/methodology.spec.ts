import { expect, test } from "@playwright/test";
import { acceptCookies, RETRY_ON_RESET } from "../helpers";

test.describe("methodology", () => {
  test("customers reach the methodology from Products and the footer, read every hazard and download the PDF", async ({
    page,
  }) => {
    await page.goto("/products");
    await acceptCookies(page);
    await page.getByRole("main").getByRole("link", { name: "How the scores are made" }).click();
    await expect(page).toHaveURL(/\/methodology$/);
    await expect(page.getByRole("heading", { level: 1, name: "Methodology" })).toBeVisible();
    const table = page.getByRole("table").filter({ hasText: "Grounding" });
    for (const hazard of ["Heat wave", "Cold spell", "Tropical cyclone", "Storm surge", "Sea-level rise", "Landslide"])
      await expect(table.getByRole("cell", { name: hazard, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Confidence and limits" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "How the scores are made" })).toHaveAttribute(
      "href",
      "/methodology",
    );

    const pdf = await page.request.get("/downloads/methodology.pdf", RETRY_ON_RESET);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
