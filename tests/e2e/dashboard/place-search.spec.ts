import type { Page } from "@playwright/test";
import { expect, test, type SignIn } from "../fixtures";
import { skipTour } from "../helpers";

// London, GB in data/places.json.gz (51.5085, -0.1257): named by the place, its region and its country.
const LONDON_HEADING = /^Hazard scores of this point: London, Westminster, United Kingdom \(in Hexagon [0-9a-f]{15}\)$/;

async function enter(page: Page, signIn: SignIn) {
  await signIn({ plan: "PREMIUM" });
  await skipTour(page);
}

test.describe("place search", () => {
  test("“Lond” leads to London's scores: by keyboard in the combobox, or by the form and a result link", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await enter(page, signIn);
    await page.goto("/dashboard?scenario=rcp85&period=2050");
    const search = page.getByRole("search", { name: "Place" });
    if (javaScriptEnabled) {
      const box = search.getByRole("combobox", { name: "Find a place" });
      await box.fill("Lond");
      const london = page.getByRole("option", { name: /^London, United Kingdom/ });
      await expect(london).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(search.getByRole("status")).toHaveText(/\d+ places? found\./);
      // the biggest match comes first, so one ArrowDown highlights it
      await box.press("ArrowDown");
      await expect(london).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await london.getAttribute("id"))!);
      await box.press("Enter");
    } else {
      await search.getByLabel("Find a place").fill("Lond");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("heading", { name: "Find a place" })).toBeVisible();
      await page.getByRole("link", { name: "London, United Kingdom" }).click();
    }
    await expect(page.getByRole("heading", { name: LONDON_HEADING })).toBeVisible();
    await expect(page).toHaveURL(/lat=51\.5085&lon=-0\.1257/);
    // the scenario and period chosen before the search are kept
    await expect(page).toHaveURL(/scenario=rcp85&period=2050/);
  });

  test("Escape closes the list; the result page explains short queries and misses", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await enter(page, signIn);
    if (javaScriptEnabled) {
      await page.goto("/dashboard/places");
      const box = page.getByRole("combobox", { name: "Find a place" });
      await box.fill("sao paulo");
      await expect(page.getByRole("option", { name: /^São Paulo, Brazil/ })).toBeVisible();
      await box.press("Escape");
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("listbox")).toBeHidden();
    }
    await page.goto("/dashboard/places?q=L");
    await expect(page.getByText("Type at least 2 letters of a place name.")).toBeVisible();
    await page.goto("/dashboard/places?q=Qqxzv");
    await expect(page.getByText("No place matches “Qqxzv”.")).toBeVisible();
    await page.goto("/dashboard/places?q=sao+paulo");
    await expect(page.getByRole("link", { name: "São Paulo, Brazil" })).toHaveAttribute(
      "href",
      "/dashboard?lat=-23.5475&lon=-46.6361",
    );
  });
});
