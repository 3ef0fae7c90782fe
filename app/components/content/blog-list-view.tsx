import type { MetaDescriptor } from "@remix-run/node";
import { ContentError } from "./content-error";
import { Breadcrumbs } from "./breadcrumbs";
import { NewsletterSlot } from "./newsletter-slot";
import { Pagination } from "./pagination";
import { PostCard, type PostCardData } from "./post-card";
import { Prose } from "./prose";
import { TopicNav, type TopicNavItem } from "./topic-nav";
import { BLOG_DESCRIPTION, BLOG_TITLE, blogListPath, CONTENT_MESSAGES } from "~/domain/content/content";
import { BLOG_FEED_PATH } from "~/domain/content/feeds";
import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";


interface BlogListViewData {
  topics: TopicNavItem[];
  topic: { id: number; title: string; url: string; description: string; bodyHtml: string } | null;
  listing: { page: number; pageCount: number; count: number; results: PostCardData[] } | null;
  error: string | null;
}

function crumbs(topic: BlogListViewData["topic"]) {
  const items = [
    { name: "Home", path: "/" },
    { name: BLOG_TITLE, path: "/blog" },
  ];
  if (topic) items.push({ name: topic.title, path: topic.url });
  return items;
}

export function blogListMeta(data: BlogListViewData | undefined, origin: string): MetaDescriptor[] {
  const topic = data?.topic ?? null;
  const page = data?.listing?.page ?? 1;
  const pageSuffix = page > 1 ? ` – page ${page}` : "";
  const tags = seoMeta({
    title: `${topic ? `${topic.title} – ${BLOG_TITLE}` : BLOG_TITLE}${pageSuffix}`,
    description: topic?.description || BLOG_DESCRIPTION,
    origin,
    path: blogListPath(topic, page),
    noindex: Boolean(data?.error),
    jsonLd: breadcrumbJsonLd(origin, crumbs(topic)),
  });
  tags.push({ tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${BLOG_TITLE} RSS`, href: new URL(BLOG_FEED_PATH, origin).toString() });
  return tags;
}

export function BlogListView({ data }: { data: BlogListViewData }) {
  const { topic, listing, topics, error } = data;
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <Breadcrumbs items={crumbs(topic)} />
      <h1 className="text-3xl font-bold">{topic ? topic.title : BLOG_TITLE}</h1>
      {topic ? <Prose html={topic.bodyHtml} className="mt-2 max-w-3xl text-slate-700" /> : <p className="mt-2 max-w-3xl text-slate-700">{BLOG_DESCRIPTION}</p>}
      {error ? <ContentError message={error} /> : null}
      <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_16rem]">
        <section aria-label={topic ? `Articles on ${topic.title}` : "Articles"}>
          {listing && listing.results.length === 0 ? <p className="text-slate-700">{CONTENT_MESSAGES.noPosts}</p> : null}
          {listing?.results.map((post) => <PostCard key={post.id} post={post} />)}
          {listing ? (
            <>
              {listing.pageCount > 1 ? (
                <p className="mt-6 text-sm text-slate-600">
                  Page {listing.page} of {listing.pageCount} · {listing.count} articles
                </p>
              ) : null}
              <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(n) => blogListPath(topic, n)} />
            </>
          ) : null}
        </section>
        <aside>
          {topics.length ? <TopicNav topics={topics} currentId={topic?.id ?? null} /> : null}
          <NewsletterSlot />
        </aside>
      </div>
    </main>
  );
}
