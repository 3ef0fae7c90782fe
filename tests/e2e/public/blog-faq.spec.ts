import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, RETRY_ON_RESET } from "../helpers";

async function jsonLdTypes(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
}

test.describe("blog", () => {
  test("page through the list, follow a topic link and read a post", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("max-age=60");
    await acceptCookies(page);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    const articles = page.locator("main article");
    await expect(articles).toHaveCount(10);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);

    // Pagination is made of plain links.
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/blog\/all\/page\/2$/);
    await expect(articles).toHaveCount(5);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/blog$/);

    // Topic links use the friendly-URL rule.
    const topicNav = page.getByRole("navigation", { name: "Blog topics" });
    await topicNav.getByRole("link", { name: /Regulation & Disclosure/ }).click();
    await expect(page).toHaveURL(/\/blog\/regulation-and-disclosure-2$/);
    await expect(page.getByRole("heading", { level: 1, name: "Regulation & Disclosure" })).toBeVisible();
    const count = await articles.count();
    expect(count).toBeGreaterThan(0);
    for (const topicLink of await articles.getByRole("link", { name: "Regulation & Disclosure" }).all()) {
      await expect(topicLink).toHaveAttribute("href", "/blog/regulation-and-disclosure-2");
    }

    const firstTitle = (await articles.first().getByRole("heading").textContent())!.trim();
    await articles.first().getByRole("link", { name: firstTitle }).click();
    await expect(page).toHaveURL(/\/blog\/item\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
    await expect(page.locator("main time").first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(page.locator("main article h2").first()).toBeVisible();
    expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator("#newsletter-slot, [data-newsletter-box]").first()).toBeAttached();
  });

  test("missing posts, topics and pages answer 404; friendly URLs redirect to their canonical form", async ({
    page,
  }) => {
    for (const url of [
      "/blog/item/16",
      "/blog/item/9999",
      "/blog/item/abc",
      "/blog/no-such-topic-999",
      "/blog/all/page/9",
      "/blog/regulation-and-disclosure",
    ]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByText("This page could not be found")).toBeVisible();
    }
    await page.goto("/blog/item");
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto("/blog/2");
    await expect(page).toHaveURL(/\/blog\/regulation-and-disclosure-2$/);
    await page.goto("/blog/all/page/1");
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("FAQ", () => {
  test("open an FAQ item from the grouped list", async ({ page }) => {
    await page.goto("/faq");
    await acceptCookies(page);
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Plans & Billing" })).toBeVisible();
    expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["FAQPage", "BreadcrumbList"]));
    await page.getByRole("link", { name: "What do the 1 to 5 risk scores mean?" }).click();
    await expect(page).toHaveURL(/\/faq\/1$/);
    await expect(page.getByRole("heading", { level: 1, name: "What do the 1 to 5 risk scores mean?" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await page.getByRole("link", { name: "All questions" }).click();
    await expect(page).toHaveURL(/\/faq$/);

    const missing = await page.goto("/faq/999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });
});

test.describe("search engines", () => {
  test("sitemap.xml validates against the sitemaps.org schema; robots.txt and the feed are served", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get("/sitemap.xml", RETRY_ON_RESET);
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-e2e-")), "sitemap.xml");
    fs.writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--schema", path.resolve("tests/fixtures/sitemap.xsd"), file], {
      stdio: "pipe",
    });
    expect(xml).toContain(`<loc>${baseURL}/blog/item/1</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/faq/18</loc>`);

    const robots = await (await request.get("/robots.txt", RETRY_ON_RESET)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const feed = await request.get("/blog/rss.xml", RETRY_ON_RESET);
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    expect(await feed.text()).toContain("<item>");
  });
});
