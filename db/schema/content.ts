import { boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * CMS tables, seeded from `content/` and edited in the admin dashboard. Markdown is the source; the sanitised HTML
 * is rendered once on save so public pages only read it. `editedAt` marks rows changed in the dashboard: the seed
 * leaves those alone so a restart never undoes an editor's work.
 */
const editable = {
  published: boolean("published").notNull().default(true),
  editedAt: timestamp("edited_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const blogTopics = pgTable("blog_topics", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  bodyMd: text("body_md").notNull().default(""),
  bodyHtml: text("body_html").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  ...editable,
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => blogTopics.id, { onDelete: "restrict" }),
    author: text("author").notNull().default(""),
    description: text("description").notNull().default(""),
    imageAlt: text("image_alt"),
    bodyMd: text("body_md").notNull(),
    bodyHtml: text("body_html").notNull(),
    publishedAt: date("published_at", { mode: "string" }).notNull(),
    ...editable,
  },
  (t) => [index("blog_posts_listing_idx").on(t.published, t.publishedAt), index("blog_posts_topic_idx").on(t.topicId)],
);

export const faqItems = pgTable("faq_items", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  slug: text("slug").notNull(),
  category: text("category").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  answerMd: text("answer_md").notNull(),
  answerHtml: text("answer_html").notNull(),
  ...editable,
});

export const newsItems = pgTable("news_items", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  bodyMd: text("body_md").notNull(),
  bodyHtml: text("body_html").notNull(),
  publishedAt: date("published_at", { mode: "string" }).notNull(),
  ...editable,
});

export const teamMembers = pgTable("team_members", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  role: text("role").notNull(),
  initials: text("initials").notNull().default(""),
  location: text("location").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  bioMd: text("bio_md").notNull(),
  bioHtml: text("bio_html").notNull(),
  ...editable,
});

export type BlogTopic = typeof blogTopics.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type FaqItem = typeof faqItems.$inferSelect;
export type NewsItem = typeof newsItems.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
