import { json, redirect } from "@remix-run/node";
import { BLOG_ALL_TOPICS, BLOG_PAGE_SIZE, blogListPath, CONTENT_MESSAGES, parsePositiveInt } from "~/domain/content/content";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { idFromSlug, slugWithId } from "~/domain/content/slug";
import { publicCacheHeaders } from "../http/cache-headers.server";
import {
  getFaqItem,
  getPost,
  getTopic,
  groupFaq,
  listFaq,
  listNews,
  listPosts,
  listTeam,
  listTopics,
  type FaqEntry,
  type Post,
  type PostPage,
  type TopicSummary,
} from "./content.server";
import { isAppError } from "../http/errors.server";
import { logger } from "../infra/logger.server";

export function notFound(): never {
  throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
}

/** A failure of the content store: logged, kept in `error`, answered 503 so nobody caches or indexes it. */
export function contentFailure<T extends { error: string | null }>(error: unknown, message: string, empty: Omit<T, "error">, context: Record<string, unknown>) {
  logger.error({ err: error, ...context }, "content store failed");
  return json<T>({ ...empty, error: message } as T, { status: 503, headers: { "Cache-Control": "no-store" } });
}

export interface BlogListData {
  topics: TopicSummary[];
  topic: { id: number; title: string; url: string; description: string; bodyHtml: string } | null;
  listing: PostPage | null;
  error: string | null;
}

/**
 * The blog list for `/blog`, `/blog/{slug}-{id}` and `/blog/{slug-id|all}/page/{n}`. Non-canonical spellings of a
 * valid address (a bare topic id, an old slug, page 1, `/blog/all`) redirect permanently to the canonical one.
 */
export async function loadBlogList(request: Request, params: { topic?: string; page?: string }) {
  let topicId: number | null = null;
  if (params.topic !== undefined && params.topic !== BLOG_ALL_TOPICS) {
    topicId = idFromSlug(params.topic);
    if (topicId === null) notFound();
  }
  const page = params.page === undefined ? 1 : parsePositiveInt(params.page);
  if (page === null) notFound();
  try {
    const [topics, topic] = await Promise.all([listTopics(), topicId === null ? null : getTopic(topicId)]);
    const canonicalSegment = topic ? slugWithId(topic.title, topic.id) : params.page === undefined ? undefined : BLOG_ALL_TOPICS;
    if (params.topic !== canonicalSegment || params.page === "1") throw redirect(blogListPath(topic, page), 301);
    const listing = await listPosts({ page, pageSize: BLOG_PAGE_SIZE, topicId });
    return json<BlogListData>({ topics, topic, listing, error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isAppError(error) && error.status === 404) notFound();
    return contentFailure<BlogListData>(error, CONTENT_MESSAGES.blogUnavailable, { topics: [], topic: null, listing: null }, { topicId, page });
  }
}

export interface BlogPostData {
  post: Post | null;
  error: string | null;
}

export async function loadBlogPost(request: Request, idParam: string | undefined) {
  const id = parsePositiveInt(idParam);
  if (id === null) notFound();
  try {
    const post = await getPost(id);
    return json<BlogPostData>({ post, error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    if (isAppError(error) && error.status === 404) notFound();
    return contentFailure<BlogPostData>(error, CONTENT_MESSAGES.blogUnavailable, { post: null }, { postId: id });
  }
}

export interface FaqListData {
  groups: { category: string; questions: FaqEntry[] }[];
  error: string | null;
}

export async function loadFaqList(request: Request) {
  try {
    const groups = groupFaq(await listFaq());
    return json<FaqListData>({ groups, error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    return contentFailure<FaqListData>(error, CONTENT_MESSAGES.faqUnavailable, { groups: [] }, { page: "faq" });
  }
}

export interface FaqItemData {
  item: FaqEntry | null;
  error: string | null;
}

export async function loadFaqItem(request: Request, idParam: string | undefined) {
  const id = parsePositiveInt(idParam);
  if (id === null) notFound();
  try {
    const item = await getFaqItem(id);
    return json<FaqItemData>({ item, error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    if (isAppError(error) && error.status === 404) notFound();
    return contentFailure<FaqItemData>(error, CONTENT_MESSAGES.faqUnavailable, { item: null }, { faqId: id });
  }
}

export interface NewsData {
  news: Awaited<ReturnType<typeof listNews>>;
  error: string | null;
}

export async function loadNews(request: Request) {
  try {
    return json<NewsData>({ news: await listNews(), error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    return contentFailure<NewsData>(error, CONTENT_MESSAGES.newsUnavailable, { news: [] }, { page: "news" });
  }
}

export interface TeamData {
  team: Awaited<ReturnType<typeof listTeam>>;
  error: string | null;
}

export async function loadTeam(request: Request) {
  try {
    return json<TeamData>({ team: await listTeam(), error: null }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    return contentFailure<TeamData>(error, CONTENT_MESSAGES.teamUnavailable, { team: [] }, { page: "team" });
  }
}
