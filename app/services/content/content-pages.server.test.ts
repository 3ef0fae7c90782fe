import { vi } from "vitest";
import { CONTENT_MESSAGES } from "~/domain/content/content";
import { PUBLIC_CACHE_CONTROL } from "../http/cache-headers.server";
import { loadBlogList, loadBlogPost, loadFaqItem, loadFaqList } from "./content-pages.server";
import * as content from "./content.server";
import { NotFoundError } from "../http/errors.server";
import { logger } from "../infra/logger.server";

vi.mock("./content.server", () => ({
  listTopics: vi.fn(),
  getTopic: vi.fn(),
  listPosts: vi.fn(),
  getPost: vi.fn(),
  listFaq: vi.fn(),
  getFaqItem: vi.fn(),
  groupFaq: vi.fn(() => []),
  listNews: vi.fn(),
  listTeam: vi.fn(),
}));

const request = (cookie?: string) => new Request("http://localhost/blog", { headers: cookie ? { Cookie: cookie } : {} });

describe("content page loaders", () => {
  beforeEach(() => vi.resetAllMocks());

  it("keep a database failure in the error field, log it and answer 503 without caching", async () => {
    const failure = new Error("connection refused");
    vi.mocked(content.listTopics).mockRejectedValue(failure);
    vi.mocked(content.listFaq).mockRejectedValue(failure);
    vi.mocked(content.getPost).mockRejectedValue(failure);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const list = await loadBlogList(request(), {});
    expect(list.status).toBe(503);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    expect(await list.json()).toEqual({ topics: [], topic: null, listing: null, error: CONTENT_MESSAGES.blogUnavailable });
    expect(await (await loadFaqList(request())).json()).toEqual({ groups: [], error: CONTENT_MESSAGES.faqUnavailable });
    expect((await (await loadBlogPost(request(), "3")).json()).error).toBe(CONTENT_MESSAGES.blogUnavailable);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: failure }), "content store failed");
  });

  it("turn a missing item into a 404 response", async () => {
    vi.mocked(content.getFaqItem).mockRejectedValue(new NotFoundError());
    await expect(loadFaqItem(request(), "7")).rejects.toMatchObject({ status: 404 });
    await expect(loadBlogPost(request(), "abc")).rejects.toMatchObject({ status: 404 });
    await expect(loadBlogList(request(), { topic: "no-id-here" })).rejects.toMatchObject({ status: 404 });
    await expect(loadBlogList(request(), { topic: "all", page: "0" })).rejects.toMatchObject({ status: 404 });
  });

  it("cache public pages only for visitors without a session or toast", async () => {
    vi.mocked(content.listTopics).mockResolvedValue([]);
    vi.mocked(content.listPosts).mockResolvedValue({ count: 0, page: 1, pageSize: 10, pageCount: 1, results: [] });
    const anonymous = await loadBlogList(request(), {});
    expect(anonymous.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toContain("s-maxage=");
    expect(anonymous.headers.get("Vary")).toBe("Cookie");
    const signedIn = await loadBlogList(request("weather_token=abc"), {});
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("redirect non-canonical blog addresses permanently", async () => {
    vi.mocked(content.listTopics).mockResolvedValue([]);
    vi.mocked(content.getTopic).mockResolvedValue({ id: 2, title: "Regulation & Disclosure", slug: "regulation-and-disclosure", description: "", bodyHtml: "", url: "/blog/regulation-and-disclosure-2" });
    for (const [params, location] of [
      [{ topic: "2" }, "/blog/regulation-and-disclosure-2"],
      [{ topic: "old-name-2", page: "3" }, "/blog/regulation-and-disclosure-2/page/3"],
      [{ topic: "regulation-and-disclosure-2", page: "1" }, "/blog/regulation-and-disclosure-2"],
      [{ topic: "all" }, "/blog"],
    ] as const) {
      const thrown = await loadBlogList(request(), params).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(301);
      expect((thrown as Response).headers.get("Location")).toBe(location);
    }
  });
});
