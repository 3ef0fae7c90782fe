import { eq } from "drizzle-orm";
import { blogPosts, faqItems } from "#db/schema/index";
import { seedContent } from "#db/content-seed";
import { setupTestDatabase } from "#db/testing";
import { BLOG_PAGE_SIZE } from "~/domain/content/content";
import {
  adminGetContent,
  adminListContent,
  getFaqItem,
  getPost,
  getTopic,
  groupFaq,
  listFaq,
  listNews,
  listPosts,
  listSitemapContent,
  listTeam,
  listTopics,
  postSummaryToApi,
  saveContent,
  setContentPublished,
} from "./content.server";

const getDb = setupTestDatabase();

describe("content seed", () => {
  it("imports the content folder with its ids, keeping the draft unpublished", async () => {
    const topics = await listTopics();
    expect(topics.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(topics.find((t) => t.id === 2)).toMatchObject({ title: "Regulation & Disclosure", url: "/blog/regulation-and-disclosure-2" });
    const all = await listPosts({ page: 1, pageSize: 100 });
    expect(all.count).toBe(15);
    expect(all.results.map((p) => p.id)).not.toContain(16);
    await expect(getPost(16)).rejects.toMatchObject({ status: 404 });
    expect((await listFaq()).length).toBe(18);
    expect((await listNews()).length).toBe(4);
    expect((await listTeam()).map((m) => m.name)[0]).toBe("Hélène Marchand");
  });

  it("is idempotent and leaves items edited in the dashboard alone", async () => {
    const form = await adminGetContent("faq", 1);
    await saveContent("faq", 1, { ...form, question: "Edited in the dashboard?" });
    const [untouched] = await getDb().select().from(faqItems).where(eq(faqItems.id, 2));
    await getDb().update(faqItems).set({ question: "drifted" }).where(eq(faqItems.id, 2));
    await seedContent(getDb());
    await seedContent(getDb());
    expect((await getFaqItem(1)).question).toBe("Edited in the dashboard?");
    expect((await getFaqItem(2)).question).toBe(untouched!.question);
    expect((await listFaq()).length).toBe(18);
  });

  it("keeps the id sequence ahead of the imported ids", async () => {
    const id = await saveContent("faq", null, { question: "A brand new question?", category: "Plans & Billing", sortOrder: 99, body: "Yes.", published: true });
    expect(id).toBe(19);
  });
});

describe("blog", () => {
  it("pages newest first with the spec's page size", async () => {
    const first = await listPosts({ page: 1, pageSize: BLOG_PAGE_SIZE });
    expect(first).toMatchObject({ count: 15, pageCount: 2, page: 1 });
    expect(first.results).toHaveLength(10);
    const dates = first.results.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await listPosts({ page: 2, pageSize: BLOG_PAGE_SIZE });
    expect(second.results).toHaveLength(5);
    expect(new Set([...first.results, ...second.results].map((p) => p.id)).size).toBe(15);
    await expect(listPosts({ page: 3, pageSize: BLOG_PAGE_SIZE })).rejects.toMatchObject({ status: 404 });
  });

  it("filters by topic and refuses an unknown one", async () => {
    const byTopic = await listPosts({ page: 1, pageSize: 100, topicId: 2 });
    expect(byTopic.count).toBeGreaterThan(0);
    expect(byTopic.results.every((p) => p.topic.id === 2)).toBe(true);
    const topics = await listTopics();
    expect(topics.find((t) => t.id === 2)?.postCount).toBe(byTopic.count);
    await expect(listPosts({ page: 1, pageSize: 10, topicId: 999 })).rejects.toMatchObject({ status: 404 });
    await expect(getTopic(999)).rejects.toMatchObject({ status: 404 });
  });

  it("serves a post with sanitised HTML and the API field names", async () => {
    const post = await getPost(1);
    expect(post.html).toContain("<h2");
    expect(post.url).toBe("/blog/item/1");
    expect(postSummaryToApi(post)).toMatchObject({ id: 1, published_at: "2025-01-21", author: "James Okafor", topic: { id: post.topic.id, url: post.topic.url } });
  });

  it("sanitises Markdown saved from the dashboard and hides unpublished posts", async () => {
    const id = await saveContent("posts", null, {
      title: "Script & Markup Test",
      topicId: 1,
      author: "Ada",
      description: "A post that tries to inject a script tag.",
      publishedAt: "2026-11-01",
      imageAlt: "",
      body: "## Heading\n\n<script>alert(1)</script><img src=x onerror=alert(1)>",
      published: true,
    });
    const post = await getPost(id);
    expect(post.slug).toBe("script-and-markup-test");
    expect(post.html).not.toContain("<script");
    expect(post.html).not.toContain("onerror");
    expect((await listPosts({ page: 1, pageSize: 1 })).results[0]?.id).toBe(id);
    await setContentPublished("posts", id, false);
    await expect(getPost(id)).rejects.toMatchObject({ status: 404 });
    await setContentPublished("posts", id, true);
    expect((await getPost(id)).id).toBe(id);
  });

  it("refuses a post in a topic that does not exist", async () => {
    const form = await adminGetContent("posts", 1);
    await expect(saveContent("posts", 1, { ...form, topicId: 999 })).rejects.toMatchObject({ status: 400, field: "topicId" });
    await expect(saveContent("posts", 999, form)).rejects.toMatchObject({ status: 404 });
  });

  it("hides the posts of an unpublished topic", async () => {
    const inTopic = (await listPosts({ page: 1, pageSize: 100, topicId: 3 })).count;
    await setContentPublished("topics", 3, false);
    expect((await listPosts({ page: 1, pageSize: 100 })).count).toBe(15 - inTopic);
    await expect(listPosts({ page: 1, pageSize: 10, topicId: 3 })).rejects.toMatchObject({ status: 404 });
  });
});

describe("FAQ", () => {
  it("groups questions by category in display order", async () => {
    const groups = groupFaq(await listFaq());
    expect(groups.map((g) => g.category)).toContain("Plans & Billing");
    expect(groups.reduce((n, g) => n + g.questions.length, 0)).toBe(18);
    expect(groups[0]?.questions[0]?.id).toBe(1);
  });

  it("404s unpublished and unknown items", async () => {
    await setContentPublished("faq", 5, false);
    await expect(getFaqItem(5)).rejects.toMatchObject({ status: 404 });
    await expect(getFaqItem(404)).rejects.toMatchObject({ status: 404 });
    await expect(setContentPublished("faq", 404, true)).rejects.toMatchObject({ status: 404 });
  });
});

describe("sitemap content and admin list", () => {
  it("lists every published post, topic and FAQ item", async () => {
    const content = await listSitemapContent();
    expect(content.posts).toHaveLength(15);
    expect(content.topics.map((t) => t.path)).toContain("/blog/regulation-and-disclosure-2");
    expect(content.faq).toHaveLength(18);
  });

  it("shows drafts to the admin list", async () => {
    const rows = await adminListContent("posts");
    expect(rows.find((r) => r.id === 16)?.published).toBe(false);
    const [draft] = await getDb().select().from(blogPosts).where(eq(blogPosts.id, 16));
    expect(draft?.bodyHtml).toContain("<p>");
  });
});
