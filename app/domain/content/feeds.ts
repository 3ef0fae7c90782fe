/** Pure builders for sitemap.xml, robots.txt and the blog's RSS feed. */

export interface SitemapEntry {
  /** Site-relative path, e.g. `/blog/item/3`. */
  path: string;
  lastmod?: Date | string | null;
}

/** Public pages that are not content items (the fixed routes); posts, topics and FAQ items are added from the database. */
export const SITEMAP_STATIC_PATHS = [
  "/",
  "/api",
  "/technology",
  "/about",
  "/team",
  "/contact",
  "/news",
  "/faq",
  "/blog",
  "/pricing",
  "/products",
  "/products_old",
  "/products/new",
  "/products/flood-map",
  "/products/portfolio-preview",
  "/methodology",
  "/cookies_policy",
  "/privacy_policy",
  "/terms",
] as const;

/** Paths crawlers should leave alone (robots.txt). */
export const ROBOTS_DISALLOW = ["/dashboard", "/api/", "/dev/"] as const;

export const BLOG_FEED_PATH = "/blog/rss.xml";
export const BLOG_FEED_SIZE = 20;

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function w3cDate(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function absoluteUrl(origin: string, path: string) {
  return new URL(path, origin).toString();
}

/** sitemaps.org 0.9 urlset; duplicate paths are listed once. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = absoluteUrl(origin, entry.path);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
    urls.push(`  <url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return ["User-agent: *", "Allow: /", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "", `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`, ""].join("\n");
}

export interface FeedItem {
  title: string;
  path: string;
  description: string;
  publishedAt: string;
  author: string;
  category: string;
}

/** RSS 2.0 with an atom:link to itself, as feed validators expect. */
export function renderRss({ origin, title, description, items }: { origin: string; title: string; description: string; items: FeedItem[] }): string {
  const rfc822 = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).toUTCString();
  const body = items
    .map((item) => {
      const link = escapeXml(absoluteUrl(origin, item.path));
      return [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <description>${escapeXml(item.description)}</description>`,
        `      <pubDate>${rfc822(item.publishedAt)}</pubDate>`,
        item.author ? `      <dc:creator>${escapeXml(item.author)}</dc:creator>` : "",
        `      <category>${escapeXml(item.category)}</category>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  const lastBuild = items[0] ? `\n    <lastBuildDate>${rfc822(items[0].publishedAt)}</lastBuildDate>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(absoluteUrl(origin, "/blog"))}</link>
    <description>${escapeXml(description)}</description>
    <language>en</language>${lastBuild}
    <atom:link href="${escapeXml(absoluteUrl(origin, BLOG_FEED_PATH))}" rel="self" type="application/rss+xml"/>
${body}
  </channel>
</rss>
`;
}
