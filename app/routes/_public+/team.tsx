import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/content/breadcrumbs";
import { ContentError } from "~/components/content/content-error";
import { sectionPage } from "~/components/content/meta";
import { Prose } from "~/components/content/prose";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OFFICES_TEXT } from "~/domain/content/site";
import { loadTeam } from "~/services/content/content-pages.server";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

const TITLE = "Team";
const DESCRIPTION = `The people behind the platform, in ${OFFICES_TEXT.replace(" - ", " and ")}: climate science, risk, data engineering and product.`;
const PAGE = sectionPage(TITLE, DESCRIPTION, "/team");
const CRUMBS = PAGE.crumbs;

export const loader = ({ request }: LoaderFunctionArgs) => loadTeam(request);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = PAGE.meta;

export default function Team() {
  const { team, error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-slate-700">{DESCRIPTION}</p>
      {error ? <ContentError message={error} /> : null}
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {team.map((member) => (
          <li key={member.id} id={member.slug} className="card">
            <div className="flex items-center gap-4">
              {/* Initials stand in for a photo: no image bytes, nothing to lazy-load. */}
              <span
                aria-hidden="true"
                className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700"
              >
                {member.initials}
              </span>
              <div>
                <h2 className="text-lg font-semibold">{member.name}</h2>
                <p className="text-sm text-slate-600">
                  {member.role}
                  {member.location ? ` · ${member.location}` : ""}
                </p>
              </div>
            </div>
            <Prose html={member.bioHtml} className="mt-3 text-sm" />
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
