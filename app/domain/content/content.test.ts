import { blogListPath, blogListQuerySchema, blogPostPath, blogTopicPath, formatContentDate, pageCount, parsePositiveInt, postFormSchema } from "./content";

describe("content domain", () => {
  it("formats dates with the Russian locale", () => {
    expect(formatContentDate("2025-01-21")).toBe("21.01.2025");
    expect(formatContentDate("2026-11-03T22:30:00Z")).toBe("03.11.2026");
    expect(formatContentDate("not a date")).toBe("");
  });

  it("builds blog URLs with the friendly-URL rule", () => {
    const topic = { id: 2, title: "Regulation & Disclosure" };
    expect(blogTopicPath(topic)).toBe("/blog/regulation-and-disclosure-2");
    expect(blogListPath(null, 1)).toBe("/blog");
    expect(blogListPath(null, 2)).toBe("/blog/all/page/2");
    expect(blogListPath(topic, 1)).toBe("/blog/regulation-and-disclosure-2");
    expect(blogListPath(topic, 3)).toBe("/blog/regulation-and-disclosure-2/page/3");
    expect(blogPostPath(7)).toBe("/blog/item/7");
  });

  it("counts pages, with one page for an empty list", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(15, 10)).toBe(2);
  });

  it("accepts only positive whole numbers as ids", () => {
    expect(parsePositiveInt("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", undefined]) expect(parsePositiveInt(bad)).toBeNull();
  });

  it("defaults the API query to page 1 of 10", () => {
    expect(blogListQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(blogListQuerySchema.safeParse({ page_size: "101" }).error?.issues[0]?.message).toBe("page_size must be at most 100");
  });

  it("validates the blog post form", () => {
    const ok = postFormSchema.safeParse({ title: "A title", topicId: "2", author: "Ada", description: "Long enough text", publishedAt: "2026-01-02", body: "Body" });
    expect(ok.success && ok.data).toMatchObject({ topicId: 2, published: false, imageAlt: "" });
    const bad = postFormSchema.safeParse({ title: "", topicId: "", author: "A", description: "x".repeat(161), publishedAt: "02/01/2026", body: "" });
    const messages: Record<string, string> = {};
    for (const issue of bad.error!.issues) messages[String(issue.path[0])] ??= issue.message;
    expect(messages).toMatchObject({ title: "Field is required", description: "Must be no more 160 symbols", publishedAt: "Use the format YYYY-MM-DD", body: "Field is required" });
  });
});
