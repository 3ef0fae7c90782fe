import { BLOG_DESCRIPTION } from "~/domain/content/content";
import { BLOG_FEED_SIZE, renderRobots, renderRss, renderSitemap } from "~/domain/content/feeds";
import { SITE_NAME } from "~/domain/content/site";
import { getEnv } from "~/env.server";
import { listFeedPosts, listSitemapEntries } from "./content.server";
import { logger } from "../infra/logger.server";

const FEED_CACHE = "public, max-age=600, stale-while-revalidate=3600";

function unavailable(what: string, error: unknown) {
  logger.error({ err: error }, `${what} failed`);
  return new Response(`${what} temporarily unavailable`, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } });
}

/** sitemap.xml: every public page, topic, post and FAQ item, absolute from PUBLIC_URL. */
export async function sitemapResponse() {
  try {
    const xml = renderSitemap(getEnv().PUBLIC_URL, await listSitemapEntries());
    return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE } });
  } catch (error) {
    return unavailable("Sitemap", error);
  }
}

export function robotsResponse() {
  return new Response(renderRobots(getEnv().PUBLIC_URL), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

/** RSS 2.0 feed of the newest published posts. */
export async function blogFeedResponse() {
  try {
    const posts = await listFeedPosts(BLOG_FEED_SIZE);
    const xml = renderRss({
      origin: getEnv().PUBLIC_URL,
      title: `${SITE_NAME} Blog`,
      description: BLOG_DESCRIPTION,
      items: posts.map((p) => ({ title: p.title, path: p.url, description: p.description, publishedAt: p.publishedAt, author: p.author, category: p.topic.title })),
    });
    return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE } });
  } catch (error) {
    return unavailable("Feed", error);
  }
}
