import { z } from "zod";
import { slugWithId } from "./slug";
import { WITHOUT_CONTROL_CHARACTERS, field, MESSAGES } from "../forms/validation";

/** Blog page size 10, page 1. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_DEFAULT_PAGE = 1;
/** Largest page an API client may ask for; keeps one request cheap. */
export const API_MAX_PAGE_SIZE = 100;
/** Topic segment of the paged list when no topic is chosen: `/blog/all/page/2`. */
export const BLOG_ALL_TOPICS = "all";

export const BLOG_TITLE = "Blog";
export const BLOG_DESCRIPTION = "Notes on physical climate risk: scenarios, hazards, disclosure rules and how to read 1-to-5 risk scores.";

export const CONTENT_MESSAGES = {
  blogUnavailable: "The blog could not be loaded right now. Please try again in a moment.",
  faqUnavailable: "The questions could not be loaded right now. Please try again in a moment.",
  newsUnavailable: "The news could not be loaded right now. Please try again in a moment.",
  teamUnavailable: "The team could not be loaded right now. Please try again in a moment.",
  noPosts: "No articles have been published here yet.",
  saved: "Saved",
  published: "Published",
  unpublished: "Unpublished",
  topicInUse: "This topic still has articles; move them to another topic first.",
  unknownTopic: "Choose an existing topic",
} as const;

export const FAQ_CATEGORIES = [
  "Scores & Methodology",
  "Portfolios & API",
  "Plans & Billing",
  "Disclosure & Compliance",
  "Privacy & Legal",
] as const;

/** Dates are shown with the Russian locale: 21.01.2025. */
const contentDateFormat = new Intl.DateTimeFormat("ru", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });

export function formatContentDate(isoDate: string | Date): string {
  const date = typeof isoDate === "string" ? new Date(`${isoDate.slice(0, 10)}T00:00:00Z`) : isoDate;
  return Number.isNaN(date.getTime()) ? "" : contentDateFormat.format(date);
}

export function blogTopicPath(topic: { id: number; title: string }) {
  return `/blog/${slugWithId(topic.title, topic.id)}`;
}

export function blogPostPath(id: number) {
  return `/blog/item/${id}`;
}

/** Page 1 lives at the list's own URL; later pages at `/blog/{topic or all}/page/{n}`. */
export function blogListPath(topic: { id: number; title: string } | null, page: number) {
  if (page <= 1) return topic ? blogTopicPath(topic) : "/blog";
  return `/blog/${topic ? slugWithId(topic.title, topic.id) : BLOG_ALL_TOPICS}/page/${page}`;
}

export function faqItemPath(id: number) {
  return `/faq/${id}`;
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A route param that must be a positive whole number; null otherwise. */
export function parsePositiveInt(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

const queryInt = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/** Query of `GET /api/v1/blog/`; each message names the parameter at fault. */
export const blogListQuerySchema = z.object({
  page: queryInt("page", 1, 1_000_000).default(String(BLOG_DEFAULT_PAGE)),
  page_size: queryInt("page_size", 1, API_MAX_PAGE_SIZE).default(String(BLOG_PAGE_SIZE)),
  topic: queryInt("topic", 1, 1_000_000_000).optional(),
});

export const faqListQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .max(100, "category must be at most 100 characters")
    // PostgreSQL refuses a NUL in a text parameter: a 400 here instead of a 500 from the query.
    .regex(WITHOUT_CONTROL_CHARACTERS, "category must not contain control characters (such as NUL)")
    .optional(),
});

/* ---------- admin forms: one schema per content type ---------- */

const BODY_MAX = 40_000;
const isoDate = () =>
  field
    .required()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD")
    .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), "Use the format YYYY-MM-DD");
const published = () => z.boolean().optional().default(false);
const order = () => field.number(0, 10_000).default(0);

export const topicFormSchema = z.object({
  title: field.text(2, 120),
  description: field.optionalText(300),
  body: field.optionalText(BODY_MAX),
  sortOrder: order(),
  published: published(),
});

export const postFormSchema = z.object({
  title: field.text(2, 200),
  topicId: z.coerce.number({ required_error: MESSAGES.required, invalid_type_error: CONTENT_MESSAGES.unknownTopic }).int().min(1, CONTENT_MESSAGES.unknownTopic),
  author: field.text(2, 120),
  description: field.text(10, 160),
  publishedAt: isoDate(),
  imageAlt: field.optionalText(200),
  body: field.text(1, BODY_MAX),
  published: published(),
});

export const faqFormSchema = z.object({
  question: field.text(5, 300),
  category: z.enum(FAQ_CATEGORIES, { errorMap: () => ({ message: MESSAGES.required }) }),
  sortOrder: order(),
  body: field.text(1, BODY_MAX),
  published: published(),
});

export const newsFormSchema = z.object({
  title: field.text(2, 200),
  description: field.text(10, 160),
  publishedAt: isoDate(),
  body: field.text(1, BODY_MAX),
  published: published(),
});

export const teamFormSchema = z.object({
  name: field.text(2, 120),
  role: field.text(2, 120),
  initials: field.text(1, 4),
  location: field.optionalText(80),
  sortOrder: order(),
  body: field.text(1, BODY_MAX),
  published: published(),
});

export const CONTENT_TYPES = {
  posts: { label: "Blog posts", singular: "blog post", schema: postFormSchema },
  topics: { label: "Blog topics", singular: "topic", schema: topicFormSchema },
  faq: { label: "FAQ", singular: "FAQ item", schema: faqFormSchema },
  news: { label: "News", singular: "news item", schema: newsFormSchema },
  team: { label: "Team", singular: "team member", schema: teamFormSchema },
} as const;

export type ContentType = keyof typeof CONTENT_TYPES;
export type TopicForm = z.infer<typeof topicFormSchema>;
export type PostForm = z.infer<typeof postFormSchema>;
export type FaqForm = z.infer<typeof faqFormSchema>;
export type NewsForm = z.infer<typeof newsFormSchema>;
export type TeamForm = z.infer<typeof teamFormSchema>;
export type ContentForm = { posts: PostForm; topics: TopicForm; faq: FaqForm; news: NewsForm; team: TeamForm };

export function isContentType(value: string | undefined): value is ContentType {
  return value !== undefined && Object.prototype.hasOwnProperty.call(CONTENT_TYPES, value);
}

/** Admin pages of the CMS. */
export const ADMIN_CONTENT_PATH = "/dashboard/admin";
export function adminListPath(type: ContentType) {
  return `${ADMIN_CONTENT_PATH}/${type}`;
}
export function adminEditPath(type: ContentType, id: number | "new") {
  return `${ADMIN_CONTENT_PATH}/${type}/${id}`;
}
