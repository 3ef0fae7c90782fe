import { setupTestDatabase } from "#db/testing";
import * as blogIndexRoute from "../../../app/routes/api+/v1+/blog+/_index";
import * as blogItemRoute from "../../../app/routes/api+/v1+/blog+/item.$id";
import * as blogTopicsRoute from "../../../app/routes/api+/v1+/blog+/topics";
import * as faqIndexRoute from "../../../app/routes/api+/v1+/faq._index";
import * as faqItemRoute from "../../../app/routes/api+/v1+/faq.item.$id";

setupTestDatabase();

interface Args {
  request: Request;
  params: Record<string, string>;
}
function args(url: string, params: Record<string, string> = {}): Args {
  return { request: new Request(`http://localhost${url}`), params };
}
// Through the route modules, as Remix calls them.
type RouteLoader = (args: Args & { context: Record<string, unknown> }) => Promise<Response>;
const call = (loader: unknown) => (a: Args) => (loader as RouteLoader)({ ...a, context: {} });
const blogList = call(blogIndexRoute.loader);
const blogItem = call(blogItemRoute.loader);
const blogTopics = call(blogTopicsRoute.loader);
const faqList = call(faqIndexRoute.loader);
const faqItem = call(faqItemRoute.loader);

async function read(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { results?: Record<string, unknown>[] },
  };
}

describe("GET /api/v1/blog/", () => {
  it("answers the first page with count, next and the spec's fields", async () => {
    const { status, body } = await read(await blogList(args("/api/v1/blog/")));
    expect(status).toBe(200);
    expect(body.count).toBe(15);
    expect(body.results).toHaveLength(10);
    expect(body.previous).toBeNull();
    expect(body.next).toBe("http://localhost/api/v1/blog/?page=2");
    expect(Object.keys(body.results![0]!).sort()).toEqual([
      "author",
      "description",
      "id",
      "published_at",
      "slug",
      "title",
      "topic",
      "url",
    ]);
  });

  it("pages, filters by topic and sizes pages on request", async () => {
    const page2 = await read(await blogList(args("/api/v1/blog/?page=2&page_size=10")));
    expect(page2.body.results).toHaveLength(5);
    expect(page2.body.next).toBeNull();
    const topic = await read(await blogList(args("/api/v1/blog/?topic=2&page_size=100")));
    expect(topic.body.results!.every((p) => (p.topic as { id: number }).id === 2)).toBe(true);
  });

  it("names the parameter at fault with a 400", async () => {
    for (const [query, name] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["page_size=1000", "page_size"],
      ["topic=x", "topic"],
    ] as const) {
      const { status, body } = await read(await blogList(args(`/api/v1/blog/?${query}`)));
      expect(status, query).toBe(400);
      expect(String(body.error)).toContain(name);
    }
  });

  it("404s an unknown topic and a page past the end", async () => {
    expect((await blogList(args("/api/v1/blog/?topic=999"))).status).toBe(404);
    expect((await blogList(args("/api/v1/blog/?page=9"))).status).toBe(404);
  });
});

describe("blog item and topics", () => {
  it("serves a post with its HTML, and 404s drafts and unknown ids", async () => {
    const { status, body } = await read(await blogItem(args("/api/v1/blog/item/1/", { id: "1" })));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 1, url: "/blog/item/1" });
    expect(String(body.html)).toContain("<h2");
    const draft = await read(await blogItem(args("/api/v1/blog/item/16/", { id: "16" })));
    expect(draft).toEqual({
      status: 404,
      body: {
        success: false,
        error: "This page could not be found",
        code: "not_found",
        request_id: expect.any(String),
      },
    });
    expect((await blogItem(args("/api/v1/blog/item/x/", { id: "x" }))).status).toBe(404);
  });

  it("lists topics as id, title, url", async () => {
    const { body } = await read(await blogTopics(args("/api/v1/blog/topics/")));
    expect(body.results![1]).toEqual({
      id: 2,
      title: "Regulation & Disclosure",
      url: "/blog/regulation-and-disclosure-2",
    });
  });
});

describe("FAQ API", () => {
  it("lists every question with a count", async () => {
    const { status, body } = await read(await faqList(args("/api/v1/faq/")));
    expect(status).toBe(200);
    expect(body.count).toBe(18);
    expect(body.results![0]).toMatchObject({ id: 1, category: "Scores & Methodology" });
    expect(String(body.results![0]!.answer_html)).toContain("<table>");
    const billing = await read(await faqList(args("/api/v1/faq/?category=Plans%20%26%20Billing")));
    expect(billing.body.results!.every((q) => q.category === "Plans & Billing")).toBe(true);
  });

  it("serves one item and 404s an unknown one", async () => {
    expect((await read(await faqItem(args("/api/v1/faq/item/2/", { id: "2" })))).body.id).toBe(2);
    expect((await faqItem(args("/api/v1/faq/item/99/", { id: "99" }))).status).toBe(404);
  });
});
