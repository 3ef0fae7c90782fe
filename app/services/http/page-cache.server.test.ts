import { PageCache } from "./page-cache.server";

const page = (body: string) => ({
  status: 200,
  headers: [] as [string, string][],
  body,
  nonce: null,
  etag: `"${body}"`,
});

describe("PageCache", () => {
  it("returns a stored page until it expires", () => {
    let now = 0;
    const cache = new PageCache(1_000, () => now);
    cache.set("/faq", page("faq"), cache.generation);
    expect(cache.get("/faq")?.body).toBe("faq");
    now = 1_001;
    expect(cache.get("/faq")).toBeUndefined();
  });

  it("forgets everything on invalidation and refuses a render that started before it", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.generation);
    const startedAt = cache.generation;
    cache.invalidate();
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", page("stale home"), startedAt);
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", page("new home"), cache.generation);
    expect(cache.get("/")?.body).toBe("new home");
  });

  it("evicts the least recently used page beyond its entry cap", () => {
    const cache = new PageCache();
    for (let i = 0; i < 501; i++) cache.set(`/p${i}`, page(String(i)), cache.generation);
    expect(cache.size).toBe(500);
    expect(cache.get("/p0")).toBeUndefined();
    expect(cache.get("/p500")?.body).toBe("500");
  });
});
