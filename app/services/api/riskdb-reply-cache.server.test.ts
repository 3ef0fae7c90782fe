import { ReplyCache, publicReplyTtlMs, replyCacheKey, type StoredReply } from "./riskdb-reply-cache.server";

const reply = (bytes: number): StoredReply => ({ status: 200, headers: {}, body: Buffer.alloc(bytes, 97), expires: 0 });
const SCORES = "/api/riskdb/hazard_scores";
const NAMES = ["location_code", "scenario", "period", "lat", "lon", "explain"];

describe("the riskdb reply cache's key", () => {
  it("holds only the parameters the endpoint reads, sorted, with the value it sees", () => {
    const plain = replyCacheKey(SCORES, "?location_code=DE&explain=true", NAMES);
    expect(plain).toBe(`${SCORES}?explain=true&location_code=DE`);
    expect(replyCacheKey(SCORES, `?explain=true&z=12345&location_code=DE&pad=${"x".repeat(6_000)}`, NAMES)).toBe(plain);
    expect(replyCacheKey(SCORES, "?location_code=FR&location_code=DE&explain=true", NAMES)).toBe(plain);
    expect(replyCacheKey(SCORES, "?location_code=FR&explain=true", NAMES)).not.toBe(plain);
    expect(replyCacheKey("/api/riskdb/countries", "?z=1", [])).toBe("/api/riskdb/countries");
  });

  it("5,000 cache-busting URLs with 6 KB of padding make one entry", () => {
    const cache = new ReplyCache();
    for (let i = 0; i < 5_000; i++) {
      const key = replyCacheKey(SCORES, `?location_code=DE&explain=true&z=${i}&pad=${"x".repeat(6_000)}`, NAMES);
      if (!cache.get(key)) cache.set(key, reply(20_000), 60_000);
    }
    expect(cache.size).toBe(1);
  });
});

describe("the riskdb reply cache's bounds", () => {
  it("keeps no more bytes than its bound, bodies and gzipped copies counted, oldest leaving first", () => {
    const cache = new ReplyCache(100_000, 5_000);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, reply(10_000), 60_000);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get("k49")).toBeDefined();
    const held = cache.get("k49")!;
    cache.addGzipped("k49", held, Buffer.alloc(50_000));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("k49")).toBe(held);
  });

  it("keeps an answer for its public max-age, at most five minutes, and never a private or failed one", () => {
    let now = 0;
    const cache = new ReplyCache(1_000_000, 10, () => now);
    expect(publicReplyTtlMs(200, "public, max-age=3600")).toBe(300_000);
    expect(publicReplyTtlMs(200, "public, max-age=60")).toBe(60_000);
    expect(publicReplyTtlMs(200, "private, no-cache")).toBe(0);
    expect(publicReplyTtlMs(400, "public, max-age=60")).toBe(0);
    cache.set("a", reply(10), publicReplyTtlMs(200, "public, max-age=60"));
    cache.set("b", reply(10), 0);
    expect(cache.get("b")).toBeUndefined();
    now = 59_000;
    expect(cache.get("a")).toBeDefined();
    now = 61_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
