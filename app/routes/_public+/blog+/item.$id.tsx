import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/content/breadcrumbs";
import { ContentError } from "~/components/content/content-error";
import { rootOrigin } from "~/components/content/meta";
import { NewsletterSlot } from "~/components/content/newsletter-slot";
import { PostMeta } from "~/components/content/post-card";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SITE_NAME } from "~/domain/content/site";
import { loadBlogPost } from "~/services/content/content-pages.server";
import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

export const loader = ({ request, params }: LoaderFunctionArgs) => loadBlogPost(request, params.id);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function crumbs(post: { title: string; url: string; topic: { title: string; url: string } }) {
  return [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: post.topic.title, path: post.topic.url },
    { name: post.title, path: post.url },
  ];
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = rootOrigin(matches);
  const post = data?.post;
  if (!post) return seoMeta({ title: "Blog", description: data?.error ?? "", origin, path: "/blog", noindex: true });
  const url = new URL(post.url, origin).toString();
  return seoMeta({
    title: post.title,
    description: post.description,
    origin,
    path: post.url,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: SITE_NAME, url: origin },
        mainEntityOfPage: url,
        url,
        articleSection: post.topic.title,
      },
      breadcrumbJsonLd(origin, crumbs(post)),
    ],
  });
};

export default function BlogPost() {
  const { post, error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      {post ? (
        <article>
          <Breadcrumbs items={crumbs(post)} />
          <header className="border-b border-slate-200 pb-4">
            <h1 className="text-3xl font-bold leading-tight">{post.title}</h1>
            <div className="mt-2">
              <PostMeta post={post} />
            </div>
            <p className="mt-3 text-lg text-slate-700">{post.description}</p>
          </header>
          <Prose html={post.html} className="mt-4" />
          <footer className="mt-10 flex flex-wrap gap-4 border-t border-slate-200 pt-6 text-sm">
            <Link to={post.topic.url} className="text-brand-700 underline">
              More on {post.topic.title}
            </Link>
            <Link to="/blog" className="text-brand-700 underline">
              All articles
            </Link>
          </footer>
        </article>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Blog</h1>
          <ContentError message={error ?? ""} />
          <Link to="/blog" className="text-brand-700 underline">
            All articles
          </Link>
        </>
      )}
      <NewsletterSlot />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
