import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { blogListMeta, BlogListView } from "~/components/content/blog-list-view";
import { rootOrigin } from "~/components/content/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadBlogList } from "~/services/content/content-pages.server";
import type { RouteHandle } from "~/root";

/** Reading needs no JavaScript: served without the script bundle. */
export const handle: RouteHandle = { hydrate: false };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadBlogList(request, { topic: params.topic, page: params.page });
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => blogListMeta(data, rootOrigin(matches));

export default function BlogPage() {
  return <BlogListView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
