import fs from "node:fs";
import path from "node:path";
import { isNull, sql } from "drizzle-orm";
import matter from "gray-matter";
import { z } from "zod";
import { blogPosts, blogTopics, faqItems, newsItems, teamMembers } from "#db/schema/index";
import type { Database } from "./database";
import { logger } from "~/services/infra/logger.server";
import { renderMarkdown } from "~/services/content/markdown.server";

export const CONTENT_DIR = path.resolve(process.cwd(), "content");

/* Front matter as content/README.md describes it; a file that does not match stops the seed with its name. */
const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (typeof v === "string" ? v : v.toISOString()).slice(0, 10));
const topicMatter = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  slug: z.string(),
  description: z.string().default(""),
  order: z.number().int().default(0),
});
const postMatter = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  slug: z.string(),
  topic: z.string(),
  author: z.string(),
  published_at: isoDate,
  description: z.string(),
  published: z.boolean().default(true),
  image_alt: z.string().optional(),
});
const faqMatter = z.object({
  id: z.number().int().positive(),
  question: z.string(),
  slug: z.string(),
  order: z.number().int().default(0),
  category: z.string(),
});
const newsMatter = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  slug: z.string(),
  published_at: isoDate,
  description: z.string().default(""),
});
const teamMatter = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  role: z.string(),
  order: z.number().int().default(0),
  initials: z.string().default(""),
  location: z.string().default(""),
});

function readFolder<S extends z.ZodTypeAny>(
  dir: string,
  folder: string,
  schema: S,
): { data: z.output<S>; body: string }[] {
  const full = path.join(dir, folder);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const file = matter(fs.readFileSync(path.join(full, name), "utf8"));
      const parsed = schema.safeParse(file.data);
      if (!parsed.success)
        throw new Error(
          `content/${folder}/${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        );
      return { data: parsed.data as z.output<S>, body: file.content.trim() };
    });
}

/** Keeps serial ids ahead of the ids the files bring, so rows created in the dashboard never collide. */
async function syncSequence(db: Database, table: string) {
  await db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from "${table}"), 1))`),
  );
}

/**
 * Idempotent import of `content/` into the CMS tables, keyed by the files' ids so URLs stay stable. Rows edited in
 * the dashboard (`edited_at` set) are not overwritten; untouched rows follow the files.
 */
export async function seedContent(db: Database, dir = CONTENT_DIR) {
  if (!fs.existsSync(dir)) {
    logger.warn({ dir }, "content folder not found; CMS tables not seeded");
    return;
  }
  const now = new Date();
  const topics = readFolder(dir, "topics", topicMatter);
  for (const { data, body } of topics) {
    const values = {
      title: data.title,
      slug: data.slug,
      description: data.description,
      bodyMd: body,
      bodyHtml: renderMarkdown(body),
      sortOrder: data.order,
      updatedAt: now,
    };
    await db
      .insert(blogTopics)
      .values({ id: data.id, ...values })
      .onConflictDoUpdate({ target: blogTopics.id, set: values, setWhere: isNull(blogTopics.editedAt) });
  }
  const topicIds = new Map(topics.map((t) => [t.data.slug, t.data.id]));
  for (const { data, body } of readFolder(dir, "blog", postMatter)) {
    const topicId = topicIds.get(data.topic);
    if (!topicId) throw new Error(`content/blog post ${data.id}: unknown topic '${data.topic}'`);
    const values = {
      title: data.title,
      slug: data.slug,
      topicId,
      author: data.author,
      description: data.description,
      imageAlt: data.image_alt ?? null,
      bodyMd: body,
      bodyHtml: renderMarkdown(body),
      publishedAt: data.published_at,
      published: data.published,
      updatedAt: now,
    };
    await db
      .insert(blogPosts)
      .values({ id: data.id, ...values })
      .onConflictDoUpdate({ target: blogPosts.id, set: values, setWhere: isNull(blogPosts.editedAt) });
  }
  for (const { data, body } of readFolder(dir, "faq", faqMatter)) {
    const values = {
      question: data.question,
      slug: data.slug,
      category: data.category,
      sortOrder: data.order,
      answerMd: body,
      answerHtml: renderMarkdown(body),
      updatedAt: now,
    };
    await db
      .insert(faqItems)
      .values({ id: data.id, ...values })
      .onConflictDoUpdate({ target: faqItems.id, set: values, setWhere: isNull(faqItems.editedAt) });
  }
  for (const { data, body } of readFolder(dir, "news", newsMatter)) {
    const values = {
      title: data.title,
      slug: data.slug,
      description: data.description,
      publishedAt: data.published_at,
      bodyMd: body,
      bodyHtml: renderMarkdown(body),
      updatedAt: now,
    };
    await db
      .insert(newsItems)
      .values({ id: data.id, ...values })
      .onConflictDoUpdate({ target: newsItems.id, set: values, setWhere: isNull(newsItems.editedAt) });
  }
  for (const { data, body } of readFolder(dir, "team", teamMatter)) {
    const values = {
      name: data.name,
      slug: data.slug,
      role: data.role,
      initials: data.initials,
      location: data.location,
      sortOrder: data.order,
      bioMd: body,
      bioHtml: renderMarkdown(body),
      updatedAt: now,
    };
    await db
      .insert(teamMembers)
      .values({ id: data.id, ...values })
      .onConflictDoUpdate({ target: teamMembers.id, set: values, setWhere: isNull(teamMembers.editedAt) });
  }
  for (const table of ["blog_topics", "blog_posts", "faq_items", "news_items", "team_members"])
    await syncSequence(db, table);
}
