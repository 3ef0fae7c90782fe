import fs from "node:fs/promises";
import path from "node:path";
import { json } from "@remix-run/node";
import matter from "gray-matter";
import { publicCacheHeaders } from "../http/cache-headers.server";
import { NotFoundError } from "../http/errors.server";
import { markdownToText, renderMarkdown } from "./markdown.server";

export interface ContentPage {
  slug: string;
  title: string;
  description: string;
  updatedAt: string | null;
  /** Sanitised HTML of the body. */
  html: string;
  /** The raw Markdown body (used by the PDFs). */
  markdown: string;
  /** Every front-matter field, for pages with extra ones (home hero, CTAs). */
  data: Record<string, unknown>;
}

export const PAGE_SLUGS = [
  "home",
  "about",
  "api",
  "contact",
  "cookies-policy",
  "flood-map",
  "methodology",
  "pricing",
  "privacy-policy",
  "products",
  "products-new",
  "products-old",
  "technical-documentation",
  "technology",
  "terms",
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export function contentDir() {
  return path.resolve(process.env.CONTENT_DIR ?? path.join(process.cwd(), "content"));
}

const cache = new Map<string, Promise<ContentPage>>();

async function readPage(slug: PageSlug): Promise<ContentPage> {
  const file = path.join(contentDir(), "pages", `${slug}.md`);
  let raw: string;
  try {
    raw = await fs.readFile(file, "utf8");
  } catch {
    throw new NotFoundError();
  }
  const { data, content } = matter(raw);
  const title = typeof data.title === "string" ? data.title : slug;
  const description = typeof data.description === "string" ? data.description : markdownToText(content).slice(0, 160);
  const updated = data.updated_at instanceof Date ? data.updated_at.toISOString().slice(0, 10) : typeof data.updated_at === "string" ? data.updated_at : null;
  return { slug, title, description, updatedAt: updated, html: renderMarkdown(content), markdown: content, data };
}

/** A page from content/pages, parsed once per process (the files ship with the build and do not change). */
export function getPage(slug: PageSlug): Promise<ContentPage> {
  let page = cache.get(slug);
  if (!page) {
    page = readPage(slug);
    // A failed read is not cached, so a file added later is picked up.
    page.catch(() => cache.delete(slug));
    cache.set(slug, page);
  }
  return page;
}

/** @internal */
export function clearPageCacheForTesting() {
  cache.clear();
}

/** Splits rendered HTML at its `<h2>` headings: lets the home page lay each section out on its own. */
export function splitSections(html: string): { heading: string; html: string }[] {
  const parts = html.split(/(?=<h2[^>]*>)/);
  return parts
    .map((part) => {
      const match = part.match(/^<h2[^>]*>([\s\S]*?)<\/h2>/);
      return match ? { heading: match[1]!.replace(/<[^>]+>/g, "").trim(), html: part.slice(match[0].length).trim() } : { heading: "", html: part.trim() };
    })
    .filter((s) => s.heading || s.html);
}

/** Loader body of a content page: the page fields a view needs, with the public cache headers. */
export async function loadContentPage(request: Request, slug: PageSlug) {
  const page = await getPage(slug);
  return json(
    { title: page.title, description: page.description, updatedAt: page.updatedAt, html: page.html },
    { headers: publicCacheHeaders(request) },
  );
}

/** The `<li>` items of a rendered list, as HTML (for laying list sections out as cards). */
export function listItems(html: string): string[] {
  return [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!.trim());
}

export interface HomeSection {
  heading: string;
  html: string;
  /** Set for list sections (value props, steps, audiences): each item as HTML. */
  items: string[] | null;
  ordered: boolean;
}

/** The home page: hero fields from the front matter and the body split into sections. */
export async function loadHomePage(request: Request) {
  const page = await getPage("home");
  const text = (key: string, fallback: string) => (typeof page.data[key] === "string" ? (page.data[key] as string) : fallback);
  const sections: HomeSection[] = splitSections(page.html).map((s) => {
    const isList = /^<(ul|ol)>[\s\S]*<\/\1>$/.test(s.html);
    return { heading: s.heading, html: s.html, items: isList ? listItems(s.html) : null, ordered: s.html.startsWith("<ol>") };
  });
  return json(
    {
      title: page.title,
      description: page.description,
      hero: {
        title: text("hero_title", page.title),
        subtitle: text("hero_subtitle", page.description),
        primary: { label: text("cta_primary", "Free Scan"), href: text("cta_primary_href", "/dashboard") },
        secondary: { label: text("cta_secondary", "Book a call"), href: text("cta_secondary_href", "/dashboard") },
      },
      sections,
    },
    { headers: publicCacheHeaders(request) },
  );
}
