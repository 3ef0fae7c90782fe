import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setupTestDatabase } from "#db/testing";
import { SITEMAP_STATIC_PATHS } from "~/domain/content/feeds";
import { getEnv } from "~/env.server";
import { setContentPublished } from "~/services/content/content.server";
import {
  blogFeedResponse as rssLoader,
  robotsResponse as robotsLoader,
  sitemapResponse as sitemapLoader,
} from "~/services/content/feeds.server";

setupTestDatabase();
const XSD = path.resolve("tests/fixtures/sitemap.xsd");

/** Runs xmllint against the sitemaps.org schema; throws with xmllint's message when the document is invalid. */
function validateSitemap(xml: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-")), "sitemap.xml");
  fs.writeFileSync(file, xml);
  return execFileSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8", stdio: "pipe" });
}

describe("sitemap.xml", () => {
  it("validates against the sitemaps.org 0.9 schema and lists every public page, post, topic and FAQ item", async () => {
    const response = await sitemapLoader();
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(() => validateSitemap(xml)).not.toThrow();
    const origin = getEnv().PUBLIC_URL;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of SITEMAP_STATIC_PATHS) expect(locs).toContain(new URL(p, origin).toString());
    expect(locs.filter((l) => /\/blog\/item\/\d+$/.test(l!))).toHaveLength(15);
    expect(locs.filter((l) => /\/faq\/\d+$/.test(l!))).toHaveLength(18);
    expect(locs).toContain(new URL("/blog/regulation-and-disclosure-2", origin).toString());
    expect(locs).not.toContain(new URL("/blog/item/16", origin).toString());
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("drops an item once it is unpublished", async () => {
    await setContentPublished("faq", 3, false);
    const xml = await (await sitemapLoader()).text();
    expect(xml).not.toContain("/faq/3<");
  });

  it("the schema really rejects a broken sitemap", () => {
    expect(() =>
      validateSitemap(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>yesterday</lastmod></url></urlset>',
      ),
    ).toThrow();
  });
});

describe("robots.txt and the blog feed", () => {
  it("allows crawling except private areas and points to the sitemap", async () => {
    const text = await robotsLoader().text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /dev/");
    expect(text).toContain(`Sitemap: ${new URL("/sitemap.xml", getEnv().PUBLIC_URL).toString()}`);
  });

  it("serves RSS 2.0 with the newest published posts", async () => {
    const response = await rssLoader();
    expect(response.headers.get("Content-Type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect((xml.match(/<item>/g) ?? []).length).toBe(15);
    expect(xml).not.toContain("/blog/item/16<");
    expect(() => execFileSync("xmllint", ["--noout", "-"], { input: xml, stdio: "pipe" })).not.toThrow();
  });
});
