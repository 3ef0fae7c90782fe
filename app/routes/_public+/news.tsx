import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/content/breadcrumbs";
import { ContentError } from "~/components/content/content-error";
import { sectionPage } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatContentDate } from "~/domain/content/content";
import { loadNews } from "~/services/content/content-pages.server";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

const TITLE = "News";
const DESCRIPTION = "Product updates: new data, new features and changes to the platform.";
const PAGE = sectionPage(TITLE, DESCRIPTION, "/news");
const CRUMBS = PAGE.crumbs;

export const loader = ({ request }: LoaderFunctionArgs) => loadNews(request);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = PAGE.meta;

export default function News() {
  const { news, error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-slate-700">{DESCRIPTION}</p>
      {error ? <ContentError message={error} /> : null}
      {news.map((item) => (
        <article
          key={item.id}
          id={item.slug}
          aria-labelledby={`news-${item.id}`}
          className="mt-10 border-t border-slate-200 pt-6"
        >
          <h2 id={`news-${item.id}`} className="text-2xl font-semibold">
            {item.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={item.publishedAt}>{formatContentDate(item.publishedAt)}</time>
          </p>
          <Prose html={item.bodyHtml} className="mt-2" />
        </article>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
