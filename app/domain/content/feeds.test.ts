import { escapeXml, renderRobots, renderRss, renderSitemap } from "./feeds";

describe("feeds", () => {
  it("writes absolute, escaped, de-duplicated sitemap entries", () => {
    const xml = renderSitemap("https://example.com", [
      { path: "/", lastmod: new Date("2026-11-02T10:00:00Z") },
      { path: "/blog?a=1&b=2" },
      { path: "/" },
    ]);
    expect(xml).toContain("<url><loc>https://example.com/</loc><lastmod>2026-11-02</lastmod></url>");
    expect(xml).toContain("<loc>https://example.com/blog?a=1&amp;b=2</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it("robots.txt points to the sitemap", () => {
    expect(renderRobots("https://example.com")).toContain("Sitemap: https://example.com/sitemap.xml");
  });

  it("RSS escapes titles and uses RFC 822 dates", () => {
    const xml = renderRss({
      origin: "https://example.com",
      title: "Blog",
      description: "d",
      items: [{ title: "Risk & <Return>", path: "/blog/item/1", description: "x", publishedAt: "2025-01-21", author: "A", category: "C" }],
    });
    expect(xml).toContain("<title>Risk &amp; &lt;Return&gt;</title>");
    expect(xml).toContain("<pubDate>Tue, 21 Jan 2025 00:00:00 GMT</pubDate>");
    expect(escapeXml(`"'`)).toBe("&quot;&apos;");
  });
});
