import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { rootOrigin } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";

export interface ContentPageData {
  title: string;
  description: string;
  updatedAt: string | null;
  html: string;
}

/** Title, description, canonical URL and breadcrumb JSON-LD for a page built from content/pages. */
export function contentPageMeta(path: string, crumb: string): MetaFunction {
  return ({ data, matches }) => {
    const page = data as ContentPageData | undefined;
    const origin = rootOrigin(matches);
    if (!page) return seoMeta({ title: crumb, description: "", origin, path, noindex: true });
    return seoMeta({
      title: page.title,
      description: page.description,
      origin,
      path,
      jsonLd: breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: crumb, path },
      ]),
    });
  };
}

export function formatUpdated(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A Markdown page: heading, lead, body; `aside` and `children` let a route add its own blocks. */
export function ContentPageView({
  children,
  aside,
  wide,
}: {
  children?: ReactNode;
  aside?: ReactNode;
  wide?: boolean;
}) {
  const page = useLoaderData() as ContentPageData;
  return (
    <main id="main" className={`mx-auto w-full ${wide ? "max-w-6xl" : "max-w-3xl"} flex-1 px-4 py-10`}>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link to="/" className="underline">
          Home
        </Link>{" "}
        / <span aria-current="page">{page.title}</span>
      </nav>
      <h1 className="text-3xl font-bold text-slate-900">{page.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{page.description}</p>
      {page.updatedAt ? (
        <p className="mt-2 text-sm text-slate-600">
          Last updated: <time dateTime={page.updatedAt}>{formatUpdated(page.updatedAt)}</time>
        </p>
      ) : null}
      {aside}
      <Prose html={page.html} className="mt-6" />
      {children}
    </main>
  );
}
