import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { PlanCode } from "../../../app/domain/commerce/plans";
import { expect, test, type SignIn } from "../fixtures";
import { cellToLatLng } from "h3-js";
import { acceptCookies, RETRY_ON_RESET, skipTour } from "../helpers";

const cards = (page: Page) => page.getByTestId("score-card");

async function enter(page: Page, signIn: SignIn, plan: PlanCode) {
  await signIn({ plan });
  // A fresh account has not seen the tour yet.
  await page.getByRole("button", { name: "Skip tour" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

/** Each score card names the level the API answers (signed in as the page is) for its hazard's historical slot. */
async function expectCardsToShow(page: Page, apiPath: string) {
  const res = await page.request.get(apiPath, RETRY_ON_RESET);
  const answer = (await res.json()) as { hazards?: { hazard_id: string; level: string | null; state: string }[] };
  expect(answer.hazards, `${res.status()} ${JSON.stringify(answer).slice(0, 300)}`).toBeDefined();
  const levels: Record<string, string> = { L: "Low", M: "Moderate", H: "High", S: "Severe", E: "Extreme" };
  const scored = answer.hazards!.filter((h) => h.state === "ok" && h.level);
  expect(scored.length).toBeGreaterThan(5);
  for (const h of scored)
    await expect(
      page.locator(`[data-testid="score-card"][data-hazard="${h.hazard_id}"]`),
      `${h.hazard_id} from ${apiPath}`,
    ).toContainText(levels[h.level!]!);
}

test.describe("scenario analysis for one location", () => {
  test("a DISCOVERY user lands on London's country, changes scenario and period, reads any country, and meets the add-credits modal", async ({
    page,
    signIn,
  }) => {
    await enter(page, signIn, "DISCOVERY");
    await expect(page.getByRole("heading", { name: /Hazard scores: United Kingdom/ })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByText("RCP2.6 2030").first()).toBeVisible();
    await expect(page.getByText("+1.43 °C global warming").first()).toBeVisible();

    await page.locator('select[name="scenario"]').selectOption("rcp85");
    await page.locator('select[name="period"]').selectOption("2050");
    // With JavaScript a change submits by itself; without it the Apply button does.
    if (!/period=2050/.test(page.url())) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/scenario=rcp85/);
    await expect(page).toHaveURL(/period=2050/);
    await expect(page.getByText("+2.31 °C global warming").first()).toBeVisible();

    // Every country is open; a region the plan lacks shows its country, and picking it offers credits at once.
    await page.goto("/dashboard?location_code=ES");
    await expect(page.getByRole("heading", { name: "Hazard scores: Spain" })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await page.goto("/dashboard?location_code=ES-M");
    await expect(page.getByTestId("shown-level")).toContainText("Country-level scores: Spain");
    const modal = page.getByRole("dialog", { name: "Add credits" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: "Add credits" })).toHaveAttribute(
      "href",
      "/dashboard/cart?add=region&pending=ES-M",
    );
    await expect(cards(page)).toHaveCount(12);
  });

  test("a PREMIUM user picks a point by coordinates and a hexagon by id; each shows its own scores, as the API answers them", async ({
    page,
    signIn,
  }) => {
    await enter(page, signIn, "PREMIUM");
    await page.getByLabel("Latitude").fill("51.5074");
    await page.getByLabel("Longitude").fill("-0.1278");
    await page.getByRole("button", { name: "Show point" }).click();
    await expect(
      page.getByRole("heading", {
        name: "Hazard scores of this point: London, Westminster, United Kingdom (in Hexagon 84194adffffffff)",
      }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    // the point's own scores (its drivers at their finest resolution), as get_data/hazards gives them
    await expectCardsToShow(page, "/api/riskdb/get_data/hazards?lat=51.5074&lon=-0.1278&scenario=hist&period=hist");

    await page.goto("/dashboard");
    await page.getByLabel("Hexagon id").fill("84194adffffffff");
    await page.getByRole("button", { name: "Show hexagon" }).click();
    await expect(page.getByRole("heading", { name: /84194adffffffff/ })).toBeVisible();
    // the hexagon's own scores, as hazard_scores gives them
    const [lat, lon] = cellToLatLng("84194adffffffff");
    await expectCardsToShow(
      page,
      `/api/riskdb/hazard_scores?location_code=84194adffffffff&lat=${lat}&lon=${lon}&scenario=hist&period=hist`,
    );

    await page.getByLabel("Latitude").fill("91");
    await page.getByRole("button", { name: "Show point" }).click();
    await expect(page.getByText("Degrees decimal, digital, 3-4 decimal places. Range: -90/90.")).toBeVisible();

    // A point in Copenhagen's harbour is scored at the nearest land, and the page says so.
    await page.goto("/dashboard?lat=55.7&lon=12.65");
    await expect(
      page.getByRole("status").filter({ hasText: /This point is in the water, [\d.]+ km from land/ }),
    ).toBeVisible();
    // The premium plan has not opened that hexagon: the figures are Denmark's, and the heading says so.
    await expect(
      page.getByRole("heading", {
        name: "Hazard scores of Denmark (country level), not of Copenhagen, Hovedstaden, Denmark itself",
      }),
    ).toBeVisible();
  });

  test("a PREMIUM user picks a hexagon on the map; with JavaScript the interactive map draws the same hexagons", async ({
    signIn,
    page,
    javaScriptEnabled,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn({ plan: "PREMIUM" });
    await acceptCookies(page);
    await skipTour(page);
    await page.goto("/dashboard?location_code=GB&scenario=rcp45&period=2050");
    await expect(page.getByRole("heading", { name: /Hazard scores: United Kingdom/ })).toBeVisible();

    // One map: the interactive one with JavaScript, the server-rendered SVG without. Either draws only the hexagon
    // this plan has ordered (London), and picking it shows its scores.
    const london = javaScriptEnabled
      ? page.getByTestId("location-map").locator(".map-area-84194adffffffff")
      : page.getByTestId("static-location-map").locator('a[data-area="84194adffffffff"]');
    await expect(london).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByTestId("static-location-map")).toHaveCount(0);
    } else {
      await expect(london).toHaveAttribute("aria-label", /^84194adffffffff: /);
      await expect(london).toHaveAttribute("href", /location_code=84194adffffffff/);
      await expect(page.getByTestId("location-map")).toHaveCount(0);
    }

    await london.click();
    await expect(page.getByRole("heading", { name: /Hazard scores: .*84194adffffffff/ })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    // Scenario and period were kept by the pick.
    await expect(cards(page).first()).toContainText("RCP4.5 2050");
    await expect(cards(page).first()).toContainText("+1.91 °C global warming");
    await expect(london).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the scenario select keeps keyboard focus when an arrow key changes it", async ({
    signIn,
    page,
    javaScriptEnabled,
  }) => {
    await signIn({ plan: "PREMIUM" });
    await acceptCookies(page);
    await skipTour(page);
    await page.goto("/dashboard?location_code=GB&scenario=rcp26&period=2030");
    await expect(cards(page).first()).toContainText("+1.43 °C global warming");
    const scenario = page.locator('select[name="scenario"]');
    await scenario.focus();
    await page.keyboard.press("ArrowDown");
    await expect(scenario).toHaveValue("rcp45");
    if (!javaScriptEnabled) {
      // Without JavaScript nothing submits until Apply; the select still has focus and the new value.
      await expect(scenario).toBeFocused();
      await page.getByRole("button", { name: "Apply" }).click();
    }
    // The page has updated to the new scenario…
    await expect(cards(page).first()).toContainText("RCP4.5 2030");
    await expect(cards(page).first()).toContainText("+1.45 °C global warming");
    await expect(page.locator("[data-flag]")).toHaveCount(0);
    await expect(scenario).toHaveValue("rcp45");
    // …and with JavaScript the select was updated in place, not remounted, so focus stayed on it.
    if (javaScriptEnabled) await expect(scenario).toBeFocused();
  });

  test("a buyable region asks first (buy data); ordering it shows its scores", async ({ page, signIn }) => {
    const region = "GB-MAN";
    await enter(page, signIn, "PREMIUM");
    await page.goto(`/dashboard?location_code=${region}`);
    await expect(page.getByTestId("shown-level")).toContainText("Country-level scores: United Kingdom");
    // A locked region picked asks at once, without a second click on "Unlock this region".
    const modal = page.getByRole("dialog", { name: "Unlock this region?" });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("spend-note")).toHaveText(
      /^This uses 1 of your \d+ region orders?; \d+ will remain\.$/,
    );
    await modal.getByRole("button", { name: "Yes, unlock this region" }).click();
    await expect(page).toHaveURL(new RegExp(`location_code=${region}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("shown-level")).toContainText("Region-level scores");
    await expect(cards(page)).toHaveCount(12);
  });

  test("the tour runs through its 8 slides; axe finds no serious violations; the keyboard reaches the cards", async ({
    signIn,
    page,
    javaScriptEnabled,
  }) => {
    await signIn({ plan: "GRANULAR" });
    for (let n = 1; n <= 8; n++) {
      await expect(page.getByText(`Slide ${n} of 8`)).toBeVisible();
      await page
        .getByRole("dialog")
        .getByRole(n === 8 ? "button" : "link", { name: "Next" })
        .click();
    }
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(cards(page).first()).toBeVisible();
    // axe and focus events run in the page's script.
    if (!javaScriptEnabled) return;
    // The sign-in toast fades in and out (opacity): axe would measure its colours mid-animation.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await page
      .getByRole("button", { name: /^About / })
      .first()
      .focus();
    await expect(page.getByRole("tooltip").first()).toBeVisible();
  });
});
