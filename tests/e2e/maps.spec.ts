import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { readFile } from "node:fs/promises";
import { acceptCookies, DEMO_PASSWORD, logInAs, skipTour } from "./helpers";

test("flood map: static map of the UK, and with JavaScript a fitted interactive map on the basemap", async ({ page, javaScriptEnabled }) => {
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
    const zoom = await map.evaluate((el) => Number((el.querySelector(".leaflet-proxy") as HTMLElement | null)?.style.transform.match(/scale\(([\d.]+)\)/)?.[1] ?? 0));
    expect(zoom).toBeGreaterThanOrEqual(16);
  }
  expect(errors).toEqual([]);
});

test("regional view: sortable table, CSV download and map", async ({ page, javaScriptEnabled }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await logInAs(page, "premium@example.com", DEMO_PASSWORD);
  await acceptCookies(page);
  await skipTour(page);
  await page.goto("/dashboard/regional?location_code=GB&hazard_id=FD&scenario=rcp85&period=2050");
  await expect(page.getByRole("heading", { name: "River flood by region in United Kingdom" })).toBeVisible();
  await expect(page.getByTestId("static-location-map")).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByTestId("location-map").locator(".leaflet-overlay-pane path").first()).toBeAttached();

  const table = page.getByTestId("regional-table");
  await table.getByRole("link", { name: "Region" }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  // The URL changes before the new rows render: wait for the header that the sorted render sets.
  await expect(table.getByRole("columnheader", { name: /Region/ })).toHaveAttribute("aria-sort", "ascending");
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

test("a modal over the map covers it, zoom buttons included", async ({ page, javaScriptEnabled }) => {
  await logInAs(page, "premium@example.com", DEMO_PASSWORD);
  await acceptCookies(page);
  await skipTour(page);
  // a hexagon outside the plan opens the buy-data modal over the page and its map
  await page.goto("/dashboard?lat=55.7&lon=12.65");
  await expect(page.getByRole("dialog", { name: "Buy data" })).toBeVisible();
  await expect(page.getByTestId("static-location-map")).toBeAttached();
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
