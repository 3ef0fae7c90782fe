import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { flatRouteName } from "../../../app/domain/api/api-route-files";
import { skipTour } from "../helpers";

const ROUTES_DIR = path.resolve("app/routes/dashboard+");

/** Values for the dynamic segments of the dashboard's pages (the administrator may open every one). */
const PARAMS: Record<string, string> = { $type: "posts", $id: "new" };

/** Pages that only show with a query (without one they redirect): what a customer arrives with. */
const QUERIES: Record<string, string> = { "/dashboard/cart/review": "?plan=GRANULAR&country_package=101" };

/**
 * Every page of the dashboard, read from its route folder so a new page is checked without being listed here: files
 * with a default export (a page, not a download or the catch-all), their flat-route name turned into a path.
 */
function dashboardPages(): string[] {
  return fs
    .readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".tsx") && f !== "_layout.tsx" && f !== "$.tsx")
    .filter((f) => /^export default /m.test(fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")))
    .map((f) => {
      const segments = flatRouteName(f)
        .split(".")
        .filter((s) => s !== "_index")
        // "cart_" opts out of the cart's layout: the URL segment is "cart".
        .map((s) => s.replace(/_$/, ""))
        .map((s) => {
          if (!s.startsWith("$")) return s;
          const value = PARAMS[s];
          if (!value) throw new Error(`no test value for ${s} in ${f}: add it to PARAMS`);
          return value;
        });
      const url = ["/dashboard", ...segments].join("/");
      return url + (QUERIES[url] ?? "");
    })
    .sort();
}

test.describe("dashboard accessibility", () => {
  test("axe finds no serious or critical violations on any dashboard page, at desktop and phone widths", async ({
    page,
    signIn,
  }, info) => {
    test.skip(info.project.use.javaScriptEnabled === false, "axe runs inside the page: it needs JavaScript");
    // About twenty pages at two widths on a shared machine.
    test.setTimeout(360_000);
    const pages = dashboardPages();
    expect(pages).toContain("/dashboard/scan");
    expect(pages).toContain(`/dashboard/cart/review${QUERIES["/dashboard/cart/review"]}`);
    await page
      .context()
      .addCookies([{ name: "cookie_consent", value: "v1:necessary", url: info.project.use.baseURL! }]);
    await signIn({ plan: "PREMIUM", role: "admin" });
    await skipTour(page);
    const report: string[] = [];
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const url of pages) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBeLessThan(400);
        // A page that redirected elsewhere was not the page under test.
        expect(new URL(page.url()).pathname, url).toBe(url.split("?")[0]);
        await expect(page.locator("h1").first()).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const v of results.violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
          report.push(
            `${url} at ${viewport.width}: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
          );
        }
      }
    }
    expect(report).toEqual([]);
  });
});
