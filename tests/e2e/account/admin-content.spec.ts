import { expect, test } from "../fixtures";
import { acceptCookies, RETRY_ON_RESET, skipTour } from "../helpers";

test.describe("content admin", () => {
  test("only admins see the content dashboard", async ({ signIn, page }) => {
    await page.goto("/");
    await acceptCookies(page);
    await signIn({ plan: "PREMIUM" });
    const response = await page.goto("/dashboard/admin/faq");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });

  test("create a FAQ item, preview it, publish and unpublish it", async ({ page, signIn }, testInfo) => {
    const question = `Can I export scores for ${testInfo.project.name} ${Date.now()}?`;
    await page.goto("/");
    await acceptCookies(page);
    await signIn({ plan: "PREMIUM", role: "admin" });
    await skipTour(page);
    await page.goto("/dashboard/admin");
    await page.getByRole("link", { name: "FAQ" }).click();
    await page.getByRole("link", { name: "New FAQ item" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New FAQ item" })).toBeVisible();

    // Server-side validation messages (also instant with JavaScript).
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Field is required").first()).toBeVisible();

    await page.getByLabel("Question").fill(question);
    await page.getByLabel("Category").selectOption("Portfolios & API");
    await page
      .getByLabel("Answer")
      .fill("## Exports\n\nYes: **CSV** and XLSX.\n\n<script>window.hacked = true</script>");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Exports" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("CSV");
    expect(await preview.locator("script").count()).toBe(0);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/faq\/\d+$/);
    await expect(page.getByText("Saved").first()).toBeVisible();
    const id = page.url().split("/").pop()!;

    // A draft is not public.
    expect((await page.goto(`/faq/${id}`))?.status()).toBe(404);

    await page.goto("/dashboard/admin/faq");
    await page.getByRole("button", { name: `Publish ${question}` }).click();
    // The row's button flips once the action has committed.
    await expect(page.getByRole("button", { name: `Unpublish ${question}` })).toBeVisible();
    await page.goto(`/faq/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: question })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Exports" })).toBeVisible();

    await page.goto("/dashboard/admin/faq");
    await page.getByRole("button", { name: `Unpublish ${question}` }).click();
    await expect(page.getByRole("button", { name: `Publish ${question}` })).toBeVisible();
    // With scripts the row flips as soon as the form is sent; the page is gone once the action has committed.
    await expect.poll(async () => (await page.request.get(`/faq/${id}`, RETRY_ON_RESET)).status()).toBe(404);
  });
});
