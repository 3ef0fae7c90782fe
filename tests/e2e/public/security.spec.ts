import { expect, test } from "../fixtures";
import { RETRY_ON_RESET } from "../helpers";

test.describe("security headers and redirects on the built server", () => {
  test("private pages are never cached; resource routes carry nosniff", async ({ request }) => {
    for (const path of [
      "/dashboard/login?view=reset&token=made-up",
      "/dev/outbox",
      "/dashboard/login?_data=routes%2Fdashboard_.login",
    ]) {
      const res = await request.get(path, { ...RETRY_ON_RESET, maxRedirects: 0 });
      expect(res.headers()["cache-control"], path).toBe("private, no-store");
    }
    for (const path of ["/sitemap.xml", "/robots.txt", "/healthz", "/downloads/methodology.pdf"]) {
      const res = await request.get(path, RETRY_ON_RESET);
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    }
  });

  test("a POST to a page without an action shows our 405 page, not framework internals", async ({ request }) => {
    const res = await request.post("/faq", { ...RETRY_ON_RESET, form: { a: "b" } });
    expect(res.status()).toBe(405);
    const html = await res.text();
    expect(html).toContain("This page cannot take that kind of request.");
    expect(html).not.toContain("did not provide an");
  });

  test("redirectTo=/%09/evil.example after logging in stays on the site", async ({ page, newAccount }) => {
    const { email, password } = await newAccount({ plan: "DISCOVERY" });
    await page.goto("/dashboard/login?redirectTo=/%09/evil.example");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });
});
