import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rootOrigin } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { textColourOn } from "~/components/map/colours";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { SITE_NAME } from "~/domain/content/site";
import { loadHomePage, type HomeSection } from "~/services/content/pages.server";
import { seoMeta } from "~/utils/seo";
import type { RouteHandle } from "~/root";

export const loader = ({ request }: LoaderFunctionArgs) => loadHomePage(request);
/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = rootOrigin(matches);
  return seoMeta({
    title: data ? `${SITE_NAME}: ${data.title}` : SITE_NAME,
    description: data?.description ?? "",
    origin,
    path: "/",
    jsonLd: { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: origin },
  });
};

function ScaleStrip() {
  return (
    <ol
      aria-label="Risk scale"
      className="mt-8 grid max-w-xl grid-cols-5 overflow-hidden rounded-md text-center text-xs font-semibold"
    >
      {RISK_LEVELS.map((level) => (
        <li
          key={level.score}
          className="px-1 py-2"
          style={{ backgroundColor: level.colour, color: textColourOn(level.colour) }}
        >
          {level.score} {level.label}
        </li>
      ))}
    </ol>
  );
}

function ListSection({ section, index }: { section: HomeSection; index: number }) {
  const id = `home-section-${index}`;
  const items = section.items ?? [];
  return (
    <section aria-labelledby={id} className={index % 2 ? "bg-slate-50" : ""}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {section.heading}
        </h2>
        {section.ordered ? (
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            {items.map((item, i) => (
              <li key={i} className="card">
                <span
                  aria-hidden="true"
                  className="mb-3 flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                >
                  {i + 1}
                </span>
                <div
                  className="prose-content text-slate-800 [&_strong]:block [&_strong]:text-slate-900"
                  dangerouslySetInnerHTML={{ __html: item }}
                />
              </li>
            ))}
          </ol>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item, i) => (
              <li
                key={i}
                className="card text-sm leading-relaxed text-slate-800 [&_strong]:block [&_strong]:text-base [&_strong]:text-slate-900"
                dangerouslySetInnerHTML={{ __html: item }}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default function Home() {
  const { hero, sections } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="flex-1">
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight text-slate-900 md:text-5xl">{hero.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">{hero.subtitle}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={hero.primary.href} className="btn-primary px-6 py-3 text-base">
              {hero.primary.label}
            </Link>
            <Link to={hero.secondary.href} className="btn-secondary px-6 py-3 text-base">
              {hero.secondary.label}
            </Link>
          </div>
          <ScaleStrip />
        </div>
      </section>
      {sections.map((section, index) =>
        section.items ? (
          <ListSection key={section.heading} section={section} index={index} />
        ) : (
          <section
            key={section.heading}
            aria-labelledby={`home-section-${index}`}
            className={index % 2 ? "bg-slate-50" : ""}
          >
            <div className="mx-auto max-w-3xl px-4 py-12">
              <h2 id={`home-section-${index}`} className="text-2xl font-bold text-slate-900">
                {section.heading}
              </h2>
              <Prose html={section.html} className="mt-2 text-lg" />
            </div>
          </section>
        ),
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
