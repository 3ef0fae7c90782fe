import fs from "node:fs";
import path from "node:path";
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import matter from "gray-matter";
import { blogPosts, blogTopics, faqItems, newsItems, teamMembers } from "#db/schema/index";
import {
  blogPostPath,
  blogTopicPath,
  CONTENT_MESSAGES,
  faqItemPath,
  pageCount,
  type ContentForm,
  type ContentType,
} from "~/domain/content/content";
import { SITEMAP_STATIC_PATHS, type SitemapEntry } from "~/domain/content/feeds";
import { slugify } from "~/domain/content/slug";
import { getDb } from "../infra/db.server";
import { BadRequestError, NotFoundError } from "../http/errors.server";
import { renderMarkdown } from "./markdown.server";
import { invalidatePublicPages } from "../http/page-cache.server";

export interface TopicLink {
  id: number;
  title: string;
  url: string;
}

export interface TopicSummary extends TopicLink {
  slug: string;
  description: string;
  postCount: number;
}

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  url: string;
  topic: TopicLink;
  description: string;
  publishedAt: string;
  author: string;
}

export interface Post extends PostSummary {
  html: string;
  imageAlt: string | null;
  updatedAt: string;
}

export interface PostPage {
  count: number;
  page: number;
  pageSize: number;
  pageCount: number;
  results: PostSummary[];
}

export interface FaqEntry {
  id: number;
  question: string;
  slug: string;
  url: string;
  category: string;
  answerHtml: string;
  updatedAt: string;
}

const topicLink = (t: { id: number; title: string }): TopicLink => ({ id: t.id, title: t.title, url: blogTopicPath(t) });

const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  description: blogPosts.description,
  publishedAt: blogPosts.publishedAt,
  author: blogPosts.author,
  topicId: blogTopics.id,
  topicTitle: blogTopics.title,
};

function toSummary(row: { id: number; title: string; slug: string; description: string; publishedAt: string; author: string; topicId: number; topicTitle: string }): PostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    url: blogPostPath(row.id),
    topic: topicLink({ id: row.topicId, title: row.topicTitle }),
    description: row.description,
    publishedAt: row.publishedAt,
    author: row.author,
  };
}

/* ---------- blog ---------- */

/** Published topics in menu order, with how many published posts each holds. */
export async function listTopics(): Promise<TopicSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: blogTopics.id,
      title: blogTopics.title,
      slug: blogTopics.slug,
      description: blogTopics.description,
      postCount: sql<number>`count(${blogPosts.id})::int`,
    })
    .from(blogTopics)
    .leftJoin(blogPosts, and(eq(blogPosts.topicId, blogTopics.id), eq(blogPosts.published, true)))
    .where(eq(blogTopics.published, true))
    .groupBy(blogTopics.id)
    .orderBy(asc(blogTopics.sortOrder), asc(blogTopics.id));
  return rows.map((r) => ({ ...topicLink(r), slug: r.slug, description: r.description, postCount: Number(r.postCount) }));
}

export async function getTopic(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: blogTopics.id, title: blogTopics.title, slug: blogTopics.slug, description: blogTopics.description, bodyHtml: blogTopics.bodyHtml })
    .from(blogTopics)
    .where(and(eq(blogTopics.id, id), eq(blogTopics.published, true)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return { ...row, url: blogTopicPath(row) };
}

/**
 * One page of published posts, newest first, optionally within a topic. An unknown topic or a page past the end
 * is a NotFoundError (an empty blog still has its page 1).
 */
export async function listPosts({ page, pageSize, topicId }: { page: number; pageSize: number; topicId?: number | null }): Promise<PostPage> {
  if (!Number.isInteger(page) || page < 1) throw new BadRequestError("page must be a whole number of 1 or more", "page");
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new BadRequestError("page_size must be a whole number of 1 or more", "page_size");
  if (topicId != null) await getTopic(topicId);
  const db = await getDb();
  const where = and(eq(blogPosts.published, true), eq(blogTopics.published, true), topicId != null ? eq(blogPosts.topicId, topicId) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId)).where(where);
  const pages = pageCount(total, pageSize);
  if (page > pages) throw new NotFoundError();
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total, page, pageSize, pageCount: pages, results: rows.map(toSummary) };
}

/** A published post; drafts and unknown ids are NotFoundError so they 404 the same way. */
export async function getPost(id: number): Promise<Post> {
  const db = await getDb();
  const [row] = await db
    .select({ ...postColumns, bodyHtml: blogPosts.bodyHtml, imageAlt: blogPosts.imageAlt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .where(and(eq(blogPosts.id, id), eq(blogPosts.published, true), eq(blogTopics.published, true)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return { ...toSummary(row), html: row.bodyHtml, imageAlt: row.imageAlt, updatedAt: row.updatedAt.toISOString() };
}

/** API field names (Blog/Topic). */
export function postSummaryToApi(post: PostSummary) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    url: post.url,
    topic: post.topic,
    description: post.description,
    published_at: post.publishedAt,
    author: post.author,
  };
}

export function postToApi(post: Post) {
  return { ...postSummaryToApi(post), image_alt: post.imageAlt, updated_at: post.updatedAt, html: post.html };
}

/* ---------- FAQ ---------- */

const faqColumns = {
  id: faqItems.id,
  question: faqItems.question,
  slug: faqItems.slug,
  category: faqItems.category,
  answerHtml: faqItems.answerHtml,
  updatedAt: faqItems.updatedAt,
};

function toFaq(row: { id: number; question: string; slug: string; category: string; answerHtml: string; updatedAt: Date }): FaqEntry {
  return { ...row, url: faqItemPath(row.id), updatedAt: row.updatedAt.toISOString() };
}

export async function listFaq({ category }: { category?: string } = {}): Promise<FaqEntry[]> {
  const db = await getDb();
  const rows = await db
    .select(faqColumns)
    .from(faqItems)
    .where(and(eq(faqItems.published, true), category ? eq(faqItems.category, category) : undefined))
    .orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
  return rows.map(toFaq);
}

export async function getFaqItem(id: number): Promise<FaqEntry> {
  const db = await getDb();
  const [row] = await db
    .select(faqColumns)
    .from(faqItems)
    .where(and(eq(faqItems.id, id), eq(faqItems.published, true)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return toFaq(row);
}

/** Questions grouped by category, categories in the order their first question appears. */
export function groupFaq(items: FaqEntry[]) {
  const groups = new Map<string, FaqEntry[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups].map(([category, questions]) => ({ category, questions }));
}

export function faqToApi(item: FaqEntry) {
  return { id: item.id, question: item.question, slug: item.slug, url: item.url, category: item.category, answer_html: item.answerHtml };
}

/* ---------- news and team ---------- */

export async function listNews() {
  const db = await getDb();
  return db
    .select({ id: newsItems.id, title: newsItems.title, slug: newsItems.slug, description: newsItems.description, publishedAt: newsItems.publishedAt, bodyHtml: newsItems.bodyHtml })
    .from(newsItems)
    .where(eq(newsItems.published, true))
    .orderBy(desc(newsItems.publishedAt), desc(newsItems.id));
}

export async function listTeam() {
  const db = await getDb();
  return db
    .select({ id: teamMembers.id, name: teamMembers.name, slug: teamMembers.slug, role: teamMembers.role, initials: teamMembers.initials, location: teamMembers.location, bioHtml: teamMembers.bioHtml })
    .from(teamMembers)
    .where(eq(teamMembers.published, true))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
}

/* ---------- sitemap and feed ---------- */

/** Every published post, topic and FAQ item with the date it last changed. */
export async function listSitemapContent() {
  const db = await getDb();
  const [posts, topics, faq] = await Promise.all([
    db
      .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
      .where(and(eq(blogPosts.published, true), eq(blogTopics.published, true)))
      .orderBy(asc(blogPosts.id)),
    db.select({ id: blogTopics.id, title: blogTopics.title, updatedAt: blogTopics.updatedAt }).from(blogTopics).where(eq(blogTopics.published, true)).orderBy(asc(blogTopics.id)),
    db.select({ id: faqItems.id, updatedAt: faqItems.updatedAt }).from(faqItems).where(eq(faqItems.published, true)).orderBy(asc(faqItems.id)),
  ]);
  return {
    posts: posts.map((p) => ({ path: blogPostPath(p.id), lastmod: p.updatedAt })),
    topics: topics.map((t) => ({ path: blogTopicPath(t), lastmod: t.updatedAt })),
    faq: faq.map((f) => ({ path: faqItemPath(f.id), lastmod: f.updatedAt })),
  };
}

/** Static pages whose Markdown in `content/pages` carries an `updated_at` date (the legal pages). */
const STATIC_PAGE_FILES: Partial<Record<(typeof SITEMAP_STATIC_PATHS)[number], string>> = {
  "/cookies_policy": "cookies-policy.md",
  "/privacy_policy": "privacy-policy.md",
  "/terms": "terms.md",
};

function pageUpdatedAt(file: string | undefined): string | null {
  if (!file) return null;
  try {
    const { data } = matter(fs.readFileSync(path.resolve(process.cwd(), "content/pages", file), "utf8"));
    const value: unknown = data.updated_at;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  } catch {
    return null;
  }
}

/** Every public URL for sitemap.xml: the static pages, then each published topic, post and FAQ item. */
export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const db = await getDb();
  const [content, [newsDate], [teamDate]] = await Promise.all([
    listSitemapContent(),
    db.select({ at: max(newsItems.updatedAt) }).from(newsItems).where(eq(newsItems.published, true)),
    db.select({ at: max(teamMembers.updatedAt) }).from(teamMembers).where(eq(teamMembers.published, true)),
  ]);
  const newest = (items: { lastmod: Date }[]) => items.reduce<Date | null>((a, b) => (a && a > b.lastmod ? a : b.lastmod), null);
  const sectionDates: Record<string, Date | string | null> = {
    "/blog": newest([...content.posts, ...content.topics]),
    "/faq": newest(content.faq),
    "/news": newsDate?.at ?? null,
    "/team": teamDate?.at ?? null,
  };
  const pages = SITEMAP_STATIC_PATHS.map((p) => ({ path: p, lastmod: sectionDates[p] ?? pageUpdatedAt(STATIC_PAGE_FILES[p]) }));
  return [...pages, ...content.topics, ...content.posts, ...content.faq];
}

/** The newest published posts for the RSS feed. */
export async function listFeedPosts(size: number) {
  return (await listPosts({ page: 1, pageSize: size })).results;
}

/* ---------- admin CMS ---------- */

export interface AdminRow {
  id: number;
  title: string;
  detail: string;
  published: boolean;
  updatedAt: string;
  publicUrl: string | null;
}

export async function adminListContent(type: ContentType): Promise<AdminRow[]> {
  const db = await getDb();
  const iso = (d: Date) => d.toISOString();
  switch (type) {
    case "posts": {
      const rows = await db
        .select({ id: blogPosts.id, title: blogPosts.title, published: blogPosts.published, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt, topic: blogTopics.title })
        .from(blogPosts)
        .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
      return rows.map((r) => ({ id: r.id, title: r.title, detail: `${r.topic} · ${r.publishedAt}`, published: r.published, updatedAt: iso(r.updatedAt), publicUrl: blogPostPath(r.id) }));
    }
    case "topics": {
      const rows = await db.select().from(blogTopics).orderBy(asc(blogTopics.sortOrder), asc(blogTopics.id));
      return rows.map((r) => ({ id: r.id, title: r.title, detail: `Order ${r.sortOrder}`, published: r.published, updatedAt: iso(r.updatedAt), publicUrl: blogTopicPath(r) }));
    }
    case "faq": {
      const rows = await db.select().from(faqItems).orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
      return rows.map((r) => ({ id: r.id, title: r.question, detail: r.category, published: r.published, updatedAt: iso(r.updatedAt), publicUrl: faqItemPath(r.id) }));
    }
    case "news": {
      const rows = await db.select().from(newsItems).orderBy(desc(newsItems.publishedAt), desc(newsItems.id));
      return rows.map((r) => ({ id: r.id, title: r.title, detail: r.publishedAt, published: r.published, updatedAt: iso(r.updatedAt), publicUrl: "/news" }));
    }
    case "team": {
      const rows = await db.select().from(teamMembers).orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
      return rows.map((r) => ({ id: r.id, title: r.name, detail: r.role, published: r.published, updatedAt: iso(r.updatedAt), publicUrl: "/team" }));
    }
  }
}

/** The stored values of one item, shaped like its admin form. */
export async function adminGetContent<T extends ContentType>(type: T, id: number): Promise<ContentForm[T]> {
  const db = await getDb();
  const one = <R>(rows: R[]) => {
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  };
  switch (type) {
    case "posts": {
      const r = one(await db.select().from(blogPosts).where(eq(blogPosts.id, id)));
      return { title: r.title, topicId: r.topicId, author: r.author, description: r.description, publishedAt: r.publishedAt, imageAlt: r.imageAlt ?? "", body: r.bodyMd, published: r.published } as ContentForm[T];
    }
    case "topics": {
      const r = one(await db.select().from(blogTopics).where(eq(blogTopics.id, id)));
      return { title: r.title, description: r.description, body: r.bodyMd, sortOrder: r.sortOrder, published: r.published } as ContentForm[T];
    }
    case "faq": {
      const r = one(await db.select().from(faqItems).where(eq(faqItems.id, id)));
      return { question: r.question, category: r.category, sortOrder: r.sortOrder, body: r.answerMd, published: r.published } as ContentForm[T];
    }
    case "news": {
      const r = one(await db.select().from(newsItems).where(eq(newsItems.id, id)));
      return { title: r.title, description: r.description, publishedAt: r.publishedAt, body: r.bodyMd, published: r.published } as ContentForm[T];
    }
    case "team": {
      const r = one(await db.select().from(teamMembers).where(eq(teamMembers.id, id)));
      return { name: r.name, role: r.role, initials: r.initials, location: r.location, sortOrder: r.sortOrder, body: r.bioMd, published: r.published } as ContentForm[T];
    }
  }
  throw new NotFoundError();
}

export async function adminTopicOptions() {
  const db = await getDb();
  return db.select({ id: blogTopics.id, title: blogTopics.title }).from(blogTopics).orderBy(asc(blogTopics.sortOrder), asc(blogTopics.id));
}

/**
 * Creates (id null) or updates an item from its validated form. The slug follows the title and the HTML is
 * rendered here, once, so public pages never render Markdown. Returns the id.
 */
export async function saveContent<T extends ContentType>(type: T, id: number | null, form: ContentForm[T]): Promise<number> {
  const db = await getDb();
  const stamp = { editedAt: new Date(), updatedAt: new Date() };
  const finish = (rows: { id: number }[]) => {
    if (!rows[0]) throw new NotFoundError();
    invalidatePublicPages();
    return rows[0].id;
  };
  switch (type) {
    case "posts": {
      const f = form as ContentForm["posts"];
      const [topic] = await db.select({ id: blogTopics.id }).from(blogTopics).where(eq(blogTopics.id, f.topicId));
      if (!topic) throw new BadRequestError(CONTENT_MESSAGES.unknownTopic, "topicId");
      const values = {
        title: f.title,
        slug: slugify(f.title),
        topicId: f.topicId,
        author: f.author,
        description: f.description,
        publishedAt: f.publishedAt,
        imageAlt: f.imageAlt || null,
        bodyMd: f.body,
        bodyHtml: renderMarkdown(f.body),
        published: f.published,
        ...stamp,
      };
      return finish(id == null ? await db.insert(blogPosts).values(values).returning({ id: blogPosts.id }) : await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }));
    }
    case "topics": {
      const f = form as ContentForm["topics"];
      const values = { title: f.title, slug: slugify(f.title), description: f.description, bodyMd: f.body, bodyHtml: renderMarkdown(f.body), sortOrder: f.sortOrder, published: f.published, ...stamp };
      return finish(id == null ? await db.insert(blogTopics).values(values).returning({ id: blogTopics.id }) : await db.update(blogTopics).set(values).where(eq(blogTopics.id, id)).returning({ id: blogTopics.id }));
    }
    case "faq": {
      const f = form as ContentForm["faq"];
      const values = { question: f.question, slug: slugify(f.question), category: f.category, sortOrder: f.sortOrder, answerMd: f.body, answerHtml: renderMarkdown(f.body), published: f.published, ...stamp };
      return finish(id == null ? await db.insert(faqItems).values(values).returning({ id: faqItems.id }) : await db.update(faqItems).set(values).where(eq(faqItems.id, id)).returning({ id: faqItems.id }));
    }
    case "news": {
      const f = form as ContentForm["news"];
      const values = { title: f.title, slug: slugify(f.title), description: f.description, publishedAt: f.publishedAt, bodyMd: f.body, bodyHtml: renderMarkdown(f.body), published: f.published, ...stamp };
      return finish(id == null ? await db.insert(newsItems).values(values).returning({ id: newsItems.id }) : await db.update(newsItems).set(values).where(eq(newsItems.id, id)).returning({ id: newsItems.id }));
    }
    case "team": {
      const f = form as ContentForm["team"];
      const values = {
        name: f.name,
        slug: slugify(f.name),
        role: f.role,
        initials: f.initials.toUpperCase(),
        location: f.location,
        sortOrder: f.sortOrder,
        bioMd: f.body,
        bioHtml: renderMarkdown(f.body),
        published: f.published,
        ...stamp,
      };
      return finish(id == null ? await db.insert(teamMembers).values(values).returning({ id: teamMembers.id }) : await db.update(teamMembers).set(values).where(eq(teamMembers.id, id)).returning({ id: teamMembers.id }));
    }
  }
  throw new NotFoundError();
}

export async function setContentPublished(type: ContentType, id: number, published: boolean) {
  const db = await getDb();
  const set = { published, editedAt: new Date(), updatedAt: new Date() };
  const table = { posts: blogPosts, topics: blogTopics, faq: faqItems, news: newsItems, team: teamMembers }[type];
  const rows = await db.update(table).set(set).where(eq(table.id, id)).returning({ id: table.id });
  if (!rows[0]) throw new NotFoundError(`There is no ${type} item with id ${id}; it may have been deleted.`);
  invalidatePublicPages();
}

/** Server-side preview of a Markdown body, sanitised exactly as a saved item would be. */
export function previewMarkdown(markdown: string) {
  return renderMarkdown(markdown);
}
