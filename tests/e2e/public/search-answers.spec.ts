/**
 * Search that always answers: any searched place shows at once the finest level the user reads, named; unlocking a
 * finer level asks first and says what remains; Cancel leaves the user where they were. At a laptop and a phone
 * width, with JavaScript on and off (the two projects).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { acceptCookies, hazardListText, signUpThroughMail, skipTour, uniqueEmail, waitForHydration } from "../helpers";

const PLACES = [
  {
    query: "Copenhagen",
    option: /^Copenhagen, Denmark/,
    title: "Copenhagen, Hovedstaden, Denmark",
    country: "Denmark",
  },
  {
    query: "Chittagong",
    option: /^Chittagong, Bangladesh/,
    title: "Chittagong, Chattogram, Bangladesh",
    country: "Bangladesh",
  },
  { query: "Lagos", option: /^Lagos, Nigeria/, title: "Lagos, Nigeria", country: "Nigeria" },
  {
    query: "Phoenix",
    option: /^Phoenix, United States of America/,
    title: "Phoenix, Arizona, United States of America",
    country: "United States of America",
  },
];

const cards = (page: Page) => page.getByTestId("score-card");

async function expectNoWiderThan(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function searchFor(page: Page, place: (typeof PLACES)[number], javaScriptEnabled: boolean | undefined) {
  const search = page.getByRole("search", { name: "Place" });
  if (javaScriptEnabled) {
    const box = search.getByRole("combobox", { name: "Find a place" });
    await box.fill(place.query);
    const option = page.getByRole("option", { name: place.option }).first();
    await expect(option).toBeVisible();
    await option.click();
  } else {
    await search.getByLabel("Find a place").fill(place.query);
    await search.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: place.option }).first().click();
  }
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`search that always answers at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a new DISCOVERY user searches four places and sees a named score each time", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto("/dashboard/login?view=signup");
      await acceptCookies(page);
      await signUpThroughMail(page, {
        firstName: "Ida",
        lastName: "Search",
        email: uniqueEmail("search"),
        password: "search-password-1",
      });
      await expect(page).toHaveURL(/\/dashboard$/);
      await skipTour(page);

      for (const place of PLACES) {
        await waitForHydration(page, javaScriptEnabled);
        await searchFor(page, place, javaScriptEnabled);
        await expect(
          page.getByRole("heading", {
            name: `Hazard scores of ${place.country} (country level), not of ${place.title} itself`,
          }),
        ).toBeVisible();
        await expect(page.getByTestId("shown-level")).toContainText(`Country-level scores: ${place.country}`);
        await expect(cards(page)).toHaveCount(12);
        await expect(page.getByRole("link", { name: "Unlock this hexagon" })).toBeVisible();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expectNoWiderThan(page, viewport.width);
      }

      // Nothing left to spend: unlocking offers credits, and Cancel leaves the user on Phoenix, same URL, same scores.
      const before = page.url();
      const scores = await hazardListText(page);
      await page.getByRole("link", { name: "Unlock this hexagon" }).click();
      const dialog = page.getByRole("dialog", { name: "Add credits" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Add credits" })).toHaveAttribute(
        "href",
        /^\/dashboard\/cart\?add=hexagon&pending=[0-9a-f]{15}$/,
      );
      await expectNoWiderThan(page, viewport.width);
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(page.url()).toBe(before);
      await expect(
        page.getByRole("heading", {
          name: `Hazard scores of ${PLACES[3]!.country} (country level), not of ${PLACES[3]!.title} itself`,
        }),
      ).toBeVisible();
      expect(await hazardListText(page)).toBe(scores);
    });

    test("a PREMIUM user is asked before an allowance is spent; Cancel keeps them where they were", async ({
      signIn,
      page,
      javaScriptEnabled,
    }) => {
      // Each run has a PREMIUM account of its own; the four runs unlock four places.
      const places: Record<string, { name: string; lat: string; lon: string; title: RegExp }> = {
        "1366-js": { name: "Nairobi", lat: "-1.2833", lon: "36.8167", title: /Nairobi, .*Kenya/ },
        "1366-no-js": { name: "Lima", lat: "-12.0432", lon: "-77.0282", title: /Lima, .*Peru/ },
        "390-js": { name: "Hanoi", lat: "21.0245", lon: "105.8412", title: /Hanoi, .*Vietnam/ },
        "390-no-js": { name: "Perth", lat: "-31.9522", lon: "115.8614", title: /Perth, .*Australia/ },
      };
      const place = places[`${viewport.width}-${javaScriptEnabled ? "js" : "no-js"}`]!;
      await signIn({ plan: "PREMIUM" });
      await acceptCookies(page);
      await skipTour(page);
      await page.goto(`/dashboard?lat=${place.lat}&lon=${place.lon}&scenario=rcp85&period=2050`);
      await expect(page.getByRole("heading", { name: place.title })).toBeVisible();
      await expect(page.getByTestId("shown-level")).toContainText("Country-level scores");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const before = page.url();
      const scores = await hazardListText(page);

      await page.getByRole("link", { name: "Unlock this hexagon" }).click();
      const dialog = page.getByRole("dialog", { name: "Unlock this hexagon?" });
      await expect(dialog).toBeVisible();
      const spend = await dialog.getByTestId("spend-note").innerText();
      const [, left, after] = /^This uses 1 of your (\d+) hexagon orders?; (\d+) will remain\.$/.exec(spend) ?? [];
      expect(Number(after)).toBe(Number(left) - 1);
      await expectNoWiderThan(page, viewport.width);
      // axe runs in the page's script; the sign-in toast must be gone, or axe measures its colours mid-fade.
      if (javaScriptEnabled) {
        await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
        await expectNoSeriousAxeViolations(page);
      }

      // Cancel: same URL, same scores, nothing spent (asking again offers the same count).
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(page.url()).toBe(before);
      expect(await hazardListText(page)).toBe(scores);
      await page.getByRole("link", { name: "Unlock this hexagon" }).click();
      await expect(page.getByRole("dialog", { name: "Unlock this hexagon?" }).getByTestId("spend-note")).toHaveText(
        spend,
      );

      // Confirm: back on the same place, now at hexagon level, told what is left.
      await page.getByRole("button", { name: "Yes, unlock this hexagon" }).click();
      await expect(page.getByRole("dialog", { name: "Unlock this hexagon?" })).toHaveCount(0);
      await expect(page.getByTestId("shown-level")).toContainText(
        /Hexagon-level scores|Scores of this point, from its own drivers/,
      );
      expect(page.url()).toBe(before);
      await expect(page.getByRole("heading", { name: place.title })).toBeVisible();
      await expect(
        page.getByText(`is unlocked. ${after} hexagon order${after === "1" ? "" : "s"} left.`).first(),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Unlock this hexagon" })).toHaveCount(0);
      await expectNoWiderThan(page, viewport.width);

      // The single-location report is offered from the place, with the place prefilled.
      await page.getByRole("link", { name: "Single-location report (PDF)" }).click();
      await expect(page).toHaveURL(/\/dashboard\/location-report\?lat=/);
      await expect(page.getByLabel("Latitude")).toHaveValue(place.lat);
      await expect(page.getByLabel("Postal address")).toHaveValue(new RegExp(`^${place.name}, `));
      // The price before anything is ordered: the one /pricing and the cart state.
      await expect(page.getByTestId("report-price")).toContainText("Price: 49.00 EUR per report");
    });
  });
}
