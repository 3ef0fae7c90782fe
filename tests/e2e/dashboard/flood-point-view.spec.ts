/**
 * The dashboard's point view where a flood-depth layer covers the point: river flood's score card says it comes from
 * the depth map, and the flood section shows depths and money, at a laptop and a phone width, with JavaScript on
 * and off (the two projects). The layers are written into the running server's layer store (DATA_DIR/layers), which
 * the server re-reads when its manifest changes.
 */
import path from "node:path";
import { expect, test } from "../fixtures";
import { writeLayerStore } from "../../../bench/support/flood-layers";
import { acceptCookies, skipTour } from "../helpers";

const LONDON = { lat: 51.5074, lon: -0.1278 };
// from 1-in-25 years on, 0.7 m of water at every pixel of a 2° box around London: river flood 3 (High)
const RIVER: Record<number, number> = {
  2: 0,
  5: 0,
  10: 0.2,
  25: 0.7,
  50: 0.9,
  100: 1.3,
  250: 1.7,
  500: 2.1,
  1000: 2.6,
};

test.beforeAll(async () => {
  await writeLayerStore(
    [{ west: -1, north: 52.5, size: 240, depth: (kind, rp) => (kind === "river" ? (RIVER[rp] ?? 0) : 0) }],
    undefined,
    path.resolve("tests/.tmp/e2e-data/layers"),
  );
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the point view with a flood-depth layer at ${viewport.width} px`, () => {
    test.use({ viewport });
    // the first point view reads the layers and the point's drivers: slow on a busy machine
    test.setTimeout(180_000);

    test("river flood's score says it comes from the depth map; the flood section shows depths and money", async ({
      signIn,
      page,
      javaScriptEnabled,
    }) => {
      const mode = javaScriptEnabled ? "js" : "no-js";
      await signIn({ plan: "PREMIUM" });
      await page.goto(`/dashboard?lat=${LONDON.lat}&lon=${LONDON.lon}&flood_value_eur=2000000`);
      await acceptCookies(page);
      await skipTour(page);
      const fd = page.locator('[data-testid="score-card"][data-hazard="FD"]');
      await expect(fd.locator('[data-source="flood_depth_layer"]').first()).toContainText(
        "From the flood-depth map: 0.70 m of water at the 1-in-25-year flood",
      );
      await expect(fd).toContainText("3 · High");
      // a hazard no layer scores keeps its index value and shows no source line
      await expect(
        page.locator('[data-testid="score-card"][data-hazard="HW"] [data-testid="score-source"]'),
      ).toHaveCount(0);
      await fd.scrollIntoViewIfNeeded();
      await fd.screenshot({ path: `docs/screenshots/dashboard-flood-score-${viewport.width}-${mode}.png` });
      const section = page.locator("section[aria-labelledby='flood-loss-title']");
      await expect(section).toContainText("0.70");
      await section.screenshot({ path: `docs/screenshots/dashboard-flood-section-${viewport.width}-${mode}.png` });
    });
  });
}
