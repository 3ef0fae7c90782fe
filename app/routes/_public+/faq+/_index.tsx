import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/content/breadcrumbs";
import { ContentError } from "~/components/content/content-error";
import { rootOrigin } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { slugify } from "~/domain/content/slug";
import { loadFaqList } from "~/services/content/content-pages.server";
import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

const TITLE = "Frequently asked questions";
const DESCRIPTION =
  "Answers about risk scores, scenarios, portfolio uploads, the API, plans, billing, disclosure and privacy.";
const CRUMBS = [
  { name: "Home", path: "/" },
  { name: "FAQ", path: "/faq" },
];

export const loader = ({ request }: LoaderFunctionArgs) => loadFaqList(request);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = rootOrigin(matches);
  const questions = data?.groups.flatMap((g) => g.questions) ?? [];
  return seoMeta({
    title: TITLE,
    description: DESCRIPTION,
    origin,
    path: "/faq",
    noindex: Boolean(data?.error),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: questions.map((q) => ({
          "@type": "Question",
          name: q.question,
          url: new URL(q.url, origin).toString(),
          acceptedAnswer: { "@type": "Answer", text: q.answerHtml },
        })),
      },
      breadcrumbJsonLd(origin, CRUMBS),
    ],
  });
};

export default function FaqIndex() {
  const { groups, error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-10">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-slate-700">{DESCRIPTION}</p>
      {error ? <ContentError message={error} /> : null}
      {groups.length > 1 ? (
        <nav aria-label="FAQ categories" className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {groups.map((g) => (
              <li key={g.category}>
                <a href={`#${slugify(g.category)}`} className="btn-secondary">
                  {g.category}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={slugify(group.category)} className="mt-10">
          <h2 id={slugify(group.category)} className="text-xl font-semibold">
            {group.category}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {group.questions.map((q) => (
              <li key={q.id} className="py-3">
                <h3 className="font-medium">
                  <Link to={q.url} className="text-brand-700 hover:underline">
                    {q.question}
                  </Link>
                </h3>
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer text-slate-600">
                    Show answer<span className="sr-only">: {q.question}</span>
                  </summary>
                  <Prose html={q.answerHtml} className="mt-2" />
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
