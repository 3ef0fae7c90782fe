import { expect, test } from "../fixtures";
import { acceptCookies, skipTour } from "../helpers";

/** A count out of range shows the spec's message beside its field and no total; the review sends it back to them. */
test("cart counts out of range: Min value / Max value, no total, and Review order returns to the message", async ({
  signIn,
  page,
}) => {
  await page.goto("/");
  await acceptCookies(page);
  await signIn({ plan: "PREMIUM" });
  await skipTour(page);

  await page.goto("/dashboard/cart?region_package=203&region_count=20000");
  await expect(page.getByText("Max value: 10000")).toBeVisible();
  await expect(page.locator("#region_count")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("cart-total")).toHaveCount(0);
  await expect(page.getByTestId("cart-total-invalid")).toBeVisible();
  await expect(page.getByText(/900 000\.00/)).toHaveCount(0);

  // "Review order" does not pay or review an order it cannot place: it comes back to the same message.
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart\?.*region_count=20000/);
  await expect(page.getByText("Max value: 10000")).toBeVisible();

  await page.goto("/dashboard/cart?region_package=203&region_count=-1");
  await expect(page.getByText("Min value: 1")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveCount(0);

  await page.goto("/dashboard/cart?region_package=203&region_count=3");
  await expect(page.getByTestId("count-error")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toBeVisible();
});
