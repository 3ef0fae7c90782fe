import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/content/breadcrumbs";
import { ContentError } from "~/components/content/content-error";
import { rootOrigin } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadFaqItem } from "~/services/content/content-pages.server";
import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

export const loader = ({ request, params }: LoaderFunctionArgs) => loadFaqItem(request, params.id);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function crumbs(item: { question: string; url: string }) {
  return [
    { name: "Home", path: "/" },
    { name: "FAQ", path: "/faq" },
    { name: item.question, path: item.url },
  ];
}

/** First sentence-ish of the answer as the page description. */
function describe(html: string) {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = rootOrigin(matches);
  const item = data?.item;
  if (!item) return seoMeta({ title: "FAQ", description: data?.error ?? "", origin, path: "/faq", noindex: true });
  return seoMeta({
    title: item.question,
    description: describe(item.answerHtml),
    origin,
    path: item.url,
    type: "article",
    jsonLd: breadcrumbJsonLd(origin, crumbs(item)),
  });
};

export default function FaqItem() {
  const { item, error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      {item ? (
        <article>
          <Breadcrumbs items={crumbs(item)} />
          <p className="text-sm font-medium text-brand-700">{item.category}</p>
          <h1 className="mt-1 text-3xl font-bold leading-tight">{item.question}</h1>
          <Prose html={item.answerHtml} className="mt-4" />
        </article>
      ) : (
        <>
          <h1 className="text-3xl font-bold">FAQ</h1>
          <ContentError message={error ?? ""} />
        </>
      )}
      <p className="mt-10 border-t border-slate-200 pt-6 text-sm">
        <Link to="/faq" className="text-brand-700 underline">
          All questions
        </Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
