import { blogListQuerySchema, faqListQuerySchema, parsePositiveInt } from "~/domain/content/content";
import type { z } from "zod";
import * as contract from "~/domain/api-contract/content";
import { apiAnswer, apiError, parseQuery } from "./api-response.server";
import { PUBLIC_CACHE_CONTROL } from "../http/cache-headers.server";
import {
  faqToApi,
  getFaqItem,
  getPost,
  listFaq,
  listPosts,
  listTopics,
  postSummaryToApi,
  postToApi,
} from "../content/content.server";
import { NotFoundError } from "../http/errors.server";

/** Handlers of the public content API; each route file is a one-line call to one of these. */

const cached = { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } };

async function answer<S extends z.ZodTypeAny>(schema: S, produce: () => Promise<z.input<S>>) {
  try {
    return apiAnswer(schema, await produce(), cached);
  } catch (error) {
    return apiError(error);
  }
}

function idParam(value: string | undefined) {
  const id = parsePositiveInt(value);
  if (id === null) throw new NotFoundError();
  return id;
}

/** GET /api/v1/blog/?page&page_size&topic — published posts, newest first, with next/previous page URLs. */
export function blogListResponse(request: Request) {
  return answer(contract.BlogListResponse, async () => {
    const query = parseQuery(blogListQuerySchema, request);
    const listing = await listPosts({ page: query.page, pageSize: query.page_size, topicId: query.topic ?? null });
    const pageUrl = (page: number) => {
      const url = new URL(request.url);
      url.searchParams.set("page", String(page));
      return url.toString();
    };
    return {
      count: listing.count,
      next: listing.page < listing.pageCount ? pageUrl(listing.page + 1) : null,
      previous: listing.page > 1 ? pageUrl(listing.page - 1) : null,
      results: listing.results.map(postSummaryToApi),
    };
  });
}

/** GET /api/v1/blog/item/{id}/ — one published post with its HTML body. */
export function blogItemResponse(id: string | undefined) {
  return answer(contract.BlogPostResponse, async () => postToApi(await getPost(idParam(id))));
}

/** GET /api/v1/blog/topics/ — Topic: id, title, url. */
export function blogTopicsResponse() {
  return answer(contract.BlogTopicsResponse, async () => {
    const topics = await listTopics();
    return { count: topics.length, results: topics.map(({ id, title, url }) => ({ id, title, url })) };
  });
}

/** GET /api/v1/faq/ — every published question with a count (no paging is sent). */
export function faqListResponse(request: Request) {
  return answer(contract.FaqListResponse, async () => {
    const { category } = parseQuery(faqListQuerySchema, request);
    const items = await listFaq({ category });
    return { count: items.length, results: items.map(faqToApi) };
  });
}

/** GET /api/v1/faq/item/{id}/ */
export function faqItemResponse(id: string | undefined) {
  return answer(contract.FaqItem, async () => faqToApi(await getFaqItem(idParam(id))));
}
