import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { parse } from "csv-parse/sync";
import { readFile } from "node:fs/promises";
import { acceptCookies, skipTour } from "../helpers";

test("flood map: static map of the UK, and with JavaScript a fitted interactive map on the basemap", async ({
  page,
  javaScriptEnabled,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/products/flood-map?country=GB&scenario=rcp45&period=2050");
  await acceptCookies(page);
  await expect(page.getByRole("group", { name: /River-flood levels in United Kingdom/ })).toBeVisible();
  if (javaScriptEnabled) {
    const map = page.locator(".leaflet-container");
    await expect(map).toHaveAttribute("data-fitted", /.+/);
    // basemap land drawn in its own pane, data on top
    await expect(page.locator(".leaflet-basemap-pane path").first()).toBeAttached();
    await expect(page.locator(".leaflet-overlay-pane path").first()).toBeAttached();
    // fitted to the UK: zoomed well past the world view
    const zoom = await map.evaluate((el) =>
      Number(
        (el.querySelector(".leaflet-proxy") as HTMLElement | null)?.style.transform.match(/scale\(([\d.]+)\)/)?.[1] ??
          0,
      ),
    );
    expect(zoom).toBeGreaterThanOrEqual(16);
  }
  expect(errors).toEqual([]);
});

test("regional view: sortable table, CSV download and map", async ({ signIn, page, javaScriptEnabled }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard/regional?location_code=GB&hazard_id=FD&scenario=rcp85&period=2050");
  await expect(page.getByRole("heading", { name: "River flood by region in United Kingdom" })).toBeVisible();
  await expectOneMap(page, javaScriptEnabled);

  const table = page.getByTestId("regional-table");
  await table.getByRole("link", { name: "Region" }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  // The URL changes before the new rows render: wait for the header that the sorted render sets.
  await expect(table.getByRole("columnheader", { name: /Region/ })).toHaveAttribute("aria-sort", "ascending");
  // Without JavaScript the sorted page is a new document, streamed: the header is in before the last rows.
  await page.waitForLoadState("load");
  const names = await table.locator("tbody tr td:first-child").allInnerTexts();
  expect(names.length).toBeGreaterThan(3);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the table (CSV)" }).click();
  const file = await (await downloading).path();
  const records = parse(await readFile(file!, "utf8"), { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.region_name)).toEqual(names);
  expect(records[0]).toMatchObject({ hazard_id: "FD", scenario: "rcp85", period: "2050" });
  expect(errors).toEqual([]);
});

test("a modal over the map covers it, zoom buttons included", async ({ signIn, page, javaScriptEnabled }) => {
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  // unlocking a hexagon outside the plan opens the buy-data confirmation over the page and its map
  await page.goto("/dashboard?lat=55.7&lon=12.65&unlock=hexagon");
  await expect(page.getByRole("dialog", { name: "Unlock this hexagon?" })).toBeVisible();
  await expectOneMap(page, javaScriptEnabled);
  if (!javaScriptEnabled) return;
  const zoomIn = page.getByTestId("location-map").locator(".leaflet-control-zoom-in");
  await expect(zoomIn).toBeAttached();
  const onTop = await zoomIn.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top);
  });
  expect(onTop).toBe(false);
});

/** Never both maps: the interactive one with JavaScript, the static SVG without. */
async function expectOneMap(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(page.getByTestId("location-map").locator(".leaflet-overlay-pane path").first()).toBeAttached();
    await expect(page.getByTestId("static-location-map")).toHaveCount(0);
  } else {
    await expect(page.getByTestId("static-location-map")).toBeAttached();
    await expect(page.getByTestId("location-map")).toHaveCount(0);
  }
}

test("the map draws land, the place's outline and labels at the zoom's detail, with fit and reset controls", async ({
  signIn,
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the interactive map needs JavaScript");
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  const basemaps: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/map/basemap.geojson")) basemaps.push(r.url());
  });
  await page.goto("/dashboard?location_code=GB&scenario=rcp45&period=2050");
  const map = page.getByTestId("location-map");
  await expect(map.locator(".leaflet-overlay-pane path").first()).toBeAttached();
  await expect(map.locator(".map-label", { hasText: "London" })).toBeVisible();
  const firstLevel = Number(new URL(basemaps.at(-1)!).searchParams.get("level"));
  expect(new URL(basemaps.at(-1)!).searchParams.get("outline")).toBe("GB");

  // The map writes its zoom on the container once each zoom has settled: wait for it, click by click.
  const zoomOf = async () => Number(await map.locator(".leaflet-container").getAttribute("data-zoom"));
  await expect.poll(zoomOf).toBeGreaterThan(0);
  const start = await zoomOf();
  for (let step = 1; step <= 3; step++) {
    await map.locator(".leaflet-control-zoom-in").click();
    await expect.poll(zoomOf).toBe(start + step);
  }
  await expect.poll(() => Number(new URL(basemaps.at(-1)!).searchParams.get("level"))).toBeGreaterThan(firstLevel);

  await map.getByRole("button", { name: "Reset view" }).click();
  await expect.poll(zoomOf).toBe(start);
  await map.locator(".leaflet-control-zoom-out").click();
  await expect.poll(zoomOf).toBe(start - 1);
  await map.getByRole("button", { name: "Fit to place" }).click();
  await expect.poll(zoomOf).toBe(start);
});

test("a map whose code cannot load leaves the static map, not an error page", async ({
  signIn,
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "only a browser running scripts loads the map's code");
  await page.route(/location-map\.client-[A-Z0-9]+\.js$/, (route) => route.abort());
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard?location_code=GB&scenario=rcp45&period=2050");
  await expect(page.getByRole("heading", { name: /Hazard scores: United Kingdom/ })).toBeVisible();
  await expect(page.getByTestId("static-location-map")).toBeVisible();
  await expect(page.getByText(/Error 500|Application Error/)).toHaveCount(0);
});

test("the dashboard map's code failing to load keeps the static map, never an error page", async ({
  signIn,
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "only the browser loads the map's code");
  await signIn({ plan: "PREMIUM" });
  await acceptCookies(page);
  await skipTour(page);
  let blocked = 0;
  await page.route(/\/build\/.*location-map\.client-[\w-]+\.js$/, (route) => {
    blocked += 1;
    return route.abort();
  });
  await page.goto("/dashboard");
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  await expect.poll(() => blocked).toBeGreaterThan(0);
  await expect(page.getByTestId("static-location-map")).toBeVisible();
  await expect(page.getByTestId("location-map")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Error 500/ })).toHaveCount(0);
  await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
});
